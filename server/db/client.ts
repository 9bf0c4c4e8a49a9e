import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
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

export type DatabaseOptions =
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob | File }
  | { kind: 'postgres'; url: string; max?: number };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === 'pglite' ? openPglite(options) : openPostgres(options.url, options.max);
}

async function openPglite(options: { dataDir?: string; loadDataDir?: Blob | File }) {
  const client = new PGlite({
    // The admin member search's trigram indexes (migration 0006) need it, as PostgreSQL does.
    extensions: { pg_trgm },
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite' as const,
    pglite: client,
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
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
