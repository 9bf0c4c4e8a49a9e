import { describe, expect, it } from 'vitest';
import { type ThrottleWindow, takeFromWindow } from './throttle';

describe('takeFromWindow', () => {
  const run = (times: number[], limit: number) => {
    let window: ThrottleWindow | undefined;
    return times.map((t) => {
      const verdict = takeFromWindow(window, t, limit);
      window = verdict.window;
      return verdict;
    });
  };

  it('allows `limit` actions in a window and refuses the next until it ends', () => {
    const verdicts = run([0, 100, 999, 999], 3);
    expect(verdicts.map((v) => v.allowed)).toEqual([true, true, true, false]);
    expect(verdicts[3]!.retryAtMs).toBe(1000);
  });

  it('starts a new window once the last one is over', () => {
    expect(run([0, 1, 1000, 1001], 2).map((v) => v.allowed)).toEqual([true, true, true, true]);
  });

  it('a refused action does not use up the next window', () => {
    const verdicts = run([0, 0, 0, 0, 1000], 1);
    expect(verdicts.map((v) => v.allowed)).toEqual([true, false, false, false, true]);
  });

  it('a clock set back starts a fresh window rather than locking the member out', () => {
    expect(run([5000, 5000, 1000], 1).map((v) => v.allowed)).toEqual([true, false, true]);
  });
});
