import { describe, expect, it } from 'vitest';
import { assertNever, INVALIDATION_KEYS } from '../rules/realtime';
import {
  type ClientFrame,
  clientFrameSchema,
  type ServerFrame,
  serverFrameSchema,
} from './realtime';

const message = {
  id: 5,
  waveId: 3,
  senderId: 7,
  content: 'hello',
  read: false,
  createdAt: '2030-06-01T09:00:00.000Z',
};
const wave = {
  id: 3,
  senderId: 7,
  receiverId: 8,
  flightId: 2,
  status: 'accepted',
  senderRead: false,
  receiverRead: true,
  createdAt: '2030-06-01T08:00:00.000Z',
};

/** One of each frame the server sends (server/modules/realtime/service.ts, routes.ts, live-invalidation.ts). */
const serverFrames: ServerFrame[] = [
  { type: 'auth_success', userId: 7 },
  { type: 'auth_error', message: 'Failed to authenticate WebSocket connection' },
  { type: 'pong' },
  { type: 'message', data: { ...message, recipientId: 8, senderNickname: 'You' } },
  { type: 'wave_update', data: { waveId: 3, status: 'pending' } },
  { type: 'wave_update', data: { waveId: 3, status: 'deleted' } },
  {
    type: 'push_notification',
    data: { title: 'New Message', message: 'Jane: hello', url: '/messages?waveId=3' },
  },
  { type: 'presence', data: { userId: 8, isOnline: false } },
  { type: 'invalidate', data: { keys: ['flights', 'stats'] } },
  { type: 'invalidate', data: { keys: [...INVALIDATION_KEYS] } },
  { type: 'message_ack', clientId: 'c-1', data: message },
  { type: 'message_ack', clientId: 'w-1', data: { ...wave, status: 'accepted' } },
  { type: 'error', clientId: 'c-1', message: 'Conversation not found' },
  { type: 'error', message: 'Invalid frame' },
];

describe('serverFrameSchema', () => {
  it.each(serverFrames.map((frame) => [frame.type, frame]))(
    'accepts a %s frame as sent',
    (_, frame) => {
      // Through JSON, as it travels.
      expect(serverFrameSchema.parse(JSON.parse(JSON.stringify(frame)))).toEqual(frame);
    },
  );

  it.each([
    ['no type', { data: {} }],
    ['an unknown type', { type: 'mystery' }],
    ['not an object', 'pong'],
    ['auth_success without its user', { type: 'auth_success' }],
    [
      'a message missing its sender',
      { type: 'message', data: { ...message, senderId: undefined } },
    ],
    [
      'a message with a bad date',
      { type: 'message', data: { ...message, createdAt: 'yesterday' } },
    ],
    [
      'a wave_update of an unknown status',
      { type: 'wave_update', data: { waveId: 3, status: 'gone' } },
    ],
    [
      'a wave_update with a text id',
      { type: 'wave_update', data: { waveId: '3', status: 'pending' } },
    ],
    ['presence with a text flag', { type: 'presence', data: { userId: 8, isOnline: 'yes' } }],
    ['presence without data', { type: 'presence' }],
    [
      'an invalidate of an unknown key',
      { type: 'invalidate', data: { keys: ['flights', 'everything'] } },
    ],
    ['an invalidate of a nested key', { type: 'invalidate', data: { keys: [['flights']] } }],
    ['a push without a title', { type: 'push_notification', data: { message: 'm', url: '/home' } }],
    ['an ack of something else', { type: 'message_ack', clientId: 'c', data: { id: 1 } }],
    ['an error without a message', { type: 'error', clientId: 'c' }],
  ])('rejects %s', (_, frame) => {
    expect(serverFrameSchema.safeParse(frame).success).toBe(false);
  });

  it('reads a notification link to another site as home', () => {
    for (const url of ['https://evil.example/x', '//evil.example', 'javascript:alert(1)', 42]) {
      const frame = serverFrameSchema.parse({
        type: 'push_notification',
        data: { title: 'T', message: 'M', url },
      });
      expect(frame).toMatchObject({ data: { url: '/home' } });
    }
  });
});

describe('clientFrameSchema', () => {
  const clientFrames: ClientFrame[] = [
    { type: 'auth', userId: 7 },
    { type: 'ping' },
    { type: 'heartbeat' },
    { type: 'new_message', waveId: 3, content: 'hi', clientId: 'c-1' },
    { type: 'new_message', waveId: 3, content: 'hi' },
    { type: 'wave_update', waveId: 3, status: 'rejected', clientId: 'w-1' },
  ];
  it.each(clientFrames.map((frame) => [frame.type, frame]))(
    'accepts a %s frame as the web sends it',
    (_, frame) => {
      expect(clientFrameSchema.parse(JSON.parse(JSON.stringify(frame)))).toEqual(frame);
    },
  );

  it('reads any other user id in auth as not this user, not as a malformed frame', () => {
    for (const userId of ['7', -1, null, { id: 7 }]) {
      expect(clientFrameSchema.parse({ type: 'auth', userId })).toEqual({
        type: 'auth',
        userId: undefined,
      });
    }
  });

  it('trims message text and refuses it by the HTTP rules, with their messages', () => {
    expect(clientFrameSchema.parse({ type: 'new_message', waveId: 3, content: '  hi  ' })).toEqual({
      type: 'new_message',
      waveId: 3,
      content: 'hi',
    });
    const issue = (frame: unknown) => clientFrameSchema.safeParse(frame).error?.issues[0]?.message;
    expect(issue({ type: 'new_message', waveId: 3, content: '   ' })).toBe(
      'Message cannot be empty',
    );
    expect(issue({ type: 'new_message', waveId: 0, content: 'hi' })).toBe('Invalid id');
    expect(issue({ type: 'wave_update', waveId: 3, status: 'pending' })).toBe(
      'Status must be accepted or rejected',
    );
    expect(
      issue({ type: 'new_message', waveId: 3, content: 'hi', clientId: 'x'.repeat(101) }),
    ).toBeDefined();
    expect(issue({ type: 'mystery' })).toBeDefined();
  });
});

describe('assertNever', () => {
  it('throws for a value a switch did not expect', () => {
    expect(() => assertNever('surprise' as never)).toThrow('Unexpected value: "surprise"');
  });
});
