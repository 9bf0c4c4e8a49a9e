import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * Holds a transaction-scoped advisory lock the way another instance running the same job
 * would. Resolves once the lock is taken; `release()` ends the holding transaction.
 */
export async function holdingAdvisoryLock(db: Db, lock: number) {
  let release!: () => void;
  let held!: () => void;
  const heldNow = new Promise<void>((r) => {
    held = r;
  });
  const holder = db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${lock})`);
    held();
    await new Promise<void>((r) => {
      release = r;
    });
  });
  await heldNow;
  return {
    async release() {
      release();
      await holder;
    },
  };
}
