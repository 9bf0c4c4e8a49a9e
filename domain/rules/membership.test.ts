import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../constants';
import {
  adminExpiryTone,
  avatarRing,
  CANCELLATION_TEXTS,
  canRenewMembership,
  hasCancellableSubscription,
  type MembershipUser,
  matchesMembershipFilter,
  membershipDisplay,
  membershipExpiry,
  membershipInfo,
  membershipStanding,
  subscriptionBadge,
  trialBadge,
  trialBanner,
  trialExpiryFrom,
  trialStatus,
} from './membership';

const now = new Date('2025-03-10T12:00:00.000Z');
const inDays = (days: number) => new Date(now.getTime() + days * DAY_MS).toISOString();
const inYear = (year: number) => `${year}-06-01T00:00:00.000Z`;

const trial = (days: number | null): MembershipUser => ({
  membershipType: 'trial',
  subscriptionStatus: 'active',
  trialExpiresAt: days === null ? null : inDays(days),
});
const member = (expiry: string | null, membershipType = 'standard'): MembershipUser => ({
  membershipType,
  subscriptionStatus: 'active',
  subscriptionExpiresAt: expiry,
});

describe('trialStatus', () => {
  it.each([
    [7, 7, false],
    [2.5, 3, false],
    [0.01, 1, false],
    [0, 0, true],
    [-3, 0, true],
  ])('%s days left reads as %s, expired %s', (days, remaining, expired) => {
    expect(trialStatus(trial(days), now)).toEqual({
      onTrial: true,
      daysRemaining: remaining,
      trialExpired: expired,
      trialExpiresAt: inDays(days),
    });
  });

  it('a trial not started yet has all seven days', () => {
    expect(trialStatus(trial(null), now)).toMatchObject({ daysRemaining: 7, trialExpired: false });
  });

  it('is off for other memberships', () => {
    expect(trialStatus(member(inDays(40)), now)).toEqual({
      onTrial: false,
      daysRemaining: 0,
      trialExpired: false,
      trialExpiresAt: null,
    });
  });

  it('starts seven days from approval', () => {
    expect(trialExpiryFrom(now).toISOString()).toBe(inDays(7));
  });
});

describe('membershipDisplay', () => {
  it.each([
    ['trial, 3 days', trial(3), 'Active'],
    ['trial, 2 days', trial(2), 'Expiring Soon'],
    ['trial, 1 hour', trial(1 / 24), 'Expiring Soon'],
    ['trial, ended', trial(0), 'Expired'],
    ['trial, long ended', trial(-10), 'Expired'],
    ['tester, no expiry', member(null, 'tester'), 'Active'],
    ['tester, expiry in 10 days', member(inDays(10), 'tester'), 'Expiring Soon'],
    ['31 days', member(inDays(31)), 'Active'],
    ['30 days', member(inDays(30)), 'Expiring Soon'],
    ['1 day', member(inDays(1)), 'Expiring Soon'],
    ['under a day', member(inDays(0.5)), 'Expiring Soon'],
    ['0 days', member(inDays(0)), 'Expired'],
    ['past', member(inDays(-1)), 'Expired'],
    ['year 2098', member(inYear(2098)), 'Active'],
    ['year 2099', member(inYear(2099)), 'Lifetime'],
    ['year 2150', member(inYear(2150)), 'Lifetime'],
    ['no date', member(null), 'Unknown'],
  ])('%s', (_label, user, expected) => {
    expect(membershipDisplay(user, now)).toBe(expected);
  });

  it('gives the membership info entity', () => {
    expect(membershipInfo(member(inDays(12)), now)).toEqual({
      status: 'Expiring Soon',
      daysLeft: 12,
      isLifetime: false,
    });
    expect(membershipInfo(member(inYear(2099)), now)).toEqual({
      status: 'Lifetime',
      daysLeft: null,
      isLifetime: true,
    });
    expect(membershipInfo(member(null, 'tester'), now)).toEqual({
      status: 'Active',
      daysLeft: null,
      isLifetime: true,
    });
  });
});

