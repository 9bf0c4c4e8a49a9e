// @postgres: advisory locks: on PostgreSQL a second transaction waits for the first's lock
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database';
import { lockKeys } from './advisory-lock';
import { type Database, runsOneTransactionAtATime, type Tx } from './client';

const onPostgres = process.env.JUMPSEAT_TEST_DB === 'postgres';

/** The advisory locks this transaction's own connection holds. */
async function advisoryLocksHeld(tx: Tx) {
  const { rows } = await tx.execute<{ n: number }>(
    sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and pid = pg_backend_pid()`,
  );
  return rows[0]!.n;
}

describe('lockKeys', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('knows which engine runs one transaction at a time, in a transaction and a nested one', async () => {
    const { db } = database;
    expect(runsOneTransactionAtATime(db)).toBe(!onPostgres);
    await db.transaction(async (tx) => {
      expect(runsOneTransactionAtATime(tx)).toBe(!onPostgres);
      await tx.transaction(async (nested) => {
        expect(runsOneTransactionAtATime(nested)).toBe(!onPostgres);
      });
    });
  });

  it('takes one lock per distinct key on PostgreSQL, and none on PGlite, where no one could wait', async () => {
    await database.db.transaction(async (tx) => {
      await lockKeys(tx, ['b', 'a', 'b']);
      expect(await advisoryLocksHeld(tx)).toBe(onPostgres ? 2 : 0);
    });
  });

  it.runIf(onPostgres)(
    'makes a second transaction on the same key wait until the first ends',
    async () => {
      const { db } = database;
      const order: string[] = [];
      let release!: () => void;
      const released = new Promise<void>((r) => {
        release = r;
      });
      let locked!: () => void;
      const firstHolds = new Promise<void>((r) => {
        locked = r;
      });
      const first = db.transaction(async (tx) => {
        await lockKeys(tx, ['shared', 'first-only']);
        locked();
        await released;
        order.push('first ends');
      });
      await firstHolds;
      const second = db.transaction(async (tx) => {
        await lockKeys(tx, ['shared']);
        order.push('second holds');
      });
      // The event: the second's connection is seen waiting for an advisory lock (a cap: the
      // test's timeout).
      for (;;) {
        const { rows } = await db.execute<{ n: number }>(
          sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`,
        );
        if (rows[0]!.n > 0) break;
        await new Promise((r) => setTimeout(r, 10));
      }
      expect(order).toEqual([]);
      release();
      await Promise.all([first, second]);
      expect(order).toEqual(['first ends', 'second holds']);
    },
  );
});
