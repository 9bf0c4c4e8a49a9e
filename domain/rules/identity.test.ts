import { describe, expect, it } from 'vitest';
import { type IdentitySubject, visibleIdentity } from './identity';

const viewer = { id: 1 };
const other: IdentitySubject = {
  id: 2,
  name: 'Jane Smith',
  nickname: 'SkyJane',
  mobileNumber: '+44 7700 900123',
  showNameAfterMatch: true,
  shareContactInfo: true,
};
const accepted = { senderId: 1, receiverId: 2, status: 'accepted' };
const NOTE = 'This crew member prefers to chat in-app';

describe('visibleIdentity', () => {
  it('shows admins the real name and number', () => {
    expect(visibleIdentity({ id: 9, isAdmin: true }, other, null)).toEqual({
      displayName: 'Jane Smith',
      realName: 'Jane Smith',
      mobileNumber: '+44 7700 900123',
    });
  });

  it('shows demo viewers only Test User, even after a match', () => {
    expect(visibleIdentity({ id: 1, isDemoUser: true }, other, accepted)).toEqual({
      displayName: 'Test User',
    });
  });

  it('shows a member themselves in full', () => {
    expect(visibleIdentity(viewer, { ...other, id: 1 }, null)).toMatchObject({
      displayName: 'Jane Smith',
      realName: 'Jane Smith',
    });
  });

  it.each([
    ['no wave', null],
    ['pending wave', { ...accepted, status: 'pending' }],
    ['rejected wave', { ...accepted, status: 'rejected' }],
    ['accepted wave of other people', { senderId: 3, receiverId: 2, status: 'accepted' }],
  ])('keeps the nickname only with %s', (_label, wave) => {
    expect(visibleIdentity(viewer, other, wave)).toEqual({ displayName: 'SkyJane' });
  });

  it.each([
    [{}, { displayName: 'Jane Smith', realName: 'Jane Smith', mobileNumber: '+44 7700 900123' }],
    [{ showNameAfterMatch: false }, { displayName: 'SkyJane', mobileNumber: '+44 7700 900123' }],
    [
      { showNameAfterMatch: false, nickname: '  ' },
      { displayName: 'Anonymous Crew Member', mobileNumber: '+44 7700 900123' },
    ],
    [
      { shareContactInfo: false },
      { displayName: 'Jane Smith', realName: 'Jane Smith', contactNote: NOTE },
    ],
    [
      { mobileNumber: null },
      { displayName: 'Jane Smith', realName: 'Jane Smith', contactNote: NOTE },
    ],
    [
      { shareContactInfo: undefined, showNameAfterMatch: undefined },
      { displayName: 'Jane Smith', realName: 'Jane Smith', contactNote: NOTE },
    ],
  ])('on an accepted wave with %j reveals %j', (change, expected) => {
    expect(visibleIdentity(viewer, { ...other, ...change }, accepted)).toEqual(expected);
  });

  it('works in either direction of the wave', () => {
    const reversed = { senderId: 2, receiverId: 1, status: 'accepted' };
    expect(visibleIdentity(viewer, other, reversed).realName).toBe('Jane Smith');
  });

  it('falls back to Anonymous Crew Member without a nickname', () => {
    expect(visibleIdentity(viewer, { ...other, nickname: null }, null)).toEqual({
      displayName: 'Anonymous Crew Member',
    });
  });
});