describe('subscriptionBadge', () => {
  it.each([
    ['tester', member(inDays(3), 'tester'), 'TESTER'],
    ['tester without expiry', member(null, 'tester'), 'TESTER'],
    ['year 2090', member(inYear(2090)), 'YEARLY'],
    ['year 2091', member(inYear(2091)), 'LIFETIME'],
    ['301 days', member(inDays(301)), 'YEARLY'],
    ['300 days', member(inDays(300)), 'CUSTOM'],
    ['191 days', member(inDays(191)), 'CUSTOM'],
    ['190 days', member(inDays(190)), '6M'],
    ['161 days', member(inDays(161)), '6M'],
    ['160 days', member(inDays(160)), 'CUSTOM'],
    ['101 days', member(inDays(101)), 'CUSTOM'],
    ['100 days', member(inDays(100)), '3M'],
    ['81 days', member(inDays(81)), '3M'],
    ['80 days', member(inDays(80)), 'CUSTOM'],
    ['36 days', member(inDays(36)), 'CUSTOM'],
    ['35 days', member(inDays(35)), 'MONTHLY'],
    ['26 days', member(inDays(26)), 'MONTHLY'],
    ['25 days', member(inDays(25)), 'CUSTOM'],
    ['16 days', member(inDays(16)), 'CUSTOM'],
    ['15 days', member(inDays(15)), 'WEEKLY'],
    ['7 days', member(inDays(7)), 'WEEKLY'],
    ['6 days', member(inDays(6)), 'CUSTOM'],
    ['expired', member(inDays(-2)), 'CUSTOM'],
    ['no expiry', member(null), 'CUSTOM'],
  ])('%s', (_label, user, expected) => {
    expect(subscriptionBadge(user, now)).toBe(expected);
  });

  it.each(['pending', 'expired', 'cancelled', 'suspended', null])(
    'none when status is %s',
    (status) => {
      expect(
        subscriptionBadge({ ...member(inDays(400)), subscriptionStatus: status }, now),
      ).toBeNull();
    },
  );
});

describe('avatarRing', () => {
  it.each([
    ['trial', trial(5), 'orange'],
    ['trial not started', trial(null), 'orange'],
    ['trial expired', trial(-1), 'red'],
    ['year 2051', member(inYear(2051)), 'purple'],
    ['year 2050', member(inYear(2050)), 'yellow'],
    ['10 months of 30 days', member(inDays(300)), 'yellow'],
    ['a minute short of 10 months', member(inDays(300 - 1 / 1440)), 'green'],
    ['299 days', member(inDays(299)), 'green'],
    ['expired member', member(inDays(-5)), 'green'],
    ['tester without expiry', member(null, 'tester'), 'purple'],
  ])('%s', (_label, user, expected) => {
    expect(avatarRing(user, now)).toBe(expected);
  });
});

describe('trial banner and badge', () => {
  it.each([
    [7, 'normal', 'Upgrade', 'Trial (7d left)'],
    [3, 'normal', 'Upgrade', 'Trial (3d left)'],
    [2, 'warning', 'Upgrade', 'Trial (2d left)'],
    [1, 'warning', 'Upgrade', 'Trial (1d left)'],
    [0, 'expired', 'Convert Now', 'Trial Expired'],
  ])('%s days', (days, state, action, badge) => {
    expect(trialBanner(trial(days), now)).toMatchObject({ state, action });
    expect(trialBadge(trial(days), now)).toBe(badge);
  });

  it('is absent when not on a trial', () => {
    expect(trialBanner(member(inDays(40)), now)).toBeNull();
    expect(trialBadge(member(inDays(40)), now)).toBeNull();
  });
});

describe('admin helpers', () => {
  it.each([
    [inDays(-1), 'expired'],
    [inDays(0), 'expired'],
    [inDays(7), 'soon'],
    [inDays(8), null],
    [null, null],
  ])('expiry %s tone %s', (expiry, tone) => {
    expect(adminExpiryTone(expiry, now)).toBe(tone);
  });

  it.each([
    ['all', 'tester', true],
    ['standard', 'standard', true],
    ['standard', 'regular', true],
    ['standard', 'paid', false],
    ['trial', 'trial', true],
    ['paid', 'paid', true],
    ['tester', 'trial', false],
  ] as const)('filter %s matches %s: %s', (filter, type, expected) => {
    expect(matchesMembershipFilter({ membershipType: type }, filter)).toBe(expected);
  });

  it.each([
    ['1week', 'WEEKLY'],
    ['2weeks', 'WEEKLY'],
    ['1month', 'MONTHLY'],
    ['3months', '3M'],
    ['6months', '6M'],
    ['1year', 'YEARLY'],
    ['lifetime', 'LIFETIME'],
  ] as const)('an admin-created %s membership badges as %s', (duration, badge) => {
    const expiry = membershipExpiry(duration, now).toISOString();
    expect(subscriptionBadge(member(expiry), now)).toBe(badge);
  });
});

