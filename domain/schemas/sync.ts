import { z } from 'zod';
import { isoDateTimeSchema } from './common';
import { messageSchema } from './messages';
import { waveWithPartiesSchema } from './waves';

/**
 * GET /api/sync?since=<cursor>: what changed for the member since the last event their socket
 * saw (issue 21). A cursor is a server timestamp: the socket's `auth_success` carries one, and
 * every `message` frame's `createdAt` is one.
 */
export const syncQuerySchema = z.object({
  // A server cursor is never before 2000; PostgreSQL has no year 0 (a 500, not a 400, if let by).
  since: isoDateTimeSchema.refine((v) => Date.parse(v) >= Date.UTC(2000, 0, 1), {
    error: 'Invalid since: use the cursor the server gave',
  }),
});
export type SyncQuery = z.infer<typeof syncQuerySchema>;

/** At most this many messages per answer; beyond it `complete` is false and the web refetches. */
export const SYNC_MESSAGE_LIMIT = 500;

export const syncResponseSchema = z.object({
  /** The next `since`: the server's time when this answer was read. */
  cursor: isoDateTimeSchema,
  /** Messages of the member's waves created at or after `since`, oldest first. */
  messages: z.array(messageSchema),
  /** The member's waves changed (sent, answered) at or after `since`, as GET /api/waves has them. */
  waves: z.array(waveWithPartiesSchema),
  /** False when more messages than SYNC_MESSAGE_LIMIT matched: only the oldest came. */
  complete: z.boolean(),
});
export type SyncResponse = z.infer<typeof syncResponseSchema>;
