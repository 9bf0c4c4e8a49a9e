import {
  ADMIN_EXPIRY_WARNING_DAYS,
  BADGE_LIFETIME_AFTER_YEAR,
  CANCELLATION_NOTICE_WORKING_DAYS,
  DAY_MS,
  EXPIRING_SOON_DAYS,
  LIFETIME_FROM_YEAR,
  type MembershipDuration,
  type MembershipFilter,
  MONTH_DAYS,
  RING_PURPLE_AFTER_YEAR,
  RING_YELLOW_MONTHS,
  TRIAL_DAYS,
  TRIAL_WARNING_DAYS,
} from '../constants';
import { type DateLike, daysUntil, toDate } from './time';

export interface MembershipUser {
  membershipType?: string | null;
  subscriptionStatus?: string | null;
  subscriptionExpiresAt?: DateLike | null;
  trialExpiresAt?: DateLike | null;
}

export type MembershipStatus = 'Active' | 'Expiring Soon' | 'Expired' | 'Lifetime' | 'Unknown';
export type SubscriptionBadge =
  | 'TESTER'
  | 'LIFETIME'
  | 'YEARLY'
  | 'MONTHLY'
  | '3M'
  | '6M'
  | 'WEEKLY'
  | 'CUSTOM';
export type AvatarRing = 'orange' | 'red' | 'purple' | 'yellow' | 'green';
export type TrialBannerState = 'normal' | 'warning' | 'expired';

export interface TrialStatus {
  onTrial: boolean;
  daysRemaining: number;
  trialExpired: boolean;
  trialExpiresAt: string | null;
}

const isTrial = (user: MembershipUser) => user.membershipType === 'trial';
const isTester = (user: MembershipUser) => user.membershipType === 'tester';
const yearOf = (value: DateLike) => toDate(value).getUTCFullYear();

/** A trial ends at trialExpiresAt; older rows only carry the subscription expiry. */
function trialEnd(user: MembershipUser): DateLike | null {
  return user.trialExpiresAt ?? user.subscriptionExpiresAt ?? null;
}

/**
 * Trial days left. A trial starts at approval, so a trial without an end date has not started
 * yet: it still has all its days and has not expired.
 */
export function trialStatus(user: MembershipUser, now: Date): TrialStatus {
  const onTrial = isTrial(user);
  const end = onTrial ? trialEnd(user) : null;
  const daysRemaining = !onTrial ? 0 : end ? Math.max(0, daysUntil(end, now)) : TRIAL_DAYS;
  return {
    onTrial,
    daysRemaining,
    trialExpired: onTrial && end !== null && daysRemaining <= 0,
    trialExpiresAt: end ? toDate(end).toISOString() : null,
  };
}

export function membershipDisplay(user: MembershipUser, now: Date): MembershipStatus {
  if (isTester(user) && !user.subscriptionExpiresAt) return 'Active';
  if (isTrial(user)) {
    const { trialExpired, daysRemaining } = trialStatus(user, now);
    if (trialExpired) return 'Expired';
    return daysRemaining <= TRIAL_WARNING_DAYS ? 'Expiring Soon' : 'Active';
  }
  const expiry = user.subscriptionExpiresAt;
  if (!expiry) return 'Unknown';
  if (yearOf(expiry) >= LIFETIME_FROM_YEAR) return 'Lifetime';
  const days = daysUntil(expiry, now);
  if (days <= 0) return 'Expired';
  return days <= EXPIRING_SOON_DAYS ? 'Expiring Soon' : 'Active';
}

/** The spec's "Membership info" entity. daysLeft is null when there is nothing to count to. */
export function membershipInfo(
  user: MembershipUser,
  now: Date,
): { status: MembershipStatus; daysLeft: number | null; isLifetime: boolean } {
  const status = membershipDisplay(user, now);
  const end = isTrial(user) ? trialEnd(user) : (user.subscriptionExpiresAt ?? null);
  return {
    status,
    daysLeft: end && status !== 'Lifetime' ? Math.max(0, daysUntil(end, now)) : null,
    isLifetime: status === 'Lifetime' || (isTester(user) && !user.subscriptionExpiresAt),
  };
}

