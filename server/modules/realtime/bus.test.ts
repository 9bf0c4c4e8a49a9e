import { describe, expect, it } from 'vitest';
import { reconnectDelayMs } from './bus';

/** The listener's reconnect backoff: quick at first, capped, and never the same for everyone. */
describe('reconnectDelayMs', () => {
  it('doubles from 250 ms to a 2 s cap, drawn between half and all of it', () => {
    const low = (n: number) => reconnectDelayMs(n, () => 0);
    const high = (n: number) => reconnectDelayMs(n, () => 1);
    expect([0, 1, 2, 3, 4, 20].map(high)).toEqual([250, 500, 1000, 2000, 2000, 2000]);
    expect([0, 1, 2, 3, 4, 20].map(low)).toEqual([125, 250, 500, 1000, 1000, 1000]);
  });
});
