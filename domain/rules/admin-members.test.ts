import { describe, expect, it } from 'vitest';
import { MEMBERSHIP_FILTERS, MEMBERSHIP_TYPES } from '../constants';
import {
  adminCreatedMembership,
  adminPasscodeFor,
  canDeleteMember,
  canGrantAdminTo,
  membershipTypesForFilter,
} from './admin-members';
import { matchesMembershipFilter } from './membership';

describe('admin member rules', () => {
  it('the SQL filter admits exactly the types matchesMembershipFilter admits', () => {
    for (const filter of MEMBERSHIP_FILTERS) {
      const types = membershipTypesForFilter(filter);
      for (const membershipType of MEMBERSHIP_TYPES) {
        const inSql = types === null || types.includes(membershipType);
        expect(inSql, `${filter} ${membershipType}`).toBe(
          matchesMembershipFilter({ membershipType }, filter),
        );
      }
    }
  });

  it('refuses deleting oneself and making a demo user admin', () => {
    expect(canDeleteMember({ id: 1, isAdmin: true }, 1).ok).toBe(false);
    expect(canDeleteMember({ id: 1, isAdmin: true }, 2).ok).toBe(true);
    expect(canGrantAdminTo({ isDemoUser: true }, true).ok).toBe(false);
    expect(canGrantAdminTo({ isDemoUser: true }, false).ok).toBe(true);
    expect(canGrantAdminTo({ isDemoUser: false }, true).ok).toBe(true);
  });

  it('forces the demo PIN on demo members', () => {
    expect(adminPasscodeFor({ isDemoUser: true }, '1234', '0000')).toEqual({
      pin: '0000',
      forcedPin: true,
    });
    expect(adminPasscodeFor({ isDemoUser: false }, '1234', '0000')).toEqual({
      pin: '1234',
      forcedPin: false,
    });
  });

  it('an admin-created member is standard until the expiry, lifetime for lifetime', () => {
    const now = new Date('2030-06-15T12:00:00Z');
    expect(adminCreatedMembership('1week', now)).toMatchObject({
      membershipType: 'standard',
      subscriptionStatus: 'active',
      approvalStatus: 'approved',
      subscriptionExpiresAt: new Date('2030-06-22T12:00:00Z'),
    });
    expect(adminCreatedMembership('lifetime', now).membershipType).toBe('lifetime');
  });
});
