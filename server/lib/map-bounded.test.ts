import { describe, expect, it } from 'vitest';
import { mapBounded } from './map-bounded';

/** A call that ends only when the test says so, so what is in flight is known at every step. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

describe('mapBounded', () => {
  it('never has more than the limit in flight, starts the next as one ends, keeps the order', async () => {
    const gates = Array.from({ length: 7 }, gate);
    let inFlight = 0;
    const started: number[] = [];
    const done = mapBounded([0, 1, 2, 3, 4, 5, 6], 3, async (i) => {
      started.push(i);
      inFlight++;
      await gates[i]!.opened;
      inFlight--;
      return i * 10;
    });
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    expect(inFlight).toBe(3);
    gates[1]!.open();
    await gates[1]!.opened;
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0, 1, 2, 3]);
    expect(inFlight).toBe(3);
    for (const g of gates) g.open();
    expect(await done).toEqual([0, 10, 20, 30, 40, 50, 60]);
  });

  it('handles no items and a limit above the count', async () => {
    expect(await mapBounded([], 4, async () => 1)).toEqual([]);
    expect(await mapBounded([1, 2], 8, async (n) => n + 1)).toEqual([2, 3]);
  });
});
