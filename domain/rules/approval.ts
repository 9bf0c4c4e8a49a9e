import type { ApprovalStatus, MembershipType, SubscriptionStatus } from '../constants';
import type { RuleResult } from './access';
import { trialExpiryFrom } from './membership';
import { isAwaitingPayment } from './payments';

/**
 * An account's approval state: a trial registration starts 'pending'; an admin moves it once,
 * to 'approved' or 'rejected'. Nothing moves it back.
 */
export const APPROVAL_REASONS = {
  notPending: 'This user is not awaiting approval',
  awaitingPayment: 'This registration is awaiting its payment',
} as const;

/** A new trial registration: awaiting review, its subscription not started. */
export const PENDING_TRIAL_REGISTRATION = {
  membershipType: 'trial',
  subscriptionStatus: 'pending',
  approvalStatus: 'pending',
} as const satisfies {
  membershipType: MembershipType;
  subscriptionStatus: SubscriptionStatus;
  approvalStatus: ApprovalStatus;
};

/**
 * Approve and reject both decide a pending account; a decided one is not decided again, and a
 * paid registration is not decided before its payment completed (approval would activate it).
 */
export function canDecideApproval(user: {
  approvalStatus: string;
  membershipType?: string;
  subscriptionStatus?: string;
}): RuleResult {
  if (user.approvalStatus !== 'pending') return { ok: false, reason: APPROVAL_REASONS.notPending };
  if (
    user.membershipType !== undefined &&
    user.subscriptionStatus !== undefined &&
    isAwaitingPayment({
      ...user,
      membershipType: user.membershipType,
      subscriptionStatus: user.subscriptionStatus,
    })
  ) {
    return { ok: false, reason: APPROVAL_REASONS.awaitingPayment };
  }
  return { ok: true };
}

/**
 * What approval changes: verified and active from now, and a trial's seven days start at
 * approval (not at registration), so a member never loses trial days to the review queue. A
 * paid member's subscription (paid before approval) is left as its payment set it.
 */
export function approvedAccount(user: { membershipType: string }, adminId: number, now: Date) {
  const changes: {
    approvalStatus: 'approved';
    verified: true;
    subscriptionStatus?: 'active';
    approvedBy: number;
    approvedAt: Date;
    trialStartedAt?: Date;
    trialExpiresAt?: Date;
  } = {
    approvalStatus: 'approved',
    verified: true,
    approvedBy: adminId,
    approvedAt: now,
  };
  if (user.membershipType !== 'paid') changes.subscriptionStatus = 'active';
  if (user.membershipType === 'trial') {
    changes.trialStartedAt = now;
    changes.trialExpiresAt = trialExpiryFrom(now);
  }
  return changes;
}

/** What rejection changes: the state, and the admin's reason (none is kept as null). */
export function rejectedAccount(reason: string | undefined) {
  return { approvalStatus: 'rejected' as const, rejectionReason: reason ?? null };
}
