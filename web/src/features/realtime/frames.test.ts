import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INVALIDATION_KEYS, type ServerFrame, serverFrameSchema } from '../../../../domain';
import { aMessage } from '../../test/messages';
import { FRAME_READERS, parseServerFrame, readServerFrame } from './frames';

// The reader stands in for serverFrameSchema on the web (frames.ts says why): these hold it to
// the schema's answers, accepting, refusing and stripping alike.

const message = aMessage({
  id: 5,
  waveId: 3,
  content: 'hello',
  clientId: '0b7e6c52-1f1a-4c38-9d5e-2f0c5a1b2c3d',
});
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

/** One of each frame the server sends, and the variants its schema allows. */
const valid: ServerFrame[] = [
  { type: 'auth_success', userId: 7 },
  { type: 'auth_success', userId: 7, cursor: '2030-06-01T09:00:00Z' },
  { type: 'auth_error', message: 'Failed to authenticate WebSocket connection' },
  { type: 'pong' },
  { type: 'message', data: { ...message, recipientId: 8, senderNickname: 'You' } },
  { type: 'message', data: { ...message, clientId: null, recipientId: 8, senderNickname: 'J' } },
  { type: 'wave_update', data: { waveId: 3, status: 'pending' } },
  { type: 'wave_update', data: { waveId: 3, status: 'deleted' } },
  {
    type: 'push_notification',
    data: { title: 'New Message', message: 'Jane: hello', url: '/messages?waveId=3' },
  },
  { type: 'presence', data: { userId: 8, isOnline: false } },
  { type: 'invalidate', data: { keys: [...INVALIDATION_KEYS] } },
  { type: 'invalidate', data: { keys: [] } },
  { type: 'message_ack', clientId: 'c-1', data: message },
  { type: 'message_ack', data: { ...wave, status: 'accepted' } },
  { type: 'error', clientId: 'c-1', message: 'Conversation not found', code: 'overloaded' },
  { type: 'error', message: 'Invalid frame' },
];

const malformed: unknown[] = [
  null,
  'pong',
  42,
  [{ type: 'pong' }],
  { data: {} },
  { type: 'mystery' },
  { type: 'toString' },
  { type: 'auth_success' },
  { type: 'auth_success', userId: 0 },
  { type: 'auth_success', userId: 2_147_483_648 },
  { type: 'auth_success', userId: 1.5 },
  { type: 'auth_success', userId: 7, cursor: '2030-06-01T09:00Z' },
  { type: 'auth_success', userId: 7, cursor: '2030-02-30T09:00:00Z' },
  { type: 'auth_success', userId: 7, cursor: '2030-06-01T09:00:00+01:00' },
  { type: 'message', data: { ...message, senderId: undefined } },
  { type: 'message', data: { ...message, createdAt: 'yesterday' } },
  { type: 'message', data: { ...message, recipientId: 8 } },
  { type: 'wave_update', data: { waveId: 3, status: 'gone' } },
  { type: 'wave_update', data: { waveId: '3', status: 'pending' } },
  { type: 'presence', data: { userId: 8, isOnline: 'yes' } },
  { type: 'presence' },
  { type: 'invalidate', data: { keys: ['flights', 'everything'] } },
  { type: 'invalidate', data: { keys: [['flights']] } },
  { type: 'invalidate', data: { keys: 'flights' } },
  { type: 'push_notification', data: { message: 'm', url: '/home' } },
  { type: 'message_ack', clientId: 'c', data: { id: 1 } },
  { type: 'message_ack', clientId: 7, data: message },
  { type: 'error', clientId: 'c' },
  { type: 'error', message: 'm', code: 7 },
];

/** What the schema makes of a value: its output, or null when it refuses it. */
const bySchema = (value: unknown) => {
  const result = serverFrameSchema.safeParse(value);
  return result.success ? result.data : null;
};

/** The objects a value holds, key by key: which keys, optional or not, and what each holds. */
type Keys = { [key: string]: { optional: boolean; holds: Keys[] } };
type ZodLike = { _zod: { def: Record<string, unknown> & { type: string } } };
type ReaderLike = {
  shape?: Record<string, ReaderLike & { optional?: true }>;
  options?: readonly ReaderLike[];
  inner?: ReaderLike;
};

