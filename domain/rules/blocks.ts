import type { RuleResult } from './access';

/** A member blocked by this many different members within BLOCK_FLAG_WINDOW_MS is flagged. */
export const BLOCK_FLAG_THRESHOLD = 3;
export const BLOCK_FLAG_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * The text of the report Jumpseat files itself when a member reaches the flag (no reporter):
 * it puts the member in the moderators' queue, with the same decisions as a member's report.
 */
export const BLOCK_FLAG_REPORT_DETAILS = `Flagged automatically: blocked by ${BLOCK_FLAG_THRESHOLD} different members within 30 days.`;

export const BLOCK_REASONS = {
  self: 'You cannot block yourself',
  demo: 'Blocking is not available in demo mode',
} as const;

export interface BlockPair {
  blockerId: number;
  blockedId: number;
}

/**
 * A block works both ways: whichever of the two made it, neither sees the other. The one
 * question every filter (crew lists, counts, waves, socket frames) asks.
 */
export function isBlockedBetween(blocks: readonly BlockPair[], a: number, b: number): boolean {
  return blocks.some(
    (x) => (x.blockerId === a && x.blockedId === b) || (x.blockerId === b && x.blockedId === a),
  );
}

/** The members hidden from `viewerId`: those they blocked and those who blocked them. */
export function hiddenMembersOf(blocks: readonly BlockPair[], viewerId: number): Set<number> {
  const hidden = new Set<number>();
  for (const x of blocks) {
    if (x.blockerId === viewerId) hidden.add(x.blockedId);
    if (x.blockedId === viewerId) hidden.add(x.blockerId);
  }
  return hidden;
}

/** Any member but oneself; demo accounts are shared, so a block from one would bind everyone. */
export function canBlock(
  viewer: { id: number; isDemoUser?: boolean | null },
  targetId: number,
): RuleResult {
  if (viewer.isDemoUser) return { ok: false, reason: BLOCK_REASONS.demo };
  if (viewer.id === targetId) return { ok: false, reason: BLOCK_REASONS.self };
  return { ok: true };
}

/**
 * Issue 22 item 4: a member blocked by BLOCK_FLAG_THRESHOLD different members within the last
 * 30 days (up to and including `now`) is flagged to the moderators. `blocks` are the blocks
 * *of* that member (any blocker); older ones and repeat blockers do not add up.
 */
export function isFlaggedByBlocks(
  blocks: readonly { blockerId: number; createdAt: Date }[],
  now: Date,
): boolean {
  const since = now.getTime() - BLOCK_FLAG_WINDOW_MS;
  const blockers = new Set<number>();
  for (const b of blocks) {
    const at = b.createdAt.getTime();
    if (at >= since && at <= now.getTime()) blockers.add(b.blockerId);
  }
  return blockers.size >= BLOCK_FLAG_THRESHOLD;
}
