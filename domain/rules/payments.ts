import {
  type CheckoutPurpose,
  DAY_MS,
  type MembershipType,
  type PaidPlan,
  type SubscriptionStatus,
} from '../constants';
import { PAYMENT_TEXTS } from '../schemas/payments';
import type { RuleResult } from './access';
import { canRenewMembership, type MembershipUser } from './membership';
import { type DateLike, toDate } from './time';

/**
 * A paid registration before its payment: 'activation pending' (sign-in says so), not yet in
 * the admins' approval queue. The payment's verified event activates the subscription; the
 * admin's approval then issues the PIN as for a trial.
 */
export const PENDING_PAID_REGISTRATION = {
  membershipType: 'paid',
  subscriptionStatus: 'pending',
  approvalStatus: 'pending',
} as const satisfies {
  membershipType: MembershipType;
  subscriptionStatus: SubscriptionStatus;
  approvalStatus: string;
};

/** A paid registration whose payment has not completed: hidden from the approval queue. */
export function isAwaitingPayment(user: {
  membershipType: string;
  subscriptionStatus: string;
  approvalStatus: string;
}): boolean {
  return (
    user.approvalStatus === 'pending' &&
    user.membershipType === PENDING_PAID_REGISTRATION.membershipType &&
    user.subscriptionStatus === PENDING_PAID_REGISTRATION.subscriptionStatus
  );
}

/**
 * A checkout can be paid for this long after it was opened: Stripe's default session lifetime,
 * kept by the local checkout too. An unpaid paid registration lapses when its latest checkout
 * has, so none can still be paid once the account is gone.
 */
export const CHECKOUT_LIFETIME_MS = DAY_MS;

/** Whether a checkout opened at `openedAt` (or the registration it was the latest of) lapsed. */
export function checkoutLapsed(openedAt: DateLike, now: Date): boolean {
  return now.getTime() >= toDate(openedAt).getTime() + CHECKOUT_LIFETIME_MS;
}

/**
 * Whether a completed checkout's `payment_status` means the money is in: 'paid', or
 * 'no_payment_required' (a 100% discount). 'unpaid' is a delayed method (a bank debit) still in
 * progress; its async_payment_succeeded event activates later.
 */
export function checkoutActivates(paymentStatus: string | null | undefined): boolean {
  return paymentStatus === 'paid' || paymentStatus === 'no_payment_required';
}

/** The latest period end a paid invoice may set: a yearly period with a year's margin. */
export const MAX_PERIOD_END_AHEAD_MS = 2 * 365 * DAY_MS;

/**
 * Whether a Stripe timestamp (seconds) is a whole number within `[0, now + aheadMs]`: a
 * negative, fractional or far-future one (year 275760) is refused, never turned into a date.
 */
export function stripeTimeWithin(seconds: number, now: Date, aheadMs: number): boolean {
  return Number.isSafeInteger(seconds) && seconds >= 0 && seconds * 1000 <= now.getTime() + aheadMs;
}

/** One paid period from `from`: calendar months in UTC (31 Jan + 1 month clamps to 28/29 Feb). */
export function paidPeriodEnd(plan: PaidPlan, from: Date): Date {
  const months = plan === 'yearly' ? 12 : 1;
  const end = new Date(from.getTime());
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}

/** A renewal adds its period to whatever is left: from the current expiry if still ahead. */
export function renewedExpiry(plan: PaidPlan, currentExpiry: DateLike | null, now: Date): Date {
  const current = currentExpiry ? toDate(currentExpiry) : null;
  return paidPeriodEnd(plan, current && current > now ? current : now);
}

/** Renewal checkout: only expired or cancelled accounts (and ended trials) may pay to renew. */
export function canStartRenewal(
  user: MembershipUser & {
    subscriptionStatus: string;
    isDeleted?: boolean;
    approvalStatus?: string;
  },
  now: Date,
): RuleResult {
  return canRenewMembership(user, now)
    ? { ok: true }
    : { ok: false, reason: PAYMENT_TEXTS.notEligibleForRenewal };
}

/** Conversion checkout: only members on a trial (running or ended). */
export function canConvertTrial(user: { membershipType: string }): RuleResult {
  return user.membershipType === 'trial'
    ? { ok: true }
    : {
        ok: false,
        reason: `${PAYMENT_TEXTS.notOnTrial}: only trial members can convert to a paid plan.`,
      };
}

/** Where the browser returns after a checkout, by what the checkout was for. */
export function checkoutReturnPaths(purpose: CheckoutPurpose, email: string) {
  const placeholder = '{CHECKOUT_SESSION_ID}';
  if (purpose === 'registration') {
    return { success: `/payment?session_id=${placeholder}`, cancel: '/payment' };
  }
  return {
    success: `/payment-success?session_id=${placeholder}`,
    cancel: purpose === 'renewal' ? `/renew?email=${encodeURIComponent(email)}` : '/convert-trial',
  };
}

/**
 * Where a member whose delayed payment failed starts again (the link of the mail saying so): a
 * registration from the registration page (a new browser has none of the old one's state), a
 * renewal or conversion where its checkout began.
 */
export function retryAfterFailedPaymentPath(purpose: CheckoutPurpose, email: string) {
  return purpose === 'registration' ? '/register' : checkoutReturnPaths(purpose, email).cancel;
}

/**
 * Stripe's subscription status as ours. 'incomplete' is a first payment still in progress, so
 * nothing changes (null); a failing renewal suspends; a subscription that ended is cancelled.
 */
export function subscriptionStatusFromStripe(status: string): SubscriptionStatus | null {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
    case 'unpaid':
    case 'paused':
      return 'suspended';
    case 'canceled':
    case 'incomplete_expired':
      return 'cancelled';
    default:
      return null;
  }
}
