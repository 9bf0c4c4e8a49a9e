import type { Bus } from '../../lib/bus';
import { MemberMemo } from '../../lib/member-memo';

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

/** Whom blocks hide, per member: `forget` on a block between them. */
export type HiddenMembersCache = MemberMemo<ReadonlySet<number>>;

/**
 * app.ts makes one per app, when the bus is made, so it hears every drop and every gap from
 * the start; modules reach it as `deps.hiddenMembers`.
 */
export function createHiddenMembersCache(bus: Pick<Bus, 'subscribe' | 'onGap'>) {
  const cache: HiddenMembersCache = new MemberMemo(HIDDEN_CACHE_TTL_MS);
  bus.subscribe((event) => {
    if (event.e === 'block') cache.forget(event.pair);
  });
  bus.onGap?.({ lost: () => cache.busLost(), back: () => cache.busBack() });
  return cache;
}
