import { defineConfig } from 'vitest/config';

// Four suites: the architecture rules (import graph), pure domain rules, the server in-process on a fresh database per test file,
// and web components in jsdom. `npm test` runs them all (scripts/test.mjs).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          include: ['domain/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'architecture',
          include: ['scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['server/**/*.test.ts', 'bench/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['web/src/test/setup.ts'],
          // A cap, not a wait: a test that first imports a screen's module graph (lazy routes)
          // transforms it then, and that alone went past the default 5 s on a loaded 2-core box.
          testTimeout: 15_000,
        },
      },
    ],
  },
});
