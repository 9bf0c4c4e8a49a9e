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

export const messageSchema = z.object({
  id: idSchema,
  waveId: idSchema,
  senderId: idSchema,
  content: z.string(),
  read: z.boolean(),
  createdAt: isoDateTimeSchema,
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
  /**
   * The browser's own id for this message (a UUID, kept with it in the offline queue) so a
   * retried send can be recognised. Optional and additive (issue 21).
   */
  clientId: z.uuid().optional(),
});
export type SendMessageRequest = z.infer<typeof sendMessageRequestSchema>;
