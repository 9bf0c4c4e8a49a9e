import { departureInstant, type Flight } from '../../../domain';
import { MemberMemo } from '../../lib/member-memo';
import {
  buildPatchedJsonList,
  type PatchedItem,
  type PatchedJsonList,
  patchedItem,
} from '../../lib/patched-json-list';
import { perApp } from '../../lib/per-app';

// The byte engine (serialise once, patch each member's `isJoined`, gzip in pieces) is
// lib/patched-json-list.ts; these are its names as the home list's route uses them.
export {
  patchedListGzipFor as homeListGzipFor,
  patchedListPlainFor as homeListPlainFor,
  patchedListSlices as homeListSlices,
} from '../../lib/patched-json-list';

/**
 * The shared part of the home list (every flight of the window with its counts, the same for
 * every member) serialised once, as bytes. Each response only patches in the member's own
 * `isJoined` (see homeListSlices): no serialisation, and no copy of the list.
 *
 * Freshness, in this process: a write to one flight (join, leave, tags, add, delete) patches
 * that flight into the list at once (one small query); a bulk write (roster batch) drops the
 * list. Heartbeats change online counts without a write, and other instances write too: the
 * list is rebuilt (in the background) once it is HOME_CACHE_TTL_MS old. Cross-instance
 * invalidation arrives with LISTEN/NOTIFY in the realtime issue.
 */
export const HOME_CACHE_TTL_MS = 5_000;
/**
 * How long a member's joined flights may answer from memory. Longer than the list: a join or
 * leave on any instance drops the member's entry everywhere at once (the bus `crew` event), and
 * while the bus may be missing events nothing is answered from memory. With the list's 5 s, a
 * member refreshing less often than every 5 s (most of them) paid a query on every request.
 */
export const JOINED_CACHE_MS = 30_000;
export type HomeWindow = { from: string; to: string };

type Item = PatchedItem & { flight: Flight };

/** The shared list of one window: the engine's bytes, plus what the cache keeps them by. */
export type HomeSnapshot = Omit<PatchedJsonList, 'items'> & {
  /** The window's first day, 'YYYY-MM-DD': a new day is a new list. */
  key: string;
  window: HomeWindow;
  builtAt: number;
  flights: Flight[];
  items: Item[];
};

function toItem(flight: Flight): Item {
  return { ...patchedItem(flight.id, { ...flight, isJoined: false }), flight };
}

function toSnapshot(
  key: string,
  window: HomeWindow,
  builtAt: number,
  items: Item[],
  previous: HomeSnapshot | null,
): HomeSnapshot {
  const list = buildPatchedJsonList(items, previous);
  return { ...list, items, key, window, builtAt, flights: items.map((i) => i.flight) };
}

const sortKey = (f: Flight) => departureInstant(f).getTime();

/** The order of the list query: day, departure instant, flight number. */
function compareListOrder(a: Flight, b: Flight): number {
  const byDay = a.departureDate.localeCompare(b.departureDate);
  if (byDay !== 0) return byDay;
  const byTime = sortKey(a) - sortKey(b);
  if (byTime !== 0) return byTime;
  return a.flightNumber < b.flightNumber ? -1 : a.flightNumber > b.flightNumber ? 1 : 0;
}

export class HomeListCache {
  private snapshot: HomeSnapshot | null = null;
  private pending: { key: string; version: number; promise: Promise<HomeSnapshot> } | null = null;
  /** Bumped by every write, so a build that raced a write is served once but not kept. */
  private version = 0;
  /** Which flights each member is on (see JOINED_CACHE_MS). */
  private joined = new MemberMemo<ReadonlySet<number>>(JOINED_CACHE_MS);
  /** Per flight, the latest patch: an older patch finishing later must not win. */
  private patchSeq = new Map<number, number>();

  /** A bulk write: drop everything; the next read rebuilds. */
  invalidate() {
    this.version += 1;
    this.snapshot = null;
    this.pending = null;
    this.forgetJoined(null);
  }

