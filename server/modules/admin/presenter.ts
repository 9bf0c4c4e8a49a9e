import type { AdminUser, PendingApproval } from '../../../domain';
import type { UserRow } from '../../db/schema';
import { presentSelf } from '../users/presenter';

/**
 * An account awaiting approval, as the admin's review list shows it (snake_case, as the
 * contract names it). The expiry that will apply is the trial's when set, else the
 * subscription's.
 */
export function presentPendingApproval(u: UserRow): PendingApproval {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    payment_email: u.paymentEmail,
    role: u.role,
    created_at: u.createdAt.toISOString(),
    membership_type: u.membershipType,
    effective_expiry_date: (u.trialExpiresAt ?? u.subscriptionExpiresAt)?.toISOString() ?? null,
  };
}

/**
 * A member as the admin's table and dialogs show them: the owner's view without the PIN (its
 * reveal is a separate, audited call), plus the open cancellation request if one waits.
 */
export function presentAdminUser(u: UserRow, cancellationRequestedAt: Date | null): AdminUser {
  const { passcode: _never, ...self } = presentSelf(u);
  return { ...self, cancellationRequestedAt: cancellationRequestedAt?.toISOString() ?? null };
}
