import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/** How often the embedded database is vacuumed. */
export const PGLITE_VACUUM_MS = 60 * 60_000;

/**
 * PGlite has no autovacuum: without this, dead rows are never reclaimed, the statistics the
 * planner relies on never refresh, and the visibility map stays empty, so every index-only scan
 * reads the table too (the admin's member table paged to 25,000 members took 3x as long). On
 * PostgreSQL autovacuum does this, so the job exists only for PGlite. One statement: it holds
 * PGlite's one connection for its run (tens of milliseconds at 50,000 members).
 */
export async function vacuumEmbedded(database: Pick<Database, 'kind' | 'db'>): Promise<boolean> {
  if (database.kind !== 'pglite') return false;
  await database.db.execute(sql`vacuum (analyze)`);
  return true;
}
