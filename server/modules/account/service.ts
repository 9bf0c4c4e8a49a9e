import { eq } from 'drizzle-orm';
import {
  ACCOUNT_DELETED_MESSAGE,
  ACCOUNT_REASONS,
  canRestoreAccount,
  deletionScheduledFor,
} from '../../../domain';
import { users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { audit } from '../../lib/audit';
import { badRequest, enforce, notFound } from '../../lib/errors';

export const ACCOUNT_RESTORED = 'Account restored';
export const NOT_DELETED = ACCOUNT_REASONS.notDeleted;
export const GRACE_ENDED = ACCOUNT_REASONS.graceEnded;

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
    const deletionScheduledAt = deletionScheduledFor(now);
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ isDeleted: true, deletionScheduledAt, isOnline: false, lastHeartbeatAt: null })
        .where(eq(users.id, userId));
      await audit(tx, {
        actorId: userId,
        action: 'user.self_delete',
        target: { type: 'user', id: userId },
        detail: { deletionScheduledAt: deletionScheduledAt.toISOString() },
        at: now,
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
      // A refusal here is about the account's state, not the admin's rights: 400.
      enforce(canRestoreAccount(user, now), badRequest);
      await tx
        .update(users)
        .set({ isDeleted: false, deletionScheduledAt: null })
        .where(eq(users.id, userId));
      await audit(tx, {
        actorId: adminId,
        action: 'user.restore',
        target: { type: 'user', id: userId },
        at: now,
      });
    });
    return { success: true, message: ACCOUNT_RESTORED };
  }

  return { signOutEverywhere, deleteOwn, restore };
}
