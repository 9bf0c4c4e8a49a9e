import { asc, eq, isNull } from 'drizzle-orm';
import {
  CANCELLATION_TEXTS,
  canRenewMembership,
  hasCancellableSubscription,
  PAYMENT_TEXTS,
  trialStatus,
  wasTestMember,
} from '../../../domain';
import type { DbOrTx } from '../../db/client';
import { cancellationRequests, type UserRow, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { audit } from '../../lib/audit';
import { badRequest, enforce } from '../../lib/errors';
import { findUserByEmail } from '../auth/login-service';
import { takeCheckEmailSlot } from '../registration/service';

/**
 * verify-email and the renewal form tell what check-email tells (whether an address has an
 * account, and whether it may renew), so all three draw on one per-address budget: three
 * routes must not triple the rate at which addresses can be probed.
 */
export const takeEmailProbeSlot = takeCheckEmailSlot;

export function createMembershipService(deps: AppDeps) {
  const { db } = deps.database;

  function trialStatusOf(user: UserRow) {
    return trialStatus(user, deps.clock.now());
  }

  async function verifyEmail(email: string, ip: string) {
    const now = deps.clock.now();
    await takeEmailProbeSlot(deps, ip, now);
    const user = await findUserByEmail(db, email);
    if (!user || user.isDeleted) return { exists: false, canRenew: false };
    return { exists: true, canRenew: canRenewMembership(user, now) };
  }

  /**
   * Renewal eligibility. A refusal has one shape whether the address has no account or one
   * that may not renew, so the form tells no more than check-email already does.
   */
  async function renewalEligibility(email: string, ip: string) {
    const now = deps.clock.now();
    await takeEmailProbeSlot(deps, ip, now);
    const user = await findUserByEmail(db, email);
    if (!user || !canRenewMembership(user, now)) {
      return {
        success: false,
        membershipType: 'trial',
        message: PAYMENT_TEXTS.notEligibleForRenewal,
      };
    }
    return {
      success: true,
      userId: user.id,
      name: user.name,
      wasTestMember: wasTestMember(user),
      membershipType: user.membershipType,
    };
  }

  /**
   * A request to the admins, not a cancel. One open request per member, decided by the unique
   * partial index: any number of presses, simultaneous or not, leave one open request.
   */
  async function requestCancellation(user: UserRow) {
    const now = deps.clock.now();
    enforce(hasCancellableSubscription(user, now), badRequest);
    await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(cancellationRequests)
        .values({ userId: user.id, createdAt: now })
        .onConflictDoNothing()
        .returning({ id: cancellationRequests.id });
      if (!created) return;
      await audit(tx, {
        actorId: user.id,
        action: 'membership.cancellation_request',
        target: { type: 'user', id: user.id },
        detail: { requestId: created.id },
        at: now,
      });
    });
    return { success: true, message: CANCELLATION_TEXTS.submitted };
  }

  return { trialStatusOf, verifyEmail, renewalEligibility, requestCancellation };
}

/** The open cancellation requests, oldest first, with their members (for the admins' list). */
export async function listOpenCancellationRequests(db: DbOrTx) {
  return db
    .select({ request: cancellationRequests, user: users })
    .from(cancellationRequests)
    .innerJoin(users, eq(users.id, cancellationRequests.userId))
    .where(isNull(cancellationRequests.handledAt))
    .orderBy(asc(cancellationRequests.createdAt), asc(cancellationRequests.id));
}
