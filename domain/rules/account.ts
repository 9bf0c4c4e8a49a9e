import { DAY_MS, DELETION_GRACE_DAYS } from '../constants';
import type { RuleResult } from './access';
import { type DateLike, toDate } from './time';

export const ACCOUNT_REASONS = {
  notDeleted: 'This account is not deleted',
  graceEnded: 'The 30-day grace period for this account has ended',
} as const;

/** A self-deleted account is kept this long; until then an admin may restore it. */
export function deletionScheduledFor(now: Date): Date {
  return new Date(now.getTime() + DELETION_GRACE_DAYS * DAY_MS);
}

/**
 * An admin restores only a deleted account, and only while its grace period runs: the instant
 * it ends the account is gone for good. A deleted account without a date (older rows) has no
 * end to pass, so it stays restorable.
 */
export function canRestoreAccount(
  user: { isDeleted: boolean; deletionScheduledAt: DateLike | null },
  now: Date,
): RuleResult {
  if (!user.isDeleted) return { ok: false, reason: ACCOUNT_REASONS.notDeleted };
  const end = user.deletionScheduledAt ? toDate(user.deletionScheduledAt) : null;
  if (end && end.getTime() <= now.getTime())
    return { ok: false, reason: ACCOUNT_REASONS.graceEnded };
  return { ok: true };
}
