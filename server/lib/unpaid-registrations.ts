import { and, eq, inArray, max } from 'drizzle-orm';
import { checkoutLapsed, PENDING_PAID_REGISTRATION } from '../../domain';
import type { Db, Tx } from '../db/client';
import { checkoutSessions, type UserRow, users } from '../db/schema';

/**
 * A paid registration whose payment has not completed (domain `isAwaitingPayment`), as SQL.
 * Registration, payments and the retention job all need it and none owns it, so it sits below
 * the modules (a job, like a plugin, never imports a module).
 */
export const awaitingPayment = and(
  eq(users.approvalStatus, PENDING_PAID_REGISTRATION.approvalStatus),
  eq(users.membershipType, PENDING_PAID_REGISTRATION.membershipType),
  eq(users.subscriptionStatus, PENDING_PAID_REGISTRATION.subscriptionStatus),
  eq(users.isDeleted, false),
);

/**
 * Whether an unpaid registration lapsed: its latest checkout (else the account's creation) is
 * past a checkout's lifetime, so nothing can pay for it any more.
 */
export async function unpaidRegistrationLapsed(
  db: Db,
  user: Pick<UserRow, 'id' | 'createdAt'>,
  now: Date,
): Promise<boolean> {
  const [latest] = await db
    .select({ at: max(checkoutSessions.createdAt) })
    .from(checkoutSessions)
    .where(eq(checkoutSessions.userId, user.id));
  return checkoutLapsed(latest?.at ?? user.createdAt, now);
}

/**
 * Removes these registrations if they are still unpaid once locked (a payment completing
 * meanwhile wins): their open checkouts are cancelled and lose the registrant's name and role,
 * and the account goes. Returns the ids removed.
 */
export async function removeUnpaidRegistrations(tx: Tx, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const locked = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), awaitingPayment))
    .for('update');
  const removed = locked.map((u) => u.id);
  if (removed.length === 0) return [];
  await tx
    .update(checkoutSessions)
    .set({ status: 'cancelled' })
    .where(and(inArray(checkoutSessions.userId, removed), eq(checkoutSessions.status, 'open')));
  await tx
    .update(checkoutSessions)
    .set({ registration: null })
    .where(inArray(checkoutSessions.userId, removed));
  await tx.delete(users).where(inArray(users.id, removed));
  return removed;
}
