import {
  type ClientFrame,
  type ClientRequestFrame,
  ID_MAX,
  INVALIDATION_KEYS,
  isAppPath,
  type ServerFrame,
  type ServerFrameOf,
  WAVE_STATUSES,
} from '../../../../domain';

/**
 * The frames of the real-time channel are defined once, in domain/schemas/realtime.ts (docs/api.md
 * 'Real time'). The server is the one that sends them, but a frame is still read defensively:
 * anything the schema does not accept is ignored, never thrown on.
 */
export type { ClientFrame, ServerFrame };
/** Client frames the server answers with `message_ack` or `error` carrying the same clientId. */
export type RequestFrame = ClientRequestFrame;
/** The channel's own frames, which the client handles itself (auth, liveness, request answers). */
export type ChannelFrame = ServerFrameOf<
  'auth_success' | 'auth_error' | 'pong' | 'message_ack' | 'error'
>;
/** The frames that tell of something that happened: they go on to the cache and notifications. */
export type EventFrame = Exclude<ServerFrame, ChannelFrame>;

// ---- The reader. `serverFrameSchema` is the contract; this reads exactly what it accepts, with
// its output (unknown keys dropped, a link elsewhere read as home), without constructing it:
// building the zod schemas the frames use (users, waves, messages) cost every member's first
// screen ~300 ms of Lighthouse's blocking time, and zod's compiler, which would turn the schema
// into such a function, needs eval, which the page's CSP forbids. frames.test.ts holds the two
// to the same answers: every frame the server sends, the malformed ones and generated variants.

const INVALID = Symbol('invalid');
/**
 * A reader, and what it is made of (`shape`, `options`, `inner`): frames.test.ts walks that
 * beside the schema's definition, so a field added to a frame's schema fails a test until the
 * reader reads it too.
 */
interface Read<T> {
  (value: unknown): T | typeof INVALID;
  shape?: Shape;
  options?: readonly Read<unknown>[];
  inner?: Read<unknown>;
  optional?: true;
}
type Field = Read<unknown>;
interface Shape {
  [key: string]: Field;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const string: Read<string> = (v) => (typeof v === 'string' ? v : INVALID);
const boolean: Read<boolean> = (v) => (typeof v === 'boolean' ? v : INVALID);
/** idSchema: a positive integer a PostgreSQL integer column holds. */
const id: Read<number> = (v) =>
  typeof v === 'number' && Number.isSafeInteger(v) && v > 0 && v <= ID_MAX ? v : INVALID;
/** z.iso.datetime(): UTC ('Z'), seconds required, any fraction, real calendar days. */
const ISO_DATETIME =
  /^(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|(?:02)-(?:0[1-9]|1\d|2[0-8])))T(?:(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z))$/;
const isoDateTime: Read<string> = (v) =>
  typeof v === 'string' && ISO_DATETIME.test(v) ? v : INVALID;
const literal =
  <T extends string>(...values: readonly T[]): Read<T> =>
  (v) =>
    values.includes(v as T) ? (v as T) : INVALID;
const nullable = <T>(read: Read<T>): Read<T | null> =>
  Object.assign((v: unknown) => (v === null ? null : read(v)), { inner: read as Read<unknown> });
const optional = (read: Read<unknown>): Field =>
  Object.assign((v: unknown) => read(v), { optional: true as const, inner: read });
const arrayOf = <T>(read: Read<T>): Read<T[]> =>
  Object.assign(
    (v: unknown) => {
      if (!Array.isArray(v)) return INVALID;
      const out: T[] = [];
      for (const item of v) {
        const one = read(item);
        if (one === INVALID) return INVALID;
        out.push(one);
      }
      return out;
    },
    { inner: read as Read<unknown> },
  );
/** z.object: the declared keys only; an optional key may be absent or undefined. */
const object = (shape: Shape): Read<Record<string, unknown>> =>
  Object.assign(
    (v: unknown) => {
      if (!isRecord(v)) return INVALID;
      const out: Record<string, unknown> = {};
      for (const [key, read] of Object.entries(shape)) {
        const value = v[key];
        if (value === undefined && read.optional) continue;
        const result = read(value);
        if (result === INVALID) return INVALID;
        out[key] = result;
      }
      return out;
    },
    { shape },
  );
/** z.union: the first that reads. */
const either = (...reads: Read<unknown>[]): Read<unknown> =>
  Object.assign(
    (v: unknown) => {
      for (const read of reads) {
        const result = read(v);
        if (result !== INVALID) return result;
      }
      return INVALID;
    },
    { options: reads },
  );

const messageShape: Shape = {
  id,
  waveId: id,
  senderId: id,
  content: string,
  read: boolean,
  createdAt: isoDateTime,
  clientId: optional(nullable(string)),
};
const wave = object({
  id,
  senderId: id,
  receiverId: id,
  flightId: id,
  status: literal(...WAVE_STATUSES),
  senderRead: boolean,
  receiverRead: boolean,
  createdAt: isoDateTime,
});

/** Each frame type's reader (all but its `type`); exported for frames.test.ts. */
export const FRAME_READERS: Record<ServerFrame['type'], Read<Record<string, unknown>>> = {
  auth_success: object({ userId: id, cursor: optional(isoDateTime) }),
  auth_error: object({ message: string }),
  pong: object({}),
  message: object({
    data: object({ ...messageShape, recipientId: id, senderNickname: string }),
  }),
  wave_update: object({
    data: object({ waveId: id, status: literal(...WAVE_STATUSES, 'deleted') }),
  }),
  push_notification: object({
    data: object({
      title: string,
      message: string,
      // `.catch('/home')`: a link elsewhere (or none) opens home.
      url: (v) => (typeof v === 'string' && isAppPath(v) ? v : '/home'),
    }),
  }),
  presence: object({ data: object({ userId: id, isOnline: boolean }) }),
  invalidate: object({ data: object({ keys: arrayOf(literal(...INVALIDATION_KEYS)) }) }),
  message_ack: object({
    clientId: optional(string),
    data: either(object(messageShape), wave),
  }),
  error: object({ clientId: optional(string), message: string, code: optional(string) }),
};

/** A server frame from its decoded JSON, or null when it is not one the contract accepts. */
export function readServerFrame(value: unknown): ServerFrame | null {
  if (
    !isRecord(value) ||
    typeof value.type !== 'string' ||
    !Object.hasOwn(FRAME_READERS, value.type)
  )
    return null;
  const type = value.type as ServerFrame['type'];
  const rest = FRAME_READERS[type](value);
  return rest === INVALID ? null : ({ type, ...rest } as ServerFrame);
}

/** A server frame from the socket's text, or null when it is not one we understand. */
export function parseServerFrame(raw: unknown): ServerFrame | null {
  if (typeof raw !== 'string') return null;
  try {
    return readServerFrame(JSON.parse(raw));
  } catch {
    return null;
  }
}
