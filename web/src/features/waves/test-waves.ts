import type { PresentedUser, WaveWithParties } from '../../../../domain';

/** Test fixtures: a wave as GET /api/waves presents it. */
export function person(id: number, overrides: Partial<PresentedUser> = {}): PresentedUser {
  return {
    id,
    displayName: `Crew ${id}`,
    role: 'IFL',
    avatarRing: 'green',
    trialBadge: null,
    isOnline: false,
    isAdmin: false,
    ...overrides,
  };
}

export function waveFixture(overrides: Partial<WaveWithParties> = {}): WaveWithParties {
  const senderId = overrides.senderId ?? 1;
  const receiverId = overrides.receiverId ?? 2;
  return {
    id: 10,
    senderId,
    receiverId,
    flightId: 5,
    status: 'pending',
    senderRead: false,
    receiverRead: false,
    createdAt: '2030-06-01T08:00:00.000Z',
    sender: person(senderId),
    receiver: person(receiverId),
    flight: {
      id: 5,
      flightNumber: 'BA117 (1530)',
      origin: 'LHR',
      destination: 'JFK',
      departureDate: '2030-06-10T00:00:00.000Z',
    },
    unread: false,
    chatClosed: false,
    unreadMessages: 0,
    ...overrides,
  };
}
