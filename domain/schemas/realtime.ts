import { z } from 'zod';
import { INVALIDATION_KEYS, isAppPath } from '../rules/realtime';
import { idSchema, isoDateTimeSchema } from './common';
import { messageSchema, sendMessageRequestSchema } from './messages';
import { waveSchema, waveStatusSchema, waveStatusUpdateRequestSchema } from './waves';

/**
 * The real-time channel's contract (docs/api.md 'Real time'), both directions, once. The server
 * sends only `ServerFrame`s and reads client frames with `clientFrameSchema`; the web reads server
 * frames as `serverFrameSchema` accepts them (with a plain reader its tests hold to this schema,
 * web/src/features/realtime/frames.ts) and sends `ClientFrame`s. A new event is a new member of a union
 * here: the compiler then points at every sender and handler that must change.
 */

/** The longest request frame tag the server accepts. */
export const CLIENT_ID_MAX = 100;
/** A request frame's own tag, echoed on its `message_ack` or `error`. */
const clientIdSchema = z.string().max(CLIENT_ID_MAX);

/** Frames get the same input rules as HTTP bodies: ids from the one id schema, message text as POST /api/messages. */
export const clientFrameSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('auth'),
    // Identity comes from the session cookie: this only confirms it. Whatever else arrives here
    // is simply not the session's user (auth_error), not a malformed frame.
    userId: idSchema.optional().catch(undefined),
  }),
  z.object({ type: z.literal('ping') }),
  z.object({ type: z.literal('heartbeat') }),
  z.object({
    type: z.literal('new_message'),
    ...sendMessageRequestSchema.shape,
    // The request's tag; when it is a UUID it is also the message's client id (idempotent
    // send). Tabs loaded before client ids existed send other tags: those only tag the answer.
    clientId: clientIdSchema.optional(),
  }),
  z.object({
    type: z.literal('wave_update'),
    clientId: clientIdSchema.optional(),
    waveId: idSchema,
    ...waveStatusUpdateRequestSchema.shape,
  }),
]);
export type ClientFrame = z.output<typeof clientFrameSchema>;
/** Client frames the server answers with `message_ack` or `error` carrying the same clientId. */
export type ClientRequestFrame = Extract<ClientFrame, { type: 'new_message' | 'wave_update' }>;

export const invalidationKeySchema = z.enum(INVALIDATION_KEYS);
export type InvalidationKey = z.infer<typeof invalidationKeySchema>;

/** A new message, as each of its two people sees it (the sender's name by the reveal rules). */
export const liveMessageSchema = messageSchema.extend({
  recipientId: idSchema,
  senderNickname: z.string(),
});
export type LiveMessage = z.infer<typeof liveMessageSchema>;

/** A wave's new status; `deleted` when either person removed it. */
export const waveUpdateSchema = z.object({
  waveId: idSchema,
  status: z.union([waveStatusSchema, z.literal('deleted')]),
});
export type WaveUpdate = z.infer<typeof waveUpdateSchema>;

export const pushNotificationSchema = z.object({
  title: z.string(),
  message: z.string(),
  // A link elsewhere is not followed: the notification opens home instead.
  url: z.string().refine(isAppPath).catch('/home'),
});
export type PushNotification = z.infer<typeof pushNotificationSchema>;

export const presenceSchema = z.object({ userId: idSchema, isOnline: z.boolean() });
export type Presence = z.infer<typeof presenceSchema>;

export const invalidationSchema = z.object({ keys: z.array(invalidationKeySchema) });
export type Invalidation = z.infer<typeof invalidationSchema>;

/** What a request frame returns: the message sent, or the wave answered. */
export const messageAckDataSchema = z.union([messageSchema, waveSchema]);
export type MessageAckData = z.infer<typeof messageAckDataSchema>;

export const serverFrameSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('auth_success'),
    userId: idSchema,
    // The server's time at authentication: the first `since` for GET /api/sync (issue 21).
    cursor: isoDateTimeSchema.optional(),
  }),
  z.object({ type: z.literal('auth_error'), message: z.string() }),
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('message'), data: liveMessageSchema }),
  z.object({ type: z.literal('wave_update'), data: waveUpdateSchema }),
  z.object({ type: z.literal('push_notification'), data: pushNotificationSchema }),
  z.object({ type: z.literal('presence'), data: presenceSchema }),
  z.object({ type: z.literal('invalidate'), data: invalidationSchema }),
  z.object({
    type: z.literal('message_ack'),
    clientId: z.string().optional(),
    data: messageAckDataSchema,
  }),
  // The clientId as the request frame had it, even one too long to be valid.
  // `code` 'overloaded': refused only because the server is busy; resend with the same clientId.
  z.object({
    type: z.literal('error'),
    clientId: z.string().optional(),
    message: z.string(),
    code: z.string().optional(),
  }),
]);
export type ServerFrame = z.output<typeof serverFrameSchema>;
export type ServerFrameType = ServerFrame['type'];
/** One kind of server frame, e.g. `ServerFrameOf<'presence'>`. */
export type ServerFrameOf<T extends ServerFrameType> = Extract<ServerFrame, { type: T }>;
