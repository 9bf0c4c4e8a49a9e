import type { PendingApproval } from '../../../domain';
import type { UserRow } from '../../db/schema';

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
