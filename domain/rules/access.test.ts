import { describe, expect, it } from 'vitest';
import {
  canAddFlights,
  canAdminister,
  canChangePasscode,
  canChooseRank,
  canDeleteAccount,
  canDeleteFlight,
  canDeleteWave,
  canEditCrewEntry,
  canEditProfile,
  canJoinFlight,
  canMarkWavesRead,
  canMessage,
  canReadWave,
  canRemoveCrew,
  canRequestCancellation,
  canRespondToWave,
  canSendWave,
  canToggleAdmin,
  type RuleResult,
} from './access';

const now = new Date('2025-03-10T12:00:00.000Z');
const upcoming = { flightNumber: 'BA117 (1530)', departureDate: '2025-03-10T00:00:00.000Z' };
const departed = { flightNumber: 'BA117 (0930)', departureDate: '2025-03-10T00:00:00.000Z' };
const crew = { id: 1 };
const other = { id: 2 };
const admin = { id: 9, isAdmin: true };
const demo = { id: 7, isDemoUser: true };
const OK: RuleResult = { ok: true };
const no = (reason: string): RuleResult => ({ ok: false, reason });

describe('canJoinFlight', () => {
  it.each([
    [crew, upcoming, false, OK],
    [admin, upcoming, false, OK],
    [demo, upcoming, false, no('Cannot add yourself to flights in demo mode')],
    [crew, departed, false, no('Cannot join a departed flight')],
    [crew, upcoming, true, no("You're already on this flight")],
  ])('%j on %j (already %s)', (viewer, flight, alreadyOnFlight, expected) => {
    expect(canJoinFlight(viewer, flight, now, { alreadyOnFlight })).toEqual(expected);
  });

  it('says "already on this flight", which the client recognises', () => {
    const result = canJoinFlight(crew, upcoming, now, { alreadyOnFlight: true });
    expect(!result.ok && result.reason).toContain('already on this flight');
  });
});

describe('canSendWave', () => {
  const both = { senderOnFlight: true, receiverOnFlight: true, existingWave: false };
  it.each([
    ['allowed', crew, 2, upcoming, both, OK],
    ['demo', demo, 2, upcoming, both, no('Wave sending not available in demo mode')],
    ['departed', crew, 2, departed, both, no('Cannot send waves for past flights')],
    ['self', crew, 1, upcoming, both, no('You cannot wave at yourself')],
    [
      'sender off flight',
      crew,
      2,
      upcoming,
      { ...both, senderOnFlight: false },
      no('Both crew members must be on this flight'),
    ],
    [
      'receiver off flight',
      crew,
      2,
      upcoming,
      { ...both, receiverOnFlight: false },
      no('Both crew members must be on this flight'),
    ],
    [
      'blocked either way: as if not on the flight',
      crew,
      2,
      upcoming,
      { ...both, blocked: true },
      no('Both crew members must be on this flight'),
    ],
    [
      'existing',
      crew,
      2,
      upcoming,
      { ...both, existingWave: true },
      no('A wave already exists between you on this flight'),
    ],
  ])('%s', (_label, viewer, receiverId, flight, context, expected) => {
    expect(canSendWave(viewer, receiverId, flight, now, context)).toEqual(expected);
  });
});

describe('canRespondToWave', () => {
  const wave = { senderId: 2, receiverId: 1, status: 'pending' };
  it.each([
    ['receiver', crew, wave, upcoming, OK],
    ['sender', other, wave, upcoming, no('Only the receiver can respond to this wave')],
    [
      'answered',
      crew,
      { ...wave, status: 'accepted' },
      upcoming,
      no('This wave has already been answered'),
    ],
    ['departed', crew, wave, departed, no('Cannot respond to waves for past flights')],
    [
      'demo',
      { ...crew, isDemoUser: true },
      wave,
      upcoming,
      no('Wave responses not available in demo mode'),
    ],
  ])('%s', (_label, viewer, w, flight, expected) => {
    expect(canRespondToWave(viewer, w, flight, now)).toEqual(expected);
  });
});

