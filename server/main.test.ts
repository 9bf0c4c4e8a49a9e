// @pglite-only: the process on a PGlite DATA_DIR (its describe is skipped on PostgreSQL); the PostgreSQL processes are crash.test.ts and nginx-two-instances.test.ts
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeExit, type Spawned, spawnServer } from './test/processes';
import { seededDataDir } from './test/seeded-data-dir';

/**
 * The real entry point, as `npm start` runs it (without the web build), on a port of the
 * system's choosing (PORT=0): a guessed one may be taken by another test run on this machine.
 */
const start = (dataDir: string) => spawnServer({ DATA_DIR: dataDir });

/** Sends SIGTERM and resolves with how the process ended; the message carries its last output. */
async function stopped(server: Spawned) {
  const exit = await server.stop('SIGTERM');
  const tail = server.output().trimEnd().split('\n').slice(-10).join('\n');
  return { ...exit, summary: `exited ${describeExit(exit)}; last output:\n${tail}` };
}

describe.runIf(process.env.JUMPSEAT_TEST_DB !== 'postgres')('server process', () => {
  // Cap 90 s (a cap, not a wait): three server processes started one after another, each loading
  // the app's modules and opening PGlite.
  it('serves, keeps data across a restart, refuses a second process on the same DATA_DIR, exits 0 on SIGTERM', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'jumpseat-main-'));
    const first = start(dataDir);
    const port = await first.ready;
    expect(first.output()).toMatch(/Created the first admin: admin@ba\.com with PIN \d{4}/);
    expect(port).toBeGreaterThan(0);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok', db: 'pglite' });

    const second = start(dataDir);
    await expect(second.ready).rejects.toThrow(/is in use by the Jumpseat server/);

    const firstStop = await stopped(first);
    expect(firstStop, firstStop.summary).toMatchObject({ code: 0, signal: null });
    expect(existsSync(path.join(dataDir, 'in-use.pid'))).toBe(false);

    // Data survives: the admin exists, so no new one is created or printed. Stopped the moment
    // it says it is running: the signal handlers exist by then.
    const again = start(dataDir);
    await again.ready;
    expect(again.output()).not.toContain('Created the first admin');
    const againStop = await stopped(again);
    expect(againStop, againStop.summary).toMatchObject({ code: 0, signal: null });
  }, 90_000);

  // Cap 90 s (a cap, not a wait): two server processes, each loading the app's modules
  // and opening PGlite.
  it('a SIGTERM during startup lets the step under way finish, closes the database and exits 0', async () => {
    // Migrated already (the test above starts on an empty DATA_DIR): this one is about the stop.
    const dataDir = await seededDataDir('jumpseat-main-');
    const first = start(dataDir);
    // Printed mid-startup: the database is open and DATA_DIR locked, nothing listens yet.
    await first.printed('Created the first admin');
    const firstStop = await stopped(first);
    expect(firstStop, firstStop.summary).toMatchObject({ code: 0, signal: null });
    expect(first.output()).toContain('Jumpseat stopped during startup (SIGTERM)');
    expect(first.output()).not.toContain('Jumpseat is running');
    expect(existsSync(path.join(dataDir, 'in-use.pid'))).toBe(false);

    // PGlite was closed cleanly: it opens again, with the admin written before the signal.
    const again = start(dataDir);
    await again.ready;
    expect(again.output()).not.toContain('Created the first admin');
    const againStop = await stopped(again);
    expect(againStop, againStop.summary).toMatchObject({ code: 0, signal: null });
  }, 90_000);
});
