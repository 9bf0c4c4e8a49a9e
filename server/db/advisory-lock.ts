import { sql } from 'drizzle-orm';
import { type Db, runsOneTransactionAtATime, type Tx } from './client';

/**
 * Takes a transaction-scoped advisory lock per key, in sorted order (two callers locking the
 * same keys can never wait on each other in a cycle). Held until the transaction ends, on every
 * instance sharing the database. On PGlite, which runs one transaction at a time, no one could
 * wait on it, so no statement is sent: it was a fifth of all the statements the server suites
 * sent there (20,291 of 92,000), and one of the five a refused sign-in sent.
 */
export async function lockKeys(tx: Tx, keys: string[]) {
  if (keys.length === 0 || runsOneTransactionAtATime(tx)) return;
  const sorted = [...new Set(keys)].sort();
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(k, 0)) from (values ${sql.join(
      sorted.map((k) => sql`(${k})`),
      sql`, `,
    )}) as v(k)`,
  );
}

export type JobRun = { ran: false } | { ran: true; count: number };

/**
 * Runs a job's work in one transaction under `pg_try_advisory_xact_lock(lock)`: when another
 * instance holds the lock this run does nothing and says so, instead of queueing behind it to
 * repeat the same work.
 */
export async function underJobLock(
  db: Db,
  lock: number,
  work: (tx: Tx) => Promise<number>,
): Promise<JobRun> {
  return db.transaction(async (tx) => {
    const result = await tx.execute<{ locked: boolean }>(
      sql`select pg_try_advisory_xact_lock(${lock}) as locked`,
    );
    if (!result.rows[0]?.locked) return { ran: false } as const;
    return { ran: true, count: await work(tx) } as const;
  });
}
