import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The real entry point, as `npm start` runs it (without the web build). */
function start(dataDir: string, port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => {
    out += d;
  });
  child.stderr!.on('data', (d) => {
    out += d;
  });
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (out.includes('Jumpseat is running')) {
        clearInterval(timer);
        resolve();
      }
    }, 50);
    child.once('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`exited ${code}: ${out}`));
    });
  });
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return { child, ready, exited, output: () => out };
}

const stop = (child: ChildProcess) => child.kill('SIGTERM');

describe.runIf(process.env.JUMPSEAT_TEST_DB !== 'postgres')('server process', () => {
  it('serves, keeps data across a restart, refuses a second process on the same DATA_DIR, exits 0 on SIGTERM', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'jumpseat-main-'));
    const port = 5200 + Math.floor(Math.random() * 500);
    const first = start(dataDir, port);
    await first.ready;
    expect(first.output()).toMatch(/Created the first admin: admin@ba\.com with PIN \d{4}/);
    expect(first.output()).toContain(`open http://localhost:${port}`);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok', db: 'pglite' });

    const second = start(dataDir, port + 1);
    await expect(second.ready).rejects.toThrow(/is in use by the Jumpseat server/);

    stop(first.child);
    expect(await first.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'in-use.pid'))).toBe(false);

    // Data survives: the admin exists, so no new one is created or printed.
    const again = start(dataDir, port);
    await again.ready;
    expect(again.output()).not.toContain('Created the first admin');
    stop(again.child);
    expect(await again.exited).toBe(0);
  }, 90_000);
});
