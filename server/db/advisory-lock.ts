import { sql } from 'drizzle-orm';
import type { Tx } from './client';

/**
 * Takes a transaction-scoped advisory lock per key, in sorted order (two callers locking the
 * same keys can never wait on each other in a cycle). Held until the transaction ends, on every
 * instance sharing the database; on PGlite, which runs one transaction at a time, it is free.
 */
export async function lockKeys(tx: Tx, keys: string[]) {
  if (keys.length === 0) return;
  const sorted = [...new Set(keys)].sort();
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(k, 0)) from (values ${sql.join(
      sorted.map((k) => sql`(${k})`),
      sql`, `,
    )}) as v(k)`,
  );
}
