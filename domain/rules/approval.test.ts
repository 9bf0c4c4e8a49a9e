import { describe, expect, it } from 'vitest';
import {
  approvedAccount,
  canDecideApproval,
  PENDING_TRIAL_REGISTRATION,
  rejectedAccount,
} from './approval';

const now = new Date('2025-03-10T12:00:00.000Z');

describe('approval state', () => {
  it('a registration starts pending, on a trial not yet started', () => {
    expect(PENDING_TRIAL_REGISTRATION).toEqual({
      membershipType: 'trial',
      subscriptionStatus: 'pending',
      approvalStatus: 'pending',
    });
  });

  it.each([
    ['pending', { ok: true }],
    ['approved', { ok: false, reason: 'This user is not awaiting approval' }],
    ['rejected', { ok: false, reason: 'This user is not awaiting approval' }],
  ])('%s may be decided: %j', (approvalStatus, expected) => {
    expect(canDecideApproval({ approvalStatus })).toEqual(expected);
  });

  it('approval activates the account and starts a trial at approval', () => {
    expect(approvedAccount({ membershipType: 'trial' }, 9, now)).toEqual({
      approvalStatus: 'approved',
      verified: true,
      subscriptionStatus: 'active',
      approvedBy: 9,
      approvedAt: now,
      trialStartedAt: now,
      trialExpiresAt: new Date('2025-03-17T12:00:00.000Z'),
    });
  });

  it('approval of a paid membership starts no trial', () => {
    const changes = approvedAccount({ membershipType: 'standard' }, 9, now);
    expect(changes).not.toHaveProperty('trialStartedAt');
    expect(changes).not.toHaveProperty('trialExpiresAt');
    expect(changes.approvalStatus).toBe('approved');
  });

  it('rejection keeps the reason, or null without one', () => {
    expect(rejectedAccount('Not crew')).toEqual({
      approvalStatus: 'rejected',
      rejectionReason: 'Not crew',
    });
    expect(rejectedAccount(undefined)).toEqual({
      approvalStatus: 'rejected',
      rejectionReason: null,
    });
  });
});

describe('paid registrations and approval', () => {
  it('a paid registration is not decided before its payment, and approval keeps its subscription', () => {
    const awaiting = {
      approvalStatus: 'pending',
      membershipType: 'paid',
      subscriptionStatus: 'pending',
    };
    expect(canDecideApproval(awaiting)).toEqual({
      ok: false,
      reason: 'This registration is awaiting its payment',
    });
    expect(canDecideApproval({ ...awaiting, subscriptionStatus: 'active' })).toEqual({ ok: true });
    const changes = approvedAccount({ membershipType: 'paid' }, 9, now);
    expect(changes).not.toHaveProperty('subscriptionStatus');
    expect(changes).not.toHaveProperty('trialExpiresAt');
  });
});
