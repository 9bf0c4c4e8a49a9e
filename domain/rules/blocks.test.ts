import { describe, expect, it } from 'vitest';
import {
  BLOCK_FLAG_WINDOW_MS,
  canBlock,
  hiddenMembersOf,
  isBlockedBetween,
  isFlaggedByBlocks,
} from './blocks';

const now = new Date('2026-06-01T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('isBlockedBetween', () => {
  const blocks = [{ blockerId: 1, blockedId: 2 }];
  it('works in both directions', () => {
    expect(isBlockedBetween(blocks, 1, 2)).toBe(true);
    expect(isBlockedBetween(blocks, 2, 1)).toBe(true);
  });
  it('leaves other pairs alone', () => {
    expect(isBlockedBetween(blocks, 1, 3)).toBe(false);
    expect(isBlockedBetween([], 1, 2)).toBe(false);
  });
});

describe('hiddenMembersOf', () => {
  it('hides whom I blocked and who blocked me', () => {
    const blocks = [
      { blockerId: 1, blockedId: 2 },
      { blockerId: 3, blockedId: 1 },
      { blockerId: 4, blockedId: 5 },
    ];
    expect([...hiddenMembersOf(blocks, 1)].sort()).toEqual([2, 3]);
  });
});

describe('canBlock', () => {
  it('refuses oneself and demo accounts', () => {
    expect(canBlock({ id: 1 }, 2)).toEqual({ ok: true });
    expect(canBlock({ id: 1 }, 1)).toEqual({ ok: false, reason: 'You cannot block yourself' });
    expect(canBlock({ id: 1, isDemoUser: true }, 2).ok).toBe(false);
  });
});

describe('isFlaggedByBlocks', () => {
  const by = (blockerId: number, msAgo: number) => ({ blockerId, createdAt: ago(msAgo) });
  it('flags at 3 different blockers within 30 days, not at 2', () => {
    expect(isFlaggedByBlocks([by(1, 0), by(2, 1000)], now)).toBe(false);
    expect(isFlaggedByBlocks([by(1, 0), by(2, 1000), by(3, BLOCK_FLAG_WINDOW_MS)], now)).toBe(true);
  });
  it('does not count a block older than 30 days', () => {
    expect(isFlaggedByBlocks([by(1, 0), by(2, 0), by(3, BLOCK_FLAG_WINDOW_MS + 1)], now)).toBe(
      false,
    );
  });
  it('counts a blocker once however many blocks they made', () => {
    expect(isFlaggedByBlocks([by(1, 0), by(1, 10), by(2, 20)], now)).toBe(false);
  });
  it('ignores blocks after now', () => {
    expect(isFlaggedByBlocks([by(1, 0), by(2, 0), by(3, -1)], now)).toBe(false);
  });
});