const BADGE_RANGES: ReadonlyArray<readonly [min: number, max: number, badge: SubscriptionBadge]> = [
  [26, 35, 'MONTHLY'],
  [81, 100, '3M'],
  [161, 190, '6M'],
  [7, 15, 'WEEKLY'],
];

/** Plan badge, inferred from time left because the plan itself is not stored. */
export function subscriptionBadge(user: MembershipUser, now: Date): SubscriptionBadge | null {
  if (user.subscriptionStatus !== 'active') return null;
  if (isTester(user)) return 'TESTER';
  const expiry = user.subscriptionExpiresAt;
  if (!expiry) return 'CUSTOM';
  if (yearOf(expiry) > BADGE_LIFETIME_AFTER_YEAR) return 'LIFETIME';
  const days = daysUntil(expiry, now);
  if (days > 300) return 'YEARLY';
  const range = BADGE_RANGES.find(([min, max]) => days >= min && days <= max);
  return range ? range[2] : 'CUSTOM';
}

/**
 * Avatar ring. A non-trial member without an expiry (tester, lifetime) never runs out, so it
 * gets the same purple as a far-future expiry.
 */
export function avatarRing(user: MembershipUser, now: Date): AvatarRing {
  if (isTrial(user)) return trialStatus(user, now).trialExpired ? 'red' : 'orange';
  const expiry = user.subscriptionExpiresAt;
  if (!expiry || yearOf(expiry) > RING_PURPLE_AFTER_YEAR) return 'purple';
  const msLeft = toDate(expiry).getTime() - now.getTime();
  return msLeft >= RING_YELLOW_MONTHS * MONTH_DAYS * DAY_MS ? 'yellow' : 'green';
}

/** Badge beside a trial member's name in crew lists: 'Trial (Nd left)' or 'Trial Expired'. */
export function trialBadge(user: MembershipUser, now: Date): string | null {
  const trial = trialStatus(user, now);
  if (!trial.onTrial) return null;
  return trial.trialExpired ? 'Trial Expired' : `Trial (${trial.daysRemaining}d left)`;
}

/** Trial banner on the profile; null for members not on a trial. */
export function trialBanner(
  user: MembershipUser,
  now: Date,
): { state: TrialBannerState; daysRemaining: number; action: 'Upgrade' | 'Convert Now' } | null {
  const trial = trialStatus(user, now);
  if (!trial.onTrial) return null;
  if (trial.trialExpired) return { state: 'expired', daysRemaining: 0, action: 'Convert Now' };
  const state = trial.daysRemaining <= TRIAL_WARNING_DAYS ? 'warning' : 'normal';
  return { state, daysRemaining: trial.daysRemaining, action: 'Upgrade' };
}

/** Admin table colouring of an expiry date: red once past, orange within 7 days. */
export function adminExpiryTone(expiry: DateLike | null, now: Date): 'expired' | 'soon' | null {
  if (!expiry) return null;
  const ms = toDate(expiry).getTime() - now.getTime();
  if (ms <= 0) return 'expired';
  return ms <= ADMIN_EXPIRY_WARNING_DAYS * DAY_MS ? 'soon' : null;
}

/** 'standard' covers both names the data uses for the plain membership. */
export function matchesMembershipFilter(user: MembershipUser, filter: MembershipFilter): boolean {
  if (filter === 'all') return true;
  if (filter === 'standard') {
    return user.membershipType === 'standard' || user.membershipType === 'regular';
  }
  return user.membershipType === filter;
}

const DURATION_DAYS: Record<Exclude<MembershipDuration, 'lifetime'>, number> = {
  '1week': 7,
  '2weeks': 14,
  '1month': 30,
  '3months': 90,
  '6months': 180,
  '1year': 365,
};

