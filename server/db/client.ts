import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type QueryOptions, type Transaction, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { is, sql } from 'drizzle-orm';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite, PgliteDatabase, PgliteTransaction } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export const migrationsFolder = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'migrations',
);

/** Both drivers expose the same query builder; we type against the node-postgres flavour. */
export type Db = NodePgDatabase<typeof schema>;
/** The handle a transaction callback receives; it can run every query the database can. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/**
 * True on PGlite: one connection that runs one transaction at a time (its own mutex holds every
 * query and transaction until the one under way ends), so nothing can wait on a lock there.
 */
export function runsOneTransactionAtATime(db: DbOrTx): boolean {
  return is(db, PgliteTransaction) || is(db, PgliteDatabase);
}

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies committed migrations; safe to call on every start. */
  migrate(): Promise<void>;
  /** Answers quickly or throws: used by /api/health. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Pool statistics for /metrics (PostgreSQL only). */
  poolStats(): { total: number; idle: number; waiting: number } | null;
  /** The embedded instance, for tests that snapshot it. */
  pglite?: PGlite;
};

/**
 * PGlite's engine, compiled once by a process that opens many databases (the test suites: one
 * per test file), instead of once per database. Immutable: every database still gets its own
 * instance and memory.
 */
export type PgliteEngine = { pgliteWasmModule: WebAssembly.Module; fsBundle: Blob };

export type DatabaseOptions =
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob | File; engine?: PgliteEngine }
  | { kind: 'postgres'; url: string; max?: number };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === 'pglite' ? openPglite(options) : openPostgres(options.url, options.max);
}

/**
 * The parsers Drizzle's PGlite driver passes with every query: dates, times and intervals (and
 * their arrays, and numeric[]) stay text for Drizzle's columns to read.
 */
const keepText = (value: string) => value;
const DRIZZLE_PARSERS = Object.fromEntries(
  [
    types.TIMESTAMP,
    types.TIMESTAMPTZ,
    types.INTERVAL,
    types.DATE,
    1231,
    1115,
    1185,
    1187,
    1182,
  ].map((oid) => [oid, keepText]),
);

/**
 * The PGlite client as Drizzle sees it, without the parsers Drizzle passes with each query:
 * PGlite merges a query's parsers into a copy of its whole table (over 300 types) per query,
 * which cost more CPU than a `select 1` itself (0.33 against 0.18 ms). The instance holds
 * the same parsers instead (`DRIZZLE_PARSERS`), so every result reads as before.
 */
function withoutQueryParsers(client: PGlite) {
  const query =
    (target: PGlite | Transaction) => (text: string, params?: unknown[], options?: QueryOptions) =>
      target.query(text, params, options && { rowMode: options.rowMode });
  return {
    query: query(client),
    transaction: <T>(callback: (tx: Transaction) => Promise<T>) =>
      client.transaction((tx) => callback({ query: query(tx) } as unknown as Transaction)),
  } as unknown as PGlite;
}

async function openPglite(options: {
  dataDir?: string;
  loadDataDir?: Blob | File;
  engine?: PgliteEngine;
}) {
  const client = new PGlite({
    ...options.engine,
    // The admin member search's trigram indexes (migration 0006) need it, as PostgreSQL does.
    extensions: { pg_trgm },
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  await client.waitReady;
  // After the array types PGlite registers while it starts, which would wrap these.
  Object.assign(client.parsers, DRIZZLE_PARSERS);
  const db = drizzlePglite({ client: withoutQueryParsers(client), schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite' as const,
    pglite: client,
    migrate: () =>
      migratePglite(drizzlePglite({ client: withoutQueryParsers(client), schema }), {
        migrationsFolder,
      }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
    poolStats: () => null,
  };
}

async function openPostgres(url: string, max = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 10_000 });
  // An idle client losing its server must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  // Nor may a checked-out one: pg-pool listens for errors only on idle clients, so a client in
  // an open transaction (the mail job holds one across an SMTP send) that receives PostgreSQL's
  // 'terminating connection' while no query runs would emit an unhandled 'error' and end the
  // process. Its next query fails instead, and the pool drops it on release (not queryable).
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end().catch(() => {});
    throw new Error(`cannot connect to DATABASE_URL (${hostOf(url)}): ${errorCode(error)}`);
  }
  const db = drizzlePg(pool, { schema });
  return {
    db,
    kind: 'postgres',
    migrate: () => migratePg(db, { migrationsFolder }),
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/**
 * SQLSTATEs and socket errors that mean "the database is not there right now" rather than "this
 * request is wrong": shutdown (57P01-57P03), connection failures (08xxx), too many connections
 * (53300), and the network errors of a server that stopped or is restarting.
 */
const UNAVAILABLE_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '53300',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
/** node-postgres says these in words only, without a code. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

/**
 * True when an error (or any error it wraps: drizzle wraps driver errors in `cause`, a failed
 * connect may carry an AggregateError) says the database cannot be reached: the request was
 * fine and may be retried, so it answers 503, not 500.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const e = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string' && UNAVAILABLE_CODES.has(e.code)) return true;
  if (
    typeof e.message === 'string' &&
    UNAVAILABLE_MESSAGES.some((m) => (e.message as string).startsWith(m))
  ) {
    return true;
  }
  if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1)))
    return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}

function hostOf(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || '5432'}`;
  } catch {
    return 'invalid URL';
  }
}

function errorCode(error: unknown): string {
  const e = error as { code?: string; message?: string; errors?: { code?: string }[] };
  return e.code ?? e.errors?.[0]?.code ?? e.message ?? 'unknown error';
}
