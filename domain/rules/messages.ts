import { CLIENT_ID_REUSED } from '../schemas/messages';
import type { RuleResult } from './access';

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
