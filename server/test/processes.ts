import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * Node's arguments that run one of the project's TypeScript files as `npm start` runs the server:
 * Node's own type stripping, with the project's extensionless imports resolved
 * (server/typescript-imports.mjs). An absolute path: a spawned process may have its own cwd.
 */
export const RUN_TYPESCRIPT = [
  '--import',
  path.join(import.meta.dirname, '..', 'typescript-imports.mjs'),
] as const;

/**
 * The one place tests start processes and find ports: the server suites (a crash, a restart,
 * two instances behind nginx), the journeys' own servers and the quality gates all use it.
 * Plain, erasable TypeScript with only `node:` imports, so scripts/*.mjs can import it too.
 */

export type Exit = { code: number | null; signal: NodeJS.Signals | null };

export type Spawned = {
  child: ChildProcess;
  /** Everything it printed so far, stdout and stderr interleaved. */
  output(): string;
  /** Resolves once `text` has been printed; rejects if the process ends first. */
  printed(text: string): Promise<void>;
  /** Resolves on 'close', when all of its output has been read. */
  exited: Promise<Exit>;
  /** Sends `signal` (SIGTERM) and resolves with how it ended. */
  stop(signal?: NodeJS.Signals): Promise<Exit>;
};

/** A port nothing listens on now (the kernel's choice, so parallel runs do not collide). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

export function describeExit({ code, signal }: Exit): string {
  return `with code ${code}, signal ${signal}`;
}

/** Spawns a process and keeps its output; waiters are checked as each chunk arrives, not on a timer. */
export function spawnProcess(
  command: string,
  args: string[],
  options: { env: NodeJS.ProcessEnv; cwd?: string },
): Spawned {
  const child = spawn(command, args, {
    // Node's cache of compiled code (set by `npm test`) is the machine's, not a setting: it makes
    // the process start sooner and never changes what it does.
    env: {
      ...(process.env.NODE_COMPILE_CACHE && { NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE }),
      ...options.env,
    },
    cwd: options.cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const waiters = new Set<() => void>();
  const append = (chunk: Buffer) => {
    out += chunk;
    for (const check of waiters) check();
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = new Promise<Exit>((resolve) =>
    child.once('close', (code, signal) => resolve({ code, signal })),
  );
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
        reject(
          new Error(`${command} exited ${describeExit(exit)} before printing '${text}':\n${out}`),
        );
      });
    });
  return {
    child,
    output: () => out,
    printed,
    exited,
    stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

export type SpawnedServer = Spawned & {
  /** The port from the ready line, once `Jumpseat is running` is printed. */
  ready: Promise<number>;
};

/**
 * `server/main.ts` as `npm start` runs it (without the web build unless the env names one), on a
 * port of the system's choosing unless PORT is given. Only PATH (and Node's compile cache, see
 * spawnProcess) is inherited: a test states every setting it relies on.
 */
export function spawnServer(env: NodeJS.ProcessEnv, options: { cwd?: string } = {}): SpawnedServer {
  const proc = spawnProcess(process.execPath, [...RUN_TYPESCRIPT, 'server/main.ts'], {
    cwd: options.cwd,
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', ...env },
  });
  const ready = proc.printed('Jumpseat is running').then(() => {
    const port = Number(/open http:\/\/localhost:(\d+)/.exec(proc.output())?.[1]);
    if (!port) throw new Error(`no port in the ready line:\n${proc.output()}`);
    return port;
  });
  // Not every caller awaits it (a process stopped during startup never gets there).
  ready.catch(() => undefined);
  return { ...proc, ready };
}

/**
 * A new data directory for a spawned server: a copy of the run's migrated one
 * (JUMPSEAT_MIGRATED_DATA_DIR, made by ensureMigratedDataDir or `npm test`) when there is one,
 * else empty. A copy starts as a server does on any day after its first: without initdb and the
 * migrations (~4 s and ~6 CPU seconds less per start on the 2-core machine).
 */
export function newServerDataDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  const migrated = process.env.JUMPSEAT_MIGRATED_DATA_DIR;
  if (migrated) cpSync(migrated, dir, { recursive: true });
  return dir;
}

/** The arguments that make a migrated data directory in `dir` (scripts/migrated-data-dir.ts). */
export const migratedDataDirCommand = (dir: string) => [
  ...RUN_TYPESCRIPT,
  'scripts/migrated-data-dir.ts',
  dir,
];

/**
 * Makes the run's migrated data directory, once, and names it in JUMPSEAT_MIGRATED_DATA_DIR for
 * this process and what it starts; removed when this process exits. `npm test` makes it beside
 * the quality gates instead, and sets the variable empty when it could not (its failure is
 * reported there once; the servers then start on empty directories).
 */
export function ensureMigratedDataDir(cwd: string): void {
  if (process.env.JUMPSEAT_MIGRATED_DATA_DIR !== undefined) return;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'jumpseat-migrated-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  execFileSync(process.execPath, migratedDataDirCommand(dir), { cwd, stdio: 'inherit' });
  process.env.JUMPSEAT_MIGRATED_DATA_DIR = dir;
}
