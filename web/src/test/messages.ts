import type { Message } from '../../../domain';

/** A message as the API returns it: member 7's first message in conversation 10, unread. */
export function aMessage(overrides: Partial<Message> = {}): Message {
  return {
    id: 1,
    waveId: 10,
    senderId: 7,
    content: 'See you at the gate',
    read: false,
    createdAt: '2030-06-01T09:00:00.000Z',
    ...overrides,
  };
}