  /** These members (null: everyone) joined or left flights, here or on another instance. */
  forgetJoined(userIds: readonly number[] | null): void {
    this.joined.forget(userIds);
  }

  /** The bus may be dropping `crew` events: joined sets come from the database until it is back. */
  busLost(): void {
    this.joined.busLost();
  }

  busBack(): void {
    this.joined.busBack();
  }

  /**
   * The list for this window. A list older than HOME_CACHE_TTL_MS is still served while a
   * fresh one is built in the background, so no request waits for a rebuild; only the first
   * request of a day (or after a bulk write) builds it while waiting.
   */
  async get(
    window: HomeWindow,
    nowMs: number,
    build: () => Promise<Flight[]>,
  ): Promise<HomeSnapshot> {
    const current = this.snapshot;
    if (current && current.key === window.from) {
      if (nowMs - current.builtAt >= HOME_CACHE_TTL_MS) {
        this.rebuild(window, nowMs, build).catch(() => {
          // The stale list stays; the next request tries again.
        });
      }
      return current;
    }
    return this.rebuild(window, nowMs, build);
  }

  /** Resolves once no rebuild is running (tests). */
  async settled(): Promise<void> {
    await this.pending?.promise.catch(() => {});
  }

  private async rebuild(
    window: HomeWindow,
    nowMs: number,
    build: () => Promise<Flight[]>,
  ): Promise<HomeSnapshot> {
    const key = window.from;
    // Concurrent misses share one build instead of each running the query.
    if (this.pending && this.pending.key === key && this.pending.version === this.version) {
      return this.pending.promise;
    }
    const version = this.version;
    const promise = build().then((flights) => {
      const snapshot = toSnapshot(key, window, nowMs, flights.map(toItem), this.snapshot);
      // A write during the build may have changed the list: serve it once, do not keep it.
      if (this.version === version) this.snapshot = snapshot;
      return snapshot;
    });
    this.pending = { key, version, promise };
    try {
      return await promise;
    } finally {
      if (this.pending?.promise === promise) this.pending = null;
    }
  }

  /**
   * One flight changed (after its write committed): put its current figures into the list, or
   * take it out when it is gone (`load` answers null). `userIds` are members whose own flights
   * changed (join, leave). Awaited by the writer, so its next read already shows the change.
   */
  async flightChanged(
    flightId: number,
    load: () => Promise<Flight | null>,
    userIds: number[] = [],
  ): Promise<void> {
    this.version += 1;
    this.pending = null;
    if (userIds.length > 0) this.forgetJoined(userIds);
    const seq = (this.patchSeq.get(flightId) ?? 0) + 1;
    this.patchSeq.set(flightId, seq);
    try {
      const current = this.snapshot;
      if (!current) return;
      const flight = await load();
      if (this.patchSeq.get(flightId) !== seq || this.snapshot === null) return;
      const base = this.snapshot;
      const others = base.items.filter((i) => i.flight.id !== flightId);
      const day = flight?.departureDate.slice(0, 10);
      const inWindow = day !== undefined && day >= base.window.from && day <= base.window.to;
      if (!inWindow && others.length === base.items.length) return;
      // Only the changed flight is serialised again; the others keep their JSON.
      const items = inWindow
        ? [...others, toItem(flight!)].sort((a, b) => compareListOrder(a.flight, b.flight))
        : others;
      this.snapshot = toSnapshot(base.key, base.window, base.builtAt, items, base);
    } finally {
      if (this.patchSeq.get(flightId) === seq) this.patchSeq.delete(flightId);
    }
  }

  /** The flights a member is on, for JOINED_CACHE_MS or until they join or leave one. */
  joinedBy(
    userId: number,
    nowMs: number,
    load: () => Promise<ReadonlySet<number>>,
  ): Promise<ReadonlySet<number>> {
    return this.joined.get(userId, nowMs, load);
  }
}

/** One cache per app (tests build many apps in one process). */
export const homeListCache = perApp(() => new HomeListCache());