function schemaKeys(schema: ZodLike): Keys[] {
  const def = schema._zod.def;
  switch (def.type) {
    case 'object':
      return [
        Object.fromEntries(
          Object.entries(def.shape as Record<string, ZodLike>).map(([key, field]) => [
            key,
            { optional: field._zod.def.type === 'optional', holds: schemaKeys(field) },
          ]),
        ),
      ];
    case 'optional':
    case 'nullable':
    case 'catch':
      return schemaKeys(def.innerType as ZodLike);
    case 'array':
      return schemaKeys(def.element as ZodLike);
    case 'union':
      return (def.options as ZodLike[]).flatMap(schemaKeys);
    default:
      return [];
  }
}

function readerKeys(read: ReaderLike): Keys[] {
  if (read.shape)
    return [
      Object.fromEntries(
        Object.entries(read.shape).map(([key, field]) => [
          key,
          { optional: field.optional === true, holds: readerKeys(field) },
        ]),
      ),
    ];
  if (read.options) return read.options.flatMap(readerKeys);
  return read.inner ? readerKeys(read.inner) : [];
}

describe('the reader and the schema', () => {
  it('read the same keys of every frame, nested objects and unions included', () => {
    const options = (serverFrameSchema as unknown as ZodLike)._zod.def.options as ZodLike[];
    expect(options.length).toBe(Object.keys(FRAME_READERS).length);
    for (const option of options) {
      const [keys] = schemaKeys(option) as [Keys];
      const { type, ...rest } = keys;
      const name = (option as unknown as { shape: { type: { value: string } } }).shape.type.value;
      expect(type, name).toBeDefined();
      expect(readerKeys(FRAME_READERS[name as ServerFrame['type']]), name).toEqual([rest]);
    }
  });
});

describe('readServerFrame', () => {
  it.each(valid.map((frame) => [frame.type, frame]))('reads a %s frame as sent', (_, frame) => {
    const sent = JSON.parse(JSON.stringify(frame));
    expect(readServerFrame(sent)).toEqual(frame);
    expect(readServerFrame(sent)).toEqual(bySchema(sent));
  });

  it.each(malformed.map((value) => [JSON.stringify(value), value]))('refuses %s', (_, value) => {
    expect(bySchema(value)).toBeNull();
    expect(readServerFrame(value)).toBeNull();
  });

  it('drops keys the contract does not name, as the schema does', () => {
    const extra = {
      type: 'presence',
      data: { userId: 8, isOnline: true, email: 'x@ba.com' },
      debug: 1,
    };
    expect(readServerFrame(extra)).toEqual({
      type: 'presence',
      data: { userId: 8, isOnline: true },
    });
    expect(readServerFrame(extra)).toEqual(bySchema(extra));
  });

  it('reads a notification link to another site, or none, as home', () => {
    for (const url of [
      'https://evil.example/x',
      '//evil.example',
      'javascript:alert(1)',
      42,
      undefined,
    ]) {
      const frame = { type: 'push_notification', data: { title: 'T', message: 'M', url } };
      expect(readServerFrame(frame)).toEqual({
        type: 'push_notification',
        data: { title: 'T', message: 'M', url: '/home' },
      });
      expect(readServerFrame(frame)).toEqual(bySchema(frame));
    }
  });

  it('answers as the schema does for any frame with one field changed to anything', () => {
    const anything = fc.oneof(
      fc.constant(undefined),
      fc.constant(null),
      fc.boolean(),
      fc.integer({ min: -3, max: 2_147_483_650 }),
      fc.double(),
      fc.string(),
      fc.constantFrom('2030-06-01T09:00:00Z', '2030-06-01T09:00:00.5Z', '2031-02-29T00:00:00Z'),
      fc.constantFrom(...INVALIDATION_KEYS, 'pending', 'accepted', 'deleted', '/home', 'pong'),
      fc.array(fc.constantFrom(...INVALIDATION_KEYS, 'x'), { maxLength: 3 }),
      fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 2 }),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...valid),
        fc.boolean(),
        fc.nat(),
        anything,
        (frame, inData, pick, value) => {
          const copy = JSON.parse(JSON.stringify(frame)) as Record<string, unknown>;
          const target =
            inData && typeof copy.data === 'object' && copy.data !== null
              ? (copy.data as Record<string, unknown>)
              : copy;
          const keys = [...Object.keys(target), 'extra'];
          target[keys[pick % keys.length]!] = value;
          expect(readServerFrame(copy)).toEqual(bySchema(copy));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('reads the socket text, and ignores text that is not JSON', () => {
    expect(parseServerFrame('{"type":"pong"}')).toEqual({ type: 'pong' });
    expect(parseServerFrame('not json')).toBeNull();
    expect(parseServerFrame(42)).toBeNull();
  });
});
