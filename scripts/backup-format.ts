/**
 * What `npm run backup` writes and `npm run restore` reads: one tar file holding
 *   manifest.json            { format, version, database: 'pglite' | 'postgres', createdAt, files }
 *   database.pglite.tar.gz   PGlite's own dump of its data directory (dumpDataDir), or
 *   database.pgdump          `pg_dump -Fc` of the PostgreSQL database,
 *   app-secret, webhook-secret, vapid-keys.json   those of DATA_DIR's secret files that exist.
 * Made and read with the system's `tar`. It holds the app's secrets: it is written mode 0600.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, fstatSync, openSync, readdirSync, readSync } from 'node:fs';
import path from 'node:path';

export const BACKUP_FORMAT = 'jumpseat-backup';
export const BACKUP_VERSION = 1;
export const PGLITE_DUMP = 'database.pglite.tar.gz';
export const POSTGRES_DUMP = 'database.pgdump';
/** DATA_DIR's files that a restored database needs: without app-secret no PIN can be read. */
export const SECRET_FILES = ['app-secret', 'webhook-secret', 'vapid-keys.json'] as const;

export type Manifest = {
  format: typeof BACKUP_FORMAT;
  version: number;
  database: 'pglite' | 'postgres';
  createdAt: string;
  files: string[];
};

/** The same two settings the server reads (server/config.ts), without creating any secret. */
export function backupSettings() {
  const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    fail('DATABASE_URL must be a postgres:// URL');
  }
  return { databaseUrl, dataDir: path.resolve(process.env.DATA_DIR?.trim() || './data') };
}

/** A clear one-line refusal, exit 1 (no stack trace). */
export function fail(message: string): never {
  console.error(`${message}`);
  process.exit(1);
}

/** Runs a tool, failing with its own error output. `env` adds to the process's environment. */
export function runTool(command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const result = spawnSync(command, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
  if (result.error) fail(`${command}: ${result.error.message}`);
  if (result.status !== 0)
    fail(`${command} failed: ${result.stderr.trim() || result.stdout.trim()}`);
  return result.stdout;
}

/**
 * pg_dump / pg_restore: from PATH, else the newest Debian PostgreSQL's (pg_dump must be at least
 * the server's version; it says so itself when not).
 */
export function pgTool(name: 'pg_dump' | 'pg_restore'): string {
  if (!spawnSync(name, ['--version']).error) return name;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(path.join(root, v, 'bin', name)))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions[0]) return path.join(root, versions[0], 'bin', name);
  return fail(`${name} not found: install PostgreSQL's client tools (Debian: postgresql-client)`);
}

/**
 * The URL without its password, and the password as PGPASSWORD: a command line is visible to
 * every user of the machine, the environment is not.
 */
export function libpqTarget(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { url: u.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/** One entry of a tar file as its header names it: `type` '0' is a regular file. */
export type ArchiveMember = { name: string; type: string };

const BLOCK = 512;
const field = (header: Buffer, start: number, length: number) =>
  header
    .subarray(start, start + length)
    .toString('utf8')
    .replace(/\0.*$/s, '');

/** A header's size: octal text, or GNU's base-256 for files past 8 GiB. */
function memberSize(header: Buffer): number {
  if ((header[124]! & 0x80) !== 0) {
    let size = 0;
    for (let i = 125; i < 136; i++) size = size * 256 + header[i]!;
    return size;
  }
  const text = field(header, 124, 12).trim();
  const size = text === '' ? 0 : Number.parseInt(text, 8);
  if (!Number.isSafeInteger(size) || size < 0) throw new Error('not a tar file');
  return size;
}

/**
 * Every entry of a tar file with its type, read from the headers themselves rather than from
 * `tar -tv`'s text (which a crafted name could imitate): '1' is a hard link, '2' a symbolic
 * link, '5' a directory, 'x'/'g'/'L'/'K' extended headers. Only the headers are read.
 */
export function archiveMembers(file: string): ArchiveMember[] {
  const fd = openSync(file, 'r');
  try {
    const total = fstatSync(fd).size;
    const header = Buffer.alloc(BLOCK);
    const members: ArchiveMember[] = [];
    for (let offset = 0; offset + BLOCK <= total; ) {
      readSync(fd, header, 0, BLOCK, offset);
      if (header.every((byte) => byte === 0)) break;
      const name = field(header, 0, 100);
      const prefix = field(header, 345, 155);
      const type = header[156] === 0 ? '0' : String.fromCharCode(header[156]!);
      members.push({ name: prefix ? `${prefix}/${name}` : name, type });
      offset += BLOCK + Math.ceil(memberSize(header) / BLOCK) * BLOCK;
    }
    return members;
  } finally {
    closeSync(fd);
  }
}
