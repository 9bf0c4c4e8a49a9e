import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from '@playwright/test';
import { describeExit, freePort, newServerDataDir, spawnServer } from '../../server/test/processes';

/**
 * A Jumpseat server of the test's own, for journeys the shared one cannot make: one that runs
 * days ahead (TEST_CLOCK_OFFSET_MS) on a data directory a first server filled, or one where no
 * other member is active (the idle journey). It serves the web build the shared server's start
 * already made. Journeys get it from the `ownServer` fixture (e2e/fixtures.ts), which stops
 * whatever is still running when the test ends, passed or failed.
 */
export type OwnServer = {
  baseURL: string;
  port: number;
  dataDir: string;
  /** SIGTERM; throws unless it exits 0 (a clean stop is part of every journey on its own server). */
  stop(): Promise<{ code: number | null; output: string }>;
  /** Whether it has been stopped (or has exited by itself). */
  readonly stopped: boolean;
};

export type OwnServerOptions = {
  /** A fresh directory unless given (a second server on a first one's data). */
  dataDir?: string;
  clockOffsetMs?: number;
  /** A stopped server's port: its pages (one origin, one IndexedDB) carry on against this one. */
  port?: number;
};

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

/**
 * Where each running own server leaves its pid, for e2e/global-teardown.ts: a journey over its
 * cap whose teardown also runs out of time has its worker killed, and the server it started
 * would outlive the run (found so: five servers still listening after a loaded run).
 */
export const ownServerPids = () =>
  path.join(process.env.E2E_DATA_DIR ?? os.tmpdir(), 'own-servers');

/** A copy of the run's migrated data directory (playwright.config.ts makes sure there is one). */
export const newDataDir = () => newServerDataDir('jumpseat-e2e-own-');

export async function startOwnServer(opts: OwnServerOptions = {}): Promise<OwnServer> {
  const dataDir = opts.dataDir ?? newDataDir();
  const port = opts.port ?? (await freePort());
  const startedAt = performance.now();
  const server = spawnServer(
    {
      ...process.env,
      NODE_ENV: 'test',
      // Chosen here, not by the server (PORT=0): PUBLIC_URL, and so the checkout's and the
      // mails' links, default to this port.
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      APP_SECRET: 'own'.repeat(22),
      TEST_CLOCK_OFFSET_MS: String(opts.clockOffsetMs ?? 0),
      RATE_LIMIT_REGISTER_PER_IP: '1000',
      RATE_LIMIT_CHECK_EMAIL_PER_IP: '1000',
      // Every sign-in of a run comes from 127.0.0.1, right PINs included (as the shared server).
      RATE_LIMIT_LOGIN_PER_IP: '1000',
      RATE_LIMIT_LOGIN_PER_ACCOUNT: '1000',
    },
    { cwd: process.cwd() },
  );
  const pidFile = path.join(ownServerPids(), String(server.child.pid));
  mkdirSync(ownServerPids(), { recursive: true });
  writeFileSync(pidFile, '');
  void server.exited.then(() => rmSync(pidFile, { force: true }));
  // Ready when it says so (main.ts prints the line once it listens), not after a guessed delay.
  try {
    await server.ready;
  } catch (error) {
    await server.stop('SIGKILL');
    throw error;
  }
  annotate(`port ${port} ready in ${Math.round(performance.now() - startedAt)} ms`);
  let stopped = false;
  void server.exited.then(() => {
    stopped = true;
  });
  return {
    baseURL: `http://localhost:${port}`,
    port,
    dataDir,
    get stopped() {
      return stopped;
    },
    async stop() {
      const stoppingAt = performance.now();
      const exit = await server.stop('SIGTERM');
      stopped = true;
      annotate(
        `port ${port} exited ${describeExit(exit)} in ${Math.round(performance.now() - stoppingAt)} ms`,
      );
      if (exit.code !== 0)
        throw new Error(`server exited ${describeExit(exit)}:\n${server.output()}`);
      return { code: exit.code, output: server.output() };
    },
  };
}