describe('hasCancellableSubscription', () => {
  const paid = (fields: Partial<MembershipUser> & { subscriptionStatus?: string } = {}) => ({
    membershipType: 'paid',
    subscriptionStatus: 'active',
    subscriptionExpiresAt: inDays(20),
    ...fields,
  });
  it('allows an active paid member up to the last second of the period', () => {
    expect(hasCancellableSubscription(paid(), now)).toEqual({ ok: true });
    const lastSecond = new Date(now.getTime() + 1000).toISOString();
    expect(hasCancellableSubscription(paid({ subscriptionExpiresAt: lastSecond }), now).ok).toBe(
      true,
    );
  });
  it.each([
    ['a trial', { membershipType: 'trial' }],
    ['a tester', { membershipType: 'tester', subscriptionExpiresAt: null }],
    ['a lifetime member', { membershipType: 'lifetime', subscriptionExpiresAt: null }],
    ['an expired paid member', { subscriptionStatus: 'expired' }],
    ['a cancelled paid member', { subscriptionStatus: 'cancelled' }],
    ['a paid member past the expiry', { subscriptionExpiresAt: now.toISOString() }],
  ])('refuses %s', (_who, fields) => {
    expect(hasCancellableSubscription(paid(fields), now)).toEqual({
      ok: false,
      reason: CANCELLATION_TEXTS.notPaid,
    });
  });
  it('names the 7 working days of notice', () => {
    expect(CANCELLATION_TEXTS.submitted).toContain('at least 7 working days before');
  });
});

describe('canRenewMembership', () => {
  const base = { approvalStatus: 'approved', membershipType: 'paid', subscriptionStatus: 'active' };
  it('a paid period that ran out may renew before any job marks it expired', () => {
    expect(canRenewMembership({ ...base, subscriptionExpiresAt: now.toISOString() }, now)).toBe(
      true,
    );
    expect(canRenewMembership({ ...base, subscriptionExpiresAt: inDays(1) }, now)).toBe(false);
  });
  it('a tester without expiry never may; a cancelled member may', () => {
    expect(canRenewMembership({ ...base, membershipType: 'tester' }, now)).toBe(false);
    expect(canRenewMembership({ ...base, subscriptionStatus: 'cancelled' }, now)).toBe(true);
  });
});

describe('membershipStanding', () => {
  const at = (ms: number) => new Date(now.getTime() + ms).toISOString();
  const person = (over: Record<string, unknown>) => ({
    isAdmin: false,
    isDemoUser: false,
    membershipType: 'paid',
    subscriptionStatus: 'active',
    subscriptionExpiresAt: null,
    trialExpiresAt: null,
    ...over,
  });

  it('lets a trial in until the instant it ends, then says the trial expired', () => {
    expect(
      membershipStanding(person({ membershipType: 'trial', trialExpiresAt: at(1) }), now),
    ).toEqual({
      active: true,
    });
    expect(
      membershipStanding(person({ membershipType: 'trial', trialExpiresAt: at(0) }), now),
    ).toEqual({
      active: false,
      reason: 'trial_expired',
      subscriptionStatus: 'expired',
    });
  });

  it('judges a paid membership by its status as it counts now, expiry included', () => {
    expect(membershipStanding(person({ subscriptionExpiresAt: at(1) }), now).active).toBe(true);
    expect(membershipStanding(person({ subscriptionExpiresAt: at(0) }), now)).toEqual({
      active: false,
      reason: 'subscription_inactive',
      subscriptionStatus: 'expired',
    });
    for (const status of ['cancelled', 'past_due', 'pending']) {
      expect(membershipStanding(person({ subscriptionStatus: status }), now)).toEqual({
        active: false,
        reason: 'subscription_inactive',
        subscriptionStatus: status,
      });
    }
  });

  it('never stops admins or demo users, whatever their membership fields say', () => {
    const lapsed = { subscriptionStatus: 'expired', subscriptionExpiresAt: at(-DAY_MS) };
    expect(membershipStanding(person({ ...lapsed, isAdmin: true }), now).active).toBe(true);
    expect(membershipStanding(person({ ...lapsed, isDemoUser: true }), now).active).toBe(true);
  });
});
