import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

type Exit = { code: number | null; signal: NodeJS.Signals | null };

/**
 * The real entry point, as `npm start` runs it (without the web build), on a port of the
 * system's choosing (PORT=0): a guessed one may be taken by another test run on this machine.
 */
function start(dataDir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  // Waiters on the output: each is checked as soon as a chunk arrives, not on a timer.
  const waiters = new Set<() => void>();
  const append = (d: Buffer) => {
    out += d;
    for (const check of waiters) check();
  };
  child.stdout!.on('data', append);
  child.stderr!.on('data', append);
  // 'close', not 'exit': by then all of its output has been read.
  const exited = new Promise<Exit>((resolve) =>
    child.once('close', (code, signal) => resolve({ code, signal })),
  );
  /** Resolves once `text` has been printed; rejects if the process ends first. */
  const printed = (text: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!out.includes(text)) return;
        waiters.delete(check);
        resolve();
      };
      waiters.add(check);
      check();
      void exited.then((exit) => {
        waiters.delete(check);
        reject(new Error(`exited ${ending(exit)} before printing '${text}': ${out}`));
      });
    });
  const ready = printed('Jumpseat is running');
  // Not every test awaits it (a process stopped during startup never gets there).
  ready.catch(() => undefined);
  return { child, ready, printed, exited, output: () => out };
}

const ending = ({ code, signal }: Exit) => `with code ${code}, signal ${signal}`;

/** Sends SIGTERM and resolves with how the process ended; the message carries its last output. */
async function stopped(server: ReturnType<typeof start>) {
  server.child.kill('SIGTERM');
  const exit = await server.exited;
  const tail = server.output().trimEnd().split('\n').slice(-10).join('\n');
  return { ...exit, summary: `exited ${ending(exit)}; last output:\n${tail}` };
}

/** The port from the ready line. */
const portOf = (server: ReturnType<typeof start>) =>
  Number(/open http:\/\/localhost:(\d+)/.exec(server.output())?.[1]);

describe.runIf(process.env.JUMPSEAT_TEST_DB !== 'postgres')('server process', () => {
  it('serves, keeps data across a restart, refuses a second process on the same DATA_DIR, exits 0 on SIGTERM', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'jumpseat-main-'));
    const first = start(dataDir);
    await first.ready;
    expect(first.output()).toMatch(/Created the first admin: admin@ba\.com with PIN \d{4}/);
    const port = portOf(first);
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

  it('a SIGTERM during startup lets the step under way finish, closes the database and exits 0', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'jumpseat-main-'));
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