describe('canMessage and reading', () => {
  const wave = { senderId: 1, receiverId: 2, status: 'accepted' };
  it.each([
    ['sender', crew, wave, upcoming, OK],
    ['receiver', other, wave, upcoming, OK],
    ['outsider', { id: 3 }, wave, upcoming, no('Not found')],
    [
      'pending',
      crew,
      { ...wave, status: 'pending' },
      upcoming,
      no('Messaging is available once the wave is accepted'),
    ],
    [
      'closed',
      crew,
      wave,
      departed,
      no('This flight has departed. Messaging is no longer available.'),
    ],
    [
      'demo',
      { ...crew, isDemoUser: true },
      wave,
      upcoming,
      no('Demo mode - Message sending not available'),
    ],
  ])('%s', (_label, viewer, w, flight, expected) => {
    expect(canMessage(viewer, w, flight, now)).toEqual(expected);
  });

  it('keeps a closed chat readable by its parties only', () => {
    expect(canReadWave(crew, wave)).toEqual(OK);
    expect(canReadWave({ id: 3 }, wave)).toEqual(no('Not found'));
  });

  it('lets either side delete a wave, not demo users', () => {
    expect(canDeleteWave(other, { ...wave, status: 'rejected' })).toEqual(OK);
    expect(canDeleteWave({ id: 3 }, wave)).toEqual(no('Not found'));
    expect(canDeleteWave({ ...crew, isDemoUser: true }, wave).ok).toBe(false);
  });

  it('refuses mark-read to demo users with the spec text', () => {
    expect(canMarkWavesRead(crew)).toEqual(OK);
    expect(canMarkWavesRead(demo)).toEqual(
      no('Demo users cannot mark waves as read. This action is restricted in demo mode.'),
    );
  });
});

describe('canDeleteFlight', () => {
  const denied = no('Only the first crew member on this flight or an admin can delete it');
  const othersOn = no('Other crew are on this flight. You can leave it instead.');
  it.each([
    ['admin, crew on it', admin, 1, 5, OK],
    ['admin, nobody on it', admin, null, 0, OK],
    ['first crew member, alone', crew, 1, 1, OK],
    ['first crew member, others on it', crew, 1, 2, othersOn],
    ['later crew member', other, 1, 2, denied],
    ['no crew', crew, null, 0, denied],
    ['demo, even first and alone', demo, 7, 1, no('Demo users cannot delete flights')],
  ])('%s', (_label, viewer, firstCrewUserId, crewCount, expected) => {
    expect(canDeleteFlight(viewer, { firstCrewUserId, crewCount })).toEqual(expected);
  });
});

describe('canRemoveCrew', () => {
  it.each([
    ['admin removes anyone', admin, upcoming, 2, OK],
    ['member leaves', crew, upcoming, 1, OK],
    [
      'member removes another',
      crew,
      upcoming,
      2,
      no('Only an admin can remove other crew members'),
    ],
    ['admin after departure', admin, departed, 2, no('Cannot remove crew from departed flights')],
    ['member after departure', crew, departed, 1, no('Cannot remove crew from departed flights')],
    ['demo', demo, upcoming, 7, no('Demo users cannot remove crew members')],
  ])('%s', (_label, viewer, flight, userId, expected) => {
    expect(canRemoveCrew(viewer, flight, now, { userId })).toEqual(expected);
  });
});

describe('account and admin rules', () => {
  it('refuses demo users what the spec disables', () => {
    for (const rule of [canAddFlights, canEditProfile, canDeleteAccount, canRequestCancellation]) {
      expect(rule(crew)).toEqual(OK);
      expect(rule(demo).ok).toBe(false);
    }
    expect(canAddFlights(demo)).toEqual(no('Demo mode - Flight uploads not available'));
  });

  it('names the demo PIN', () => {
    expect(canChangePasscode(demo, '0000')).toEqual(
      no('Demo users cannot change their PIN. Demo users must use PIN 0000.'),
    );
    expect(canChangePasscode(crew, '0000')).toEqual(OK);
  });

  it('limits crew entry edits to their owner', () => {
    expect(canEditCrewEntry(crew, { userId: 1 })).toEqual(OK);
    expect(canEditCrewEntry(crew, { userId: 2 }).ok).toBe(false);
  });

  it('admits only admins, and never to change their own flag', () => {
    expect(canAdminister(admin)).toEqual(OK);
    expect(canAdminister(crew)).toEqual(no("You don't have permission to access this page."));
    expect(canToggleAdmin(admin, 2)).toEqual(OK);
    expect(canToggleAdmin(admin, 9)).toEqual(no('You cannot change your own admin status'));
    expect(canToggleAdmin(crew, 2).ok).toBe(false);
  });
});

describe('canChooseRank', () => {
  it.each([
    [crew, 'Admin', no('Please choose a rank')],
    [demo, 'Admin', no('Please choose a rank')],
    [admin, 'Admin', OK],
    [crew, 'Purser', OK],
    [crew, null, OK],
    [crew, undefined, OK],
  ])('%j choosing %j', (viewer, rank, expected) => {
    expect(canChooseRank(viewer, rank)).toEqual(expected);
  });
});
