import { describe, expect, it } from 'vitest';
import { canRestoreAccount, deletionScheduledFor } from './account';

const now = new Date('2025-03-10T12:00:00.000Z');
const at = (ms: number) => new Date(now.getTime() + ms);

describe('account restore grace', () => {
  it('schedules deletion 30 days on', () => {
    expect(deletionScheduledFor(now).toISOString()).toBe('2025-04-09T12:00:00.000Z');
  });

  it.each([
    ['one ms before the end', at(1), { ok: true }],
    [
      'exactly at the end',
      now,
      { ok: false, reason: 'The 30-day grace period for this account has ended' },
    ],
    [
      'after the end',
      at(-1),
      { ok: false, reason: 'The 30-day grace period for this account has ended' },
    ],
    ['without a date', null, { ok: true }],
  ])('a deleted account %s', (_label, deletionScheduledAt, expected) => {
    expect(canRestoreAccount({ isDeleted: true, deletionScheduledAt }, now)).toEqual(expected);
  });

  it('refuses an account that is not deleted, whatever its date', () => {
    expect(canRestoreAccount({ isDeleted: false, deletionScheduledAt: at(1) }, now)).toEqual({
      ok: false,
      reason: 'This account is not deleted',
    });
  });

  it('reads a date given as text', () => {
    expect(
      canRestoreAccount({ isDeleted: true, deletionScheduledAt: at(1000).toISOString() }, now).ok,
    ).toBe(true);
  });
});
