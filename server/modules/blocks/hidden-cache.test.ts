import { describe, expect, it } from 'vitest';
import type { BusEvent } from '../../lib/bus';
import { createHiddenMembersCache, HIDDEN_CACHE_TTL_MS } from './hidden-cache';

/** A bus that only records its listeners, so the test can play its events and gaps. */
function fakeBus() {
  const handlers: ((event: BusEvent) => void)[] = [];
  const gaps: { lost(): void; back(): void }[] = [];
  return {
    subscribe: (h: (event: BusEvent) => void) => void handlers.push(h),
    onGap: (g: { lost(): void; back(): void }) => void gaps.push(g),
    emit: (event: BusEvent) => {
      for (const h of handlers) h(event);
    },
    lost: () => {
      for (const g of gaps) g.lost();
    },
    back: () => {
      for (const g of gaps) g.back();
    },
  };
}

function counting(answer: number[]) {
  let loads = 0;
  return {
    load: async () => {
      loads += 1;
      return new Set(answer);
    },
    loads: () => loads,
  };
}

const block = (a: number, b: number): BusEvent => ({
  e: 'block',
  pair: [a, b],
  blocked: true,
  waveIds: [],
});

describe('whom blocks hide, remembered for list counts', () => {
  it('answers from memory until the entry is HIDDEN_CACHE_TTL_MS old', async () => {
    const cache = createHiddenMembersCache(fakeBus());
    const db = counting([7]);
    expect(await cache.get(1, 0, db.load)).toEqual(new Set([7]));
    expect(await cache.get(1, HIDDEN_CACHE_TTL_MS - 1, db.load)).toEqual(new Set([7]));
    expect(db.loads()).toBe(1);
    await cache.get(1, HIDDEN_CACHE_TTL_MS, db.load);
    expect(db.loads()).toBe(2);
  });

  it('forgets both members of a block event, and only them', async () => {
    const bus = fakeBus();
    const cache = createHiddenMembersCache(bus);
    const db = counting([]);
    for (const id of [1, 2, 3]) await cache.get(id, 0, db.load);
    bus.emit(block(2, 1));
    for (const id of [1, 2, 3]) await cache.get(id, 1, db.load);
    expect(db.loads()).toBe(3 + 2);
  });

  it('does not keep a load that a block overtook (it read the table before the block)', async () => {
    const bus = fakeBus();
    const cache = createHiddenMembersCache(bus);
    let release!: () => void;
    const stale = cache.get(1, 0, async () => {
      await new Promise<void>((r) => {
        release = r;
      });
      return new Set<number>();
    });
    bus.emit(block(1, 9));
    release();
    expect(await stale).toEqual(new Set());
    const db = counting([9]);
    expect(await cache.get(1, 1, db.load)).toEqual(new Set([9]));
    expect(db.loads()).toBe(1);
  });

  it('asks the database every time while the bus may be dropping events', async () => {
    const bus = fakeBus();
    const cache = createHiddenMembersCache(bus);
    const db = counting([]);
    await cache.get(1, 0, db.load);
    bus.lost();
    await cache.get(1, 1, db.load);
    await cache.get(1, 2, db.load);
    expect(db.loads()).toBe(3);
    bus.back();
    await cache.get(1, 3, db.load);
    await cache.get(1, 4, db.load);
    expect(db.loads()).toBe(4);
  });
});
