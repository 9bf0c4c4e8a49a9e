import { MESSAGE_MAX } from '../constants';
import type { RuleResult } from './access';

// The chat's texts live here, apart from its schemas: the chat's background work and the first
// screens use them without constructing zod schemas (docs/architecture.md, 'The first load').
export const MESSAGE_EMPTY = 'Message cannot be empty';
export const MESSAGE_TOO_LONG = `Message must be ${MESSAGE_MAX} characters or fewer`;
export const INVALID_CLIENT_ID = 'Invalid client id';
export const CLIENT_ID_REUSED = 'This client id was already used for a different message';
/** The server is past its chat ceiling: try again shortly with the same clientId. */
export const CHAT_OVERLOADED = 'The chat is busy. Please try again in a moment.';
/** The `code` of the refusal above, on the socket's `error` frame and the 503 body. */
export const CHAT_OVERLOADED_CODE = 'overloaded';

/**
 * A send whose client id the sender already used: the same message retried (answered with the
 * stored one) or a different message reusing the id (refused, 409), never a second row.
 */
export function isResendOf(
  stored: { waveId: number; content: string },
  input: { waveId: number; content: string },
): RuleResult {
  return stored.waveId === input.waveId && stored.content === input.content
    ? { ok: true }
    : { ok: false, reason: CLIENT_ID_REUSED };
}
