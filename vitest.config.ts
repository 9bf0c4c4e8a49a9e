import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest, slowest first (measured: `npm test` prints each suite's ten
 * slowest). A clean clone has no Vitest cache of durations, so Vitest would order by file size
 * and could start a 50 s file last, leaving the other worker idle while it runs. Order changes
 * only the wall time, never a result: every file has its own database and app.
 */
const SLOW_FIRST = [
  'server/modules/auth/login.test.ts',
  'server/plugins/fuzz-routes.test.ts',
  'server/backup-restore.test.ts',
  'server/main.test.ts',
  'server/modules/auth/limits-under-load.test.ts',
  'server/crash.test.ts',
  'server/db/database-outage.test.ts',
  'server/plugins/member-limits.test.ts',
  'server/modules/flights/flight-limits.test.ts',
  'server/modules/realtime/shutdown.test.ts',
  'web/src/pages/admin-page.test.tsx',
  'bench/bench-setup.test.ts',
];

class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const base = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const at = SLOW_FIRST.findIndex((f) => spec.moduleId.endsWith(`/${f}`));
      return at === -1 ? SLOW_FIRST.length : at;
    };
    // Stable: files outside the list keep Vitest's own order (failed first, then longest).
    return base
      .map((spec, i) => ({ spec, i, r: rank(spec) }))
      .sort((a, b) => a.r - b.r || a.i - b.i)
      .map(({ spec }) => spec);
  }
}

const web = {
  environment: 'jsdom' as const,
  setupFiles: ['web/src/test/setup.ts'],
  // A cap, not a wait: a test that first imports a screen's module graph (lazy routes)
  // transforms it then, and that alone went past the default 5 s on a loaded 2-core box.
  testTimeout: 15_000,
};

/** Web test files that call vi.mock: found by reading them, so a new one cannot be missed. */
const webFilesThatMock = readdirSync('web/src', { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.test\.tsx?$/.test(f))
  .map((f) => `web/src/${f}`)
  .filter((f) => readFileSync(f, 'utf8').includes('vi.mock('));

// Four suites: the architecture rules (import graph), pure domain rules, the server in-process on a fresh database per test file,
// and web components in jsdom. `npm test` runs them all (scripts/test.mjs).
export default defineConfig({
  test: {
    // One worker per core (Vitest's default leaves one idle: on CI's 2 cores, half the machine).
    maxWorkers: os.availableParallelism(),
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        test: {
          name: 'domain',
          include: ['domain/**/*.test.ts'],
          environment: 'node',
          // Pure functions: nothing a file could leave behind for the next.
          isolate: false,
        },
      },
      {
        test: {
          name: 'architecture',
          include: ['scripts/**/*.test.ts'],
          environment: 'node',
          isolate: false,
        },
      },
      {
        test: {
          name: 'server',
          include: ['server/**/*.test.ts', 'bench/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['server/test/global-setup.ts'],
          // A worker imports the app's module graph (and compiles PGlite) once for all its files
          // instead of once per file: half of this suite's time was those imports. What a test can
          // change is never shared: every file builds its own app on its own copy of the migrated
          // database, and the server keeps no module-level state (held by scripts/module-state.test.ts).
          isolate: false,
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          ...web,
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}'],
          exclude: webFilesThatMock,
          // A shared worker: isolating each file cost ~4x this suite's time (its environment and
          // imports). Each file still gets fresh source modules (web/src/test/setup.ts) and DOM.
          isolate: false,
        },
      },
      {
        test: {
          ...web,
          // vi.mock replaces a module for one file; with a shared module graph an earlier file's
          // import (or mock) of it would win, so files that mock get a fresh graph each.
          name: 'web-mocks',
          include: webFilesThatMock.length > 0 ? webFilesThatMock : ['no-such-file'],
        },
      },
    ],
  },
});
