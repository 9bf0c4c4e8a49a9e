import type { Bus } from '../realtime/bus';

/**
 * Whom blocks hide from each member, remembered for the counts of the flight lists (home,
 * search, my flights): without it every home request of every member paid a blocks query, the
 * largest per-member cost left on that path (issue 20, item 3). Never used where identities
 * are shown (a flight's crew asks the database every time).
 *
 * Freshness on every instance: a block or unblock drops both members' entries here as soon as
 * it commits (blocks/service.ts) and on other instances when its bus event arrives. While the
 * bus may be missing events (its listener lost), nothing is answered from memory. Every change
 * is announced, so the lifetime only bounds memory, like the session cache's (30 s): with 5 s,
 * a member refreshing less often than that (most of them) paid the query every time.
 */
export const HIDDEN_CACHE_TTL_MS = 30_000;
/** Members remembered at once; beyond it the map starts over. */
const MAX_MEMBERS = 10_000;

export class HiddenMembersCache {
  private known = new Map<number, { at: number; ids: ReadonlySet<number> }>();
  /** Bumped by every drop, so a load that raced a block is used once but not kept. */
  private version = 0;
  private trusted = true;

  async get(
    userId: number,
    nowMs: number,
    load: () => Promise<ReadonlySet<number>>,
  ): Promise<ReadonlySet<number>> {
    const entry = this.known.get(userId);
    if (this.trusted && entry && nowMs - entry.at < HIDDEN_CACHE_TTL_MS) return entry.ids;
    const version = this.version;
    const ids = await load();
    if (this.trusted && this.version === version) {
      if (this.known.size >= MAX_MEMBERS) this.known.clear();
      this.known.set(userId, { at: nowMs, ids });
    }
    return ids;
  }

  /** A block between these members was set or lifted. */
  forget(userIds: readonly number[]): void {
    this.version += 1;
    for (const id of userIds) this.known.delete(id);
  }

  /** The bus may be dropping events: answer from the database until it is back. */
  lost(): void {
    this.trusted = false;
    this.forgetAll();
  }

  back(): void {
    this.trusted = true;
    this.forgetAll();
  }

  private forgetAll(): void {
    this.version += 1;
    this.known.clear();
  }
}

/**
 * app.ts makes one per app, when the bus is made, so it hears every drop and every gap from
 * the start; modules reach it as `deps.hiddenMembers`.
 */
export function createHiddenMembersCache(bus: Pick<Bus, 'subscribe' | 'onGap'>) {
  const cache = new HiddenMembersCache();
  bus.subscribe((event) => {
    if (event.e === 'block') cache.forget(event.pair);
  });
  bus.onGap?.({ lost: () => cache.lost(), back: () => cache.back() });
  return cache;
}
