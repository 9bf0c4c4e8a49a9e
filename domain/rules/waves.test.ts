import { describe, expect, it } from 'vitest';
import {
  chatClosesLabel,
  crewCardAction,
  crewWaveState,
  isWaveUnread,
  waveBadge,
  waveStatusSeenBy,
} from './waves';

const wave = { senderId: 1, receiverId: 2, senderRead: false, receiverRead: false };
const now = new Date('2025-03-10T12:00:00.000Z');
const open = { flightNumber: 'BA1 (1800)', departureDate: '2025-03-10T00:00:00.000Z' };
const gone = { flightNumber: 'BA1 (0800)', departureDate: '2025-03-10T00:00:00.000Z' };

describe('isWaveUnread', () => {
  it.each([
    ['pending, receiver', { ...wave, status: 'pending' }, 2, true],
    ['pending, sender', { ...wave, status: 'pending' }, 1, false],
    ['accepted, receiver unread', { ...wave, status: 'accepted' }, 2, true],
    ['accepted, receiver read', { ...wave, status: 'accepted', receiverRead: true }, 2, false],
    ['accepted, sender unread', { ...wave, status: 'accepted' }, 1, true],
    ['accepted, sender read', { ...wave, status: 'accepted', senderRead: true }, 1, false],
    ['accepted, outsider', { ...wave, status: 'accepted' }, 3, false],
    ['rejected', { ...wave, status: 'rejected' }, 2, false],
  ])('%s', (_label, w, userId, unread) => {
    expect(isWaveUnread(w, userId)).toBe(unread);
  });
});

describe('crew card', () => {
  it.each([
    ['self', 1, null, open, "It's You"],
    ['no wave', 2, null, open, 'Wave'],
    ['sent', 2, { senderId: 1, status: 'pending' }, open, 'Waved'],
    [
      'sent and declined: the same to the sender',
      2,
      { senderId: 1, status: 'rejected' },
      open,
      'Waved',
    ],
    ['declined by me', 2, { senderId: 2, status: 'rejected' }, open, 'Wave'],
    ['received', 2, { senderId: 2, status: 'pending' }, open, 'Respond'],
    ['accepted', 2, { senderId: 2, status: 'accepted' }, open, 'Chat'],
    ['accepted, departed', 2, { senderId: 2, status: 'accepted' }, gone, 'Chat (Departed)'],
  ])('%s', (_label, memberId, w, flight, label) => {
    expect(crewCardAction(1, memberId, w, flight, now).label).toBe(label);
  });

  it.each([
    [null, 1, null],
    [{ senderId: 1, status: 'pending' }, 1, 'Wave Sent'],
    [{ senderId: 1, status: 'pending' }, 2, null],
    [{ senderId: 1, status: 'accepted' }, 2, 'Connected'],
    [{ senderId: 1, status: 'rejected' }, 1, 'Wave Sent'],
    [{ senderId: 1, status: 'rejected' }, 2, null],
  ])('badge of %j for %i is %s', (w, viewerId, badge) => {
    expect(waveBadge(w, viewerId)).toBe(badge);
  });
});

describe('crewWaveState', () => {
  const on = (senderId: number, status: string) => ({ id: 5, senderId, status });
  const sentState = { status: 'pending-sent', waveId: 5 };
  it.each([
    ['no wave', null, 2, { status: 'none', waveId: null }],
    ['own card, even with a wave', on(1, 'accepted'), 1, { status: 'none', waveId: null }],
    ['viewer waved', on(1, 'pending'), 2, { status: 'pending-sent', waveId: 5 }],
    ['member waved', on(2, 'pending'), 2, { status: 'pending-received', waveId: 5 }],
    ['accepted', on(2, 'accepted'), 2, { status: 'accepted', waveId: 5 }],
    ['declined by the member: still waiting to me', on(1, 'rejected'), 2, sentState],
    ['declined by me', on(2, 'rejected'), 2, { status: 'rejected', waveId: 5 }],
  ])('%s', (_label, wave, memberId, expected) => {
    expect(crewWaveState(wave, 1, memberId)).toEqual(expected);
  });
});

describe('waveStatusSeenBy', () => {
  it.each([
    ['the sender of a declined wave sees it waiting', 'rejected', 1, 'pending'],
    ['the receiver who declined sees it declined', 'rejected', 2, 'rejected'],
    ['pending for both', 'pending', 1, 'pending'],
    ['accepted for both', 'accepted', 1, 'accepted'],
  ])('%s', (_label, status, viewerId, seen) => {
    expect(waveStatusSeenBy({ senderId: 1, status }, viewerId)).toBe(seen);
  });
});

describe('chatClosesLabel', () => {
  it('says the GMT departure time when the flight has one', () => {
    expect(chatClosesLabel({ flightNumber: 'BA117 (1530)' })).toBe(
      'Chat closes at departure, 15:30 GMT',
    );
    expect(chatClosesLabel({ flightNumber: 'BA117' })).toBe('Chat closes at departure');
  });
});
