import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { platformCounters, type UserRow, users } from '../../db/schema';
import { type AuditEntry, audit } from '../../lib/audit';

/**
 * Every way an account comes into being (a trial registration, a paid one, an admin's create)
 * goes through here, so the three cannot drift apart: the user row, the "users ever
 * registered" counter (platform statistics count accounts made, not accounts still present)
 * and the audit row commit together or not at all. The row's createdAt is the moment of all
 * three. A duplicate e-mail fails on the unique index (23505); callers map that to their answer.
 * Lives in its own file, importing nothing from other modules, so payments and admin can use
 * it without a cycle through the registration service.
 */
export async function createAccount(
  db: Db,
  values: typeof users.$inferInsert & { createdAt: Date },
  audited: (user: UserRow) => Omit<AuditEntry, 'at'>,
  /** Further writes that must commit with the account (e.g. its welcome mail); run before the audit row. */
  alongside?: (tx: Tx, user: UserRow) => Promise<void>,
): Promise<UserRow> {
  const now = values.createdAt;
  return db.transaction(async (tx) => {
    const [user] = await tx.insert(users).values(values).returning();
    await tx
      .update(platformCounters)
      .set({
        totalUsersEverRegistered: sql`${platformCounters.totalUsersEverRegistered} + 1`,
        updatedAt: now,
      })
      .where(eq(platformCounters.id, 1));
    await alongside?.(tx, user!);
    await audit(tx, { ...audited(user!), at: now });
    return user!;
  });
}
