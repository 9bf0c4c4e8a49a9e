import { describe, expect, it } from 'vitest';
import {
  canConvertTrial,
  canStartRenewal,
  checkoutActivates,
  checkoutLapsed,
  checkoutReturnPaths,
  isAwaitingPayment,
  MAX_PERIOD_END_AHEAD_MS,
  paidPeriodEnd,
  renewedExpiry,
  retryAfterFailedPaymentPath,
  stripeTimeWithin,
  subscriptionStatusFromStripe,
} from './payments';

const now = new Date('2030-01-31T10:00:00.000Z');

describe('paid periods', () => {
  it('a month is a calendar month, clamped at the month end; a year is twelve', () => {
    expect(paidPeriodEnd('monthly', now).toISOString()).toBe('2030-02-28T10:00:00.000Z');
    expect(paidPeriodEnd('yearly', now).toISOString()).toBe('2031-01-31T10:00:00.000Z');
    expect(paidPeriodEnd('monthly', new Date('2030-03-15T00:00:00Z')).toISOString()).toBe(
      '2030-04-15T00:00:00.000Z',
    );
  });

  it('a renewal extends from the later of now and the current expiry', () => {
    const ahead = new Date('2030-03-10T10:00:00.000Z');
    expect(renewedExpiry('monthly', ahead, now).toISOString()).toBe('2030-04-10T10:00:00.000Z');
    const past = new Date('2029-12-01T00:00:00.000Z');
    expect(renewedExpiry('monthly', past, now).toISOString()).toBe('2030-02-28T10:00:00.000Z');
    expect(renewedExpiry('yearly', null, now).toISOString()).toBe('2031-01-31T10:00:00.000Z');
  });
});

describe('who may pay', () => {
  const member = { approvalStatus: 'approved', membershipType: 'paid', isDeleted: false };
  it('renewal: expired or cancelled accounts only', () => {
    expect(canStartRenewal({ ...member, subscriptionStatus: 'expired' }, now).ok).toBe(true);
    expect(canStartRenewal({ ...member, subscriptionStatus: 'cancelled' }, now).ok).toBe(true);
    expect(canStartRenewal({ ...member, subscriptionStatus: 'active' }, now)).toEqual({
      ok: false,
      reason: 'Only expired or cancelled memberships can be renewed.',
    });
    expect(
      canStartRenewal({ ...member, approvalStatus: 'pending', subscriptionStatus: 'expired' }, now)
        .ok,
    ).toBe(false);
  });

  it('conversion: trial members only', () => {
    expect(canConvertTrial({ membershipType: 'trial' }).ok).toBe(true);
    const refused = canConvertTrial({ membershipType: 'paid' });
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.reason).toMatch(/^Not on Trial/);
  });

  it('a paid registration awaits its payment while its subscription is pending', () => {
    const reg = {
      approvalStatus: 'pending',
      membershipType: 'paid',
      subscriptionStatus: 'pending',
    };
    expect(isAwaitingPayment(reg)).toBe(true);
    expect(isAwaitingPayment({ ...reg, subscriptionStatus: 'active' })).toBe(false);
    expect(isAwaitingPayment({ ...reg, membershipType: 'trial' })).toBe(false);
  });
});

describe('checkout returns and Stripe statuses', () => {
  it('each purpose returns to its own pages', () => {
    expect(checkoutReturnPaths('registration', 'a@ba.com')).toEqual({
      success: '/payment?session_id={CHECKOUT_SESSION_ID}',
      cancel: '/payment',
    });
    expect(checkoutReturnPaths('renewal', 'a+b@ba.com').cancel).toBe('/renew?email=a%2Bb%40ba.com');
    expect(checkoutReturnPaths('conversion', 'a@ba.com')).toEqual({
      success: '/payment-success?session_id={CHECKOUT_SESSION_ID}',
      cancel: '/convert-trial',
    });
  });

  it('after a failed payment, a registration starts again from registering, the others where they began', () => {
    expect(retryAfterFailedPaymentPath('registration', 'a@ba.com')).toBe('/register');
    expect(retryAfterFailedPaymentPath('renewal', 'a+b@ba.com')).toBe(
      '/renew?email=a%2Bb%40ba.com',
    );
    expect(retryAfterFailedPaymentPath('conversion', 'a@ba.com')).toBe('/convert-trial');
  });

  it('maps Stripe subscription statuses', () => {
    expect(subscriptionStatusFromStripe('active')).toBe('active');
    expect(subscriptionStatusFromStripe('past_due')).toBe('suspended');
    expect(subscriptionStatusFromStripe('canceled')).toBe('cancelled');
    expect(subscriptionStatusFromStripe('incomplete')).toBeNull();
  });
});

describe('Stripe events', () => {
  it('only paid or no-payment-required checkouts activate', () => {
    expect(checkoutActivates('paid')).toBe(true);
    expect(checkoutActivates('no_payment_required')).toBe(true);
    expect(checkoutActivates('unpaid')).toBe(false);
    expect(checkoutActivates(undefined)).toBe(false);
  });

  it('a Stripe time is a whole, non-negative second no later than the margin allows', () => {
    const seconds = now.getTime() / 1000;
    expect(stripeTimeWithin(seconds, now, 0)).toBe(true);
    expect(stripeTimeWithin(seconds + 1, now, 0)).toBe(false);
    expect(stripeTimeWithin(seconds + 1, now, 1000)).toBe(true);
    expect(stripeTimeWithin(Date.UTC(275760, 8, 13) / 1000, now, MAX_PERIOD_END_AHEAD_MS)).toBe(
      false,
    );
    expect(stripeTimeWithin(-1, now, MAX_PERIOD_END_AHEAD_MS)).toBe(false);
    expect(stripeTimeWithin(seconds - 0.5, now, MAX_PERIOD_END_AHEAD_MS)).toBe(false);
    expect(stripeTimeWithin(1e300, now, MAX_PERIOD_END_AHEAD_MS)).toBe(false);
  });

  it('a checkout (and the unpaid registration it is the latest of) lapses exactly 24 h after it opened', () => {
    const opened = new Date('2030-01-30T10:00:00.000Z');
    expect(checkoutLapsed(opened, new Date(now.getTime() - 1))).toBe(false);
    expect(checkoutLapsed(opened, now)).toBe(true);
  });
});
