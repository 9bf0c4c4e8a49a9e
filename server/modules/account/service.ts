import { eq } from 'drizzle-orm';
import { ACCOUNT_DELETED_MESSAGE, DAY_MS, DELETION_GRACE_DAYS } from '../../../domain';
import { auditLog, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { badRequest, notFound } from '../../lib/errors';

export const ACCOUNT_RESTORED = 'Account restored';
export const NOT_DELETED = 'This account is not deleted';
export const GRACE_ENDED = 'The 30-day grace period for this account has ended';

/**
 * Ends every session of one account at once. The session store tells the realtime hub, which
 * closes the account's open sockets on every instance (code 4401).
 */
export async function endEverySession(deps: AppDeps, userId: number) {
  await deps.sessions.revokeAllForUser(userId);
}

/**
 * Self-deletion with a grace period, its admin restore, and 'Sign out of all devices'.
 * A deleted account is refused at sign-in, its sessions stop resolving, and every member list
 * leaves it out (they filter on users.is_deleted).
 */
export function createAccountService(deps: AppDeps) {
  const { db } = deps.database;

  async function signOutEverywhere(userId: number) {
    await db
      .update(users)
      .set({ isOnline: false, lastHeartbeatAt: null })
      .where(eq(users.id, userId));
    await endEverySession(deps, userId);
    return { success: true };
  }

  /** POST /api/auth/delete-account: marked deleted now, kept for DELETION_GRACE_DAYS. */
  async function deleteOwn(userId: number) {
    const now = deps.clock.now();
    const deletionScheduledAt = new Date(now.getTime() + DELETION_GRACE_DAYS * DAY_MS);
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ isDeleted: true, deletionScheduledAt, isOnline: false, lastHeartbeatAt: null })
        .where(eq(users.id, userId));
      await tx.insert(auditLog).values({
        actorId: userId,
        action: 'user.self_delete',
        targetType: 'user',
        targetId: userId,
        detail: { deletionScheduledAt: deletionScheduledAt.toISOString() },
        createdAt: now,
      });
    });
    await endEverySession(deps, userId);
    return {
      success: true,
      message: ACCOUNT_DELETED_MESSAGE,
      deletionScheduledAt: deletionScheduledAt.toISOString(),
    };
  }

  /** POST /api/admin/restore-account/{id}: only a deleted account, only within its grace. */
  async function restore(adminId: number, userId: number) {
    const now = deps.clock.now();
    await db.transaction(async (tx) => {
      const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      if (!user) throw notFound('User not found');
      if (!user.isDeleted) throw badRequest(NOT_DELETED);
      if (user.deletionScheduledAt && user.deletionScheduledAt.getTime() <= now.getTime()) {
        throw badRequest(GRACE_ENDED);
      }
      await tx
        .update(users)
        .set({ isDeleted: false, deletionScheduledAt: null })
        .where(eq(users.id, userId));
      await tx.insert(auditLog).values({
        actorId: adminId,
        action: 'user.restore',
        targetType: 'user',
        targetId: userId,
        createdAt: now,
      });
    });
    return { success: true, message: ACCOUNT_RESTORED };
  }

  return { signOutEverywhere, deleteOwn, restore };
}
