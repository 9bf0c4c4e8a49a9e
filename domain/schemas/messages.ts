import { z } from 'zod';
import { MESSAGE_MAX } from '../constants';
import { idParam, idSchema, isoDateTimeSchema } from './common';

export const MESSAGE_EMPTY = 'Message cannot be empty';
export const MESSAGE_TOO_LONG = `Message must be ${MESSAGE_MAX} characters or fewer`;

/** Text is trimmed before sending; empty after trimming cannot be sent. */
export const messageContentSchema = z
  .string({ error: MESSAGE_EMPTY })
  .trim()
  .min(1, MESSAGE_EMPTY)
  .max(MESSAGE_MAX, MESSAGE_TOO_LONG);

export const INVALID_CLIENT_ID = 'Invalid client id';
export const CLIENT_ID_REUSED = 'This client id was already used for a different message';
/** The server is past its chat ceiling: try again shortly with the same clientId. */
export const CHAT_OVERLOADED = 'The chat is busy. Please try again in a moment.';
/** The `code` of the refusal above, on the socket's `error` frame and the 503 body. */
export const CHAT_OVERLOADED_CODE = 'overloaded';

/**
 * A message's own id, made by the sending browser (`crypto.randomUUID()`): a send retried with
 * it is answered with the message already stored, never stored twice (per sender).
 */
export const messageClientIdSchema = z.uuid({ error: INVALID_CLIENT_ID });

/** Whether a request frame's tag is also a message client id (older tabs send other tags). */
export const isMessageClientId = (value: unknown): value is string =>
  messageClientIdSchema.safeParse(value).success;

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
