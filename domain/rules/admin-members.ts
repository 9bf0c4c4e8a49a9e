import type { MembershipDuration, MembershipFilter, MembershipType } from '../constants';
import type { Actor, RuleResult } from './access';
import { membershipExpiry } from './membership';

/** Refusals of the admin's member-management calls (accounts spec §2 dialogs, §4). */
export const ADMIN_MEMBER_REASONS = {
  deleteSelf: 'You cannot delete your own account from the admin dashboard',
  demoAdmin: 'Demo users cannot be made admins',
  emailTaken: 'An account with this email already exists',
} as const;

/**
 * The membership types a filter admits, for SQL (`membership_type in (...)`); null admits all.
 * matchesMembershipFilter answers the same question for a row in memory.
 */
export function membershipTypesForFilter(
  filter: MembershipFilter,
): readonly MembershipType[] | null {
  if (filter === 'all') return null;
  // 'standard' covers both names the data uses for the plain membership.
  if (filter === 'standard') return ['standard', 'regular'];
  return [filter];
}

/** Permanent delete is never aimed at oneself: an admin would lock themselves out for good. */
export function canDeleteMember(viewer: Actor, targetUserId: number): RuleResult {
  return viewer.id === targetUserId
    ? { ok: false, reason: ADMIN_MEMBER_REASONS.deleteSelf }
    : { ok: true };
}

/**
 * Demo accounts are shared with anyone trying the app, so they never carry admin rights;
 * revoking (isAdmin false) is always allowed.
 */
export function canGrantAdminTo(target: { isDemoUser: boolean }, isAdmin: boolean): RuleResult {
  return isAdmin && target.isDemoUser
    ? { ok: false, reason: ADMIN_MEMBER_REASONS.demoAdmin }
    : { ok: true };
}

/** An admin setting a demo member's PIN gets the demo PIN instead (spec §4 Demo users). */
export function adminPasscodeFor(
  target: { isDemoUser: boolean },
  requested: string,
  demoPasscode: string,
): { pin: string; forcedPin: boolean } {
  return target.isDemoUser
    ? { pin: demoPasscode, forcedPin: true }
    : { pin: requested, forcedPin: false };
}

/**
 * The account fields of a member an admin adds: approved, verified and active at once; a
 * lifetime duration makes a lifetime member, any other a standard one until the expiry.
 */
export function adminCreatedMembership(duration: MembershipDuration, now: Date) {
  return {
    membershipType: (duration === 'lifetime' ? 'lifetime' : 'standard') as MembershipType,
    subscriptionStatus: 'active' as const,
    subscriptionExpiresAt: membershipExpiry(duration, now),
    approvalStatus: 'approved' as const,
    verified: true,
    approvedAt: now,
  };
}
