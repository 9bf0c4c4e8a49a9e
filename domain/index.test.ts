import { describe, expect, it } from 'vitest';
import * as domain from './index';

describe('the domain contract (ARCHITECTURE.md)', () => {
  it.each([
    'parseRoster',
    'flightNumberWithTime',
    'departureTimeOf',
    'isDeparted',
    'isChatClosed',
    'trialStatus',
    'membershipDisplay',
    'subscriptionBadge',
    'avatarRing',
    'activityScore',
    'visibleIdentity',
    'canJoinFlight',
    'canSendWave',
    'canRespondToWave',
    'canMessage',
    'canDeleteFlight',
    'canRemoveCrew',
    'canMarkWavesRead',
  ])('exports %s', (name) => {
    expect(typeof (domain as Record<string, unknown>)[name]).toBe('function');
  });

  it('exports RosterError with its code', () => {
    const error = new domain.RosterError('EMPTY_ROSTER', 'Empty Roster');
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe('EMPTY_ROSTER');
  });
});
