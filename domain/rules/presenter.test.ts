import { describe, expect, it } from 'vitest';
import { presentedUserSchema } from '../schemas/user';
import { presentUser } from './presenter';

const now = new Date('2025-03-10T12:00:00.000Z');
const row = {
  id: 2,
  email: 'jane.smith@ba.com',
  passcode: '1234',
  name: 'Jane Smith',
  nickname: 'SkyJane',
  role: 'IFL',
  mobileNumber: '07700 900123',
  showNameAfterMatch: true,
  shareContactInfo: true,
  isOnline: true,
  isAdmin: false,
  membershipType: 'trial',
  subscriptionStatus: 'active',
  subscriptionExpiresAt: null,
  trialExpiresAt: '2025-03-13T12:00:00.000Z',
};

describe('presentUser', () => {
  it('shows a stranger the nickname and display fields only', () => {
    const presented = presentUser({ id: 1 }, row, null, now);
    expect(presented).toEqual({
      id: 2,
      displayName: 'SkyJane',
      role: 'IFL',
      avatarRing: 'orange',
      trialBadge: 'Trial (3d left)',
      isOnline: true,
      isAdmin: false,
    });
    expect(presentedUserSchema.parse(presented)).toEqual(presented);
  });

  it('reveals name and number after an accepted wave, never e-mail, PIN or dates', () => {
    const presented = presentUser(
      { id: 1 },
      row,
      { senderId: 1, receiverId: 2, status: 'accepted' },
      now,
    );
    expect(presented).toMatchObject({ realName: 'Jane Smith', mobileNumber: '07700 900123' });
    const json = JSON.stringify(presented);
    for (const secret of ['jane.smith@ba.com', '1234', '2025-03-13']) {
      expect(json).not.toContain(secret);
    }
  });
});