/** Expiry for an admin-created membership; lifetime lands in 2099 so it reads as Lifetime. */
export function membershipExpiry(duration: MembershipDuration, now: Date): Date {
  if (duration === 'lifetime') return new Date(Date.UTC(LIFETIME_FROM_YEAR, 11, 31, 23, 59, 59));
  return new Date(now.getTime() + DURATION_DAYS[duration] * DAY_MS);
}

/** Trial end for a trial starting now. */
export function trialExpiryFrom(start: Date): Date {
  return new Date(start.getTime() + TRIAL_DAYS * DAY_MS);
}

/**
 * The subscription status that counts now: an 'active' paid membership whose expiry has passed
 * is expired, whatever the stored flag says; testers and lifetime members without an expiry
 * never lapse.
 */
export function effectiveSubscriptionStatus(
  user: MembershipUser & { subscriptionStatus: string },
  now: Date,
): string {
  const expiry = user.subscriptionExpiresAt ? toDate(user.subscriptionExpiresAt) : null;
  const lapsed = expiry !== null && expiry <= now;
  return lapsed && user.subscriptionStatus === 'active' ? 'expired' : user.subscriptionStatus;
}

/**
 * Whether the membership lets its owner in now, and if not, why: a trial that ran out, or a
 * subscription whose status (as it counts now) is not active. Admins and demo users have no
 * membership to lapse. The one rule behind sign-in's refusals and everything else that must
 * stop when a membership does (the calendar feed, issue 42's per-request check).
 */
export type MembershipStanding =
  | { active: true }
  | { active: false; reason: 'trial_expired'; subscriptionStatus: 'expired' }
  | { active: false; reason: 'subscription_inactive'; subscriptionStatus: string };

export function membershipStanding(
  user: MembershipUser & { subscriptionStatus: string; isAdmin: boolean; isDemoUser: boolean },
  now: Date,
): MembershipStanding {
  if (user.isAdmin || user.isDemoUser) return { active: true };
  if (isTrial(user)) {
    return trialStatus(user, now).trialExpired
      ? { active: false, reason: 'trial_expired', subscriptionStatus: 'expired' }
      : { active: true };
  }
  const status = effectiveSubscriptionStatus(user, now);
  return status === 'active'
    ? { active: true }
    : { active: false, reason: 'subscription_inactive', subscriptionStatus: status };
}

/** Only lapsed accounts may renew; a pending or active one signs in instead. */
export function canRenewMembership(
  user: MembershipUser & {
    subscriptionStatus: string;
    isDeleted?: boolean;
    approvalStatus?: string;
  },
  now: Date,
): boolean {
  if (user.isDeleted || user.approvalStatus !== 'approved') return false;
  // The status that counts now: a paid period that ran out before the expiry job marked it
  // may renew at once, as sign-in (which judges the same way) tells the member.
  const status = effectiveSubscriptionStatus(user, now);
  if (status === 'expired' || status === 'cancelled') return true;
  return isTrial(user) && trialStatus(user, now).trialExpired;
}

/** What a cancellation request answers (accounts spec §4, §9: a request, not an immediate cancel). */
export const CANCELLATION_TEXTS = {
  submitted: `Your cancellation request has been sent to the admin team. Requests must be sent at least ${CANCELLATION_NOTICE_WORKING_DAYS} working days before your next payment date.`,
  notPaid: 'Only members with an active paid subscription can request a cancellation.',
} as const;

/**
 * Who may ask the admins to cancel: a paid member whose subscription counts as active now.
 * Trials end by themselves, testers and lifetime members pay nothing, and a lapsed or
 * cancelled subscription has nothing left to cancel.
 */
export function hasCancellableSubscription(
  user: MembershipUser & { subscriptionStatus: string },
  now: Date,
): { ok: true } | { ok: false; reason: string } {
  if (user.membershipType === 'paid' && effectiveSubscriptionStatus(user, now) === 'active') {
    return { ok: true };
  }
  return { ok: false, reason: CANCELLATION_TEXTS.notPaid };
}

/** Was this account never a paying one (a free trial or a tester) before it lapsed? */
export const wasTestMember = (user: MembershipUser) =>
  user.membershipType === 'trial' || user.membershipType === 'tester';
