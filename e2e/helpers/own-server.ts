import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { test } from '@playwright/test';

/**
 * A Jumpseat server of the test's own, for journeys the shared one cannot make: one that runs
 * days ahead (TEST_CLOCK_OFFSET_MS) on a data directory a first server filled. It serves the
 * web build the shared server's start already made.
 */
export type OwnServer = {
  baseURL: string;
  port: number;
  dataDir: string;
  /** SIGTERM; throws unless it exits 0 (a clean stop is part of every journey on its own server). */
  stop(): Promise<{ code: number | null; output: string }>;
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/**
 * How long each start and stop took, in the report: a journey over its cap then says whether
 * the servers or the steps took the time. (Outside a test, e.g. a scratch script, there is no
 * report to write to.)
 */
function annotate(description: string) {
  let info: ReturnType<typeof test.info>;
  try {
    info = test.info();
  } catch {
    return;
  }
  info.annotations.push({ type: 'own-server', description });
}

export const newDataDir = () => mkdtempSync(path.join(os.tmpdir(), 'jumpseat-e2e-own-'));

export async function startOwnServer(opts: {
  dataDir: string;
  clockOffsetMs?: number;
  /** A stopped server's port: its pages (one origin, one IndexedDB) carry on against this one. */
  port?: number;
}): Promise<OwnServer> {
  const port = opts.port ?? (await freePort());
  const startedAt = performance.now();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      DATA_DIR: opts.dataDir,
      DATABASE_URL: '',
      APP_SECRET: 'own'.repeat(22),
      TEST_CLOCK_OFFSET_MS: String(opts.clockOffsetMs ?? 0),
      RATE_LIMIT_REGISTER_PER_IP: '1000',
      RATE_LIMIT_CHECK_EMAIL_PER_IP: '1000',
      // Every sign-in of a run comes from 127.0.0.1, right PINs included (as the shared server).
      RATE_LIMIT_LOGIN_PER_IP: '1000',
      RATE_LIMIT_LOGIN_PER_ACCOUNT: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  // Ready when it says so (main.ts prints the line once it listens), not after a guessed delay.
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Jumpseat is running')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    exited.then((code) => reject(new Error(`server exited (${code}) before ready:\n${output}`)));
  });
  annotate(`port ${port} ready in ${Math.round(performance.now() - startedAt)} ms`);
  return {
    baseURL: `http://localhost:${port}`,
    port,
    dataDir: opts.dataDir,
    async stop() {
      const stoppingAt = performance.now();
      child.kill('SIGTERM');
      const code = await exited;
      annotate(`port ${port} exited ${code} in ${Math.round(performance.now() - stoppingAt)} ms`);
      if (code !== 0) throw new Error(`server exited ${code}:\n${output}`);
      return { code, output };
    },
  };
}
