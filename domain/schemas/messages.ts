import { z } from 'zod';
import { MESSAGE_MAX } from '../constants';
import { INVALID_CLIENT_ID, MESSAGE_EMPTY, MESSAGE_TOO_LONG } from '../rules/messages';
import { idParam, idSchema, isoDateTimeSchema } from './common';

/** Text is trimmed before sending; empty after trimming cannot be sent. */
export const messageContentSchema = z
  .string({ error: MESSAGE_EMPTY })
  .trim()
  .min(1, MESSAGE_EMPTY)
  .max(MESSAGE_MAX, MESSAGE_TOO_LONG);

/**
 * A message's own id, made by the sending browser (`crypto.randomUUID()`): a send retried with
 * it is answered with the message already stored, never stored twice (per sender).
 */
/**
 * Read in lower case, as PostgreSQL's uuid writes it back: an upper-case id was stored but then
 * matched nothing ('Conversation not found'), so one id is one spelling from here on.
 */
export const messageClientIdSchema = z
  .uuid({ error: INVALID_CLIENT_ID })
  .transform((id) => id.toLowerCase());

/**
 * A request frame's tag as a message client id (lower case), or undefined when the tag is not a
 * UUID (older tabs send other tags, which only tag the answer).
 */
export const messageClientIdOf = (value: unknown): string | undefined =>
  messageClientIdSchema.safeParse(value).data;

export const messageSchema = z.object({
  id: idSchema,
  waveId: idSchema,
  senderId: idSchema,
  content: z.string(),
  read: z.boolean(),
  createdAt: isoDateTimeSchema,
  /**
   * The sender's client id (one the server made when the send had none; null for messages from
   * before client ids). Optional in the schema only so older fixtures and frames still read.
   */
  clientId: z.string().nullable().optional(),
});
export type Message = z.infer<typeof messageSchema>;
export const messageListSchema = z.array(messageSchema);

/** GET /api/messages/{waveId}. */
export const waveIdParamSchema = z.object({
  waveId: idParam,
});

/** POST /api/messages (the fallback when the real-time channel is down). */
export const sendMessageRequestSchema = z.object({
  waveId: idSchema,
  content: messageContentSchema,
  /** Optional: the spec's payload is `{waveId, content}`; clients of this app always send it. */
  clientId: messageClientIdSchema.optional(),
});
export type SendMessageRequest = z.infer<typeof sendMessageRequestSchema>;
