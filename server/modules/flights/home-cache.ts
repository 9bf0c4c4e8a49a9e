import zlib from 'node:zlib';
import { departureInstant, type Flight } from '../../../domain';
import { type Crc32Shift, crc32Append, crc32Shift } from '../../lib/crc32-combine';
import { MemberMemo } from '../../lib/member-memo';
import { perApp } from '../../lib/per-app';
import { gzipFromPieces, gzipPiece } from '../../plugins/compression';

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
/**
 * Members whose gzipped list a snapshot keeps: a member's burst of reads (page load, focus
 * refetch, live invalidation) assembles it once, not once per read.
 */
const GZIPPED_MAX_USERS = 32;
/**
 * Members whose plain list a snapshot keeps in one buffer, made at their second read of it:
 * a member's burst is sent as one write instead of a stream of views, while members who read
 * once (most, and every request in a crowd) cost no copy.
 */
const PLAIN_MAX_USERS = 32;

export type HomeWindow = { from: string; to: string };

export type HomeSnapshot = {
  /** The window's first day, 'YYYY-MM-DD': a new day is a new list. */
  key: string;
  window: HomeWindow;
  builtAt: number;
  flights: Flight[];
  items: Item[];
  /** The response for a member on none of these flights: `"isJoined":false` throughout. */
  body: Buffer;
  /** Flight id -> byte offset of its `false`, where a member's `true ` goes instead. */
  offsets: Map<number, number>;
  /** Gzipped bodies already made from this snapshot, by member, with the joined set they used. */
  gzipped: Map<number, { joined: ReadonlySet<number>; gzip: Buffer }>;
  /** Members who read the plain list, with their joined set, and its copy from their second read. */
  plain: Map<number, { joined: ReadonlySet<number>; body: Buffer | null }>;
  /** The body gzipped in pieces, made at the first gzip request (see homeListGzipFor). */
  gzip: GzipPieces | null;
  /**
   * The last pieces made from an earlier snapshot (the one this replaced, or an older one when
   * that one never made its own), until this one's are made: a piece whose bytes did not change
   * is taken over with its compressed member variants, not compressed again. Holds at most one
   * earlier body and its variants.
   */
  previousGzip: GzipPieces | null;
};

/**
 * 32 flights (about 9 KB) per piece: a member's `true`s recompress a piece or two, not the
 * list, and a piece is long enough that gzip loses little by starting each one afresh.
 */
const GZIP_ITEMS_PER_PIECE = 32;
/**
 * Piece k is body bytes [bounds[k], bounds[k + 1]); `pieceOf` finds a flight's piece. Each
 * piece's CRC and the operator for its length let a member's body get its CRC without reading
 * the 200 KB body: rendering it and reading it again cost more than the pieces compressed.
 */
type GzipPieces = {
  bounds: number[];
  pieces: GzipPiece[];
  pieceOf: Map<number, number>;
};
type GzipPiece = {
  /** The piece's bytes in the body (matched against the next snapshot's). */
  bytes: Buffer;
  gzip: Buffer;
  crc: number;
  shift: Crc32Shift;
  /**
   * The piece patched for members and compressed again, by the members' offsets in the piece.
   * Most members are on one flight of a piece, and a flight's crew share that piece's patched
   * copy: with 2,000 members each compressing their own pieces, the gzipped list ran at 0.21x a
   * bare server; a piece is compressed once for all of them instead, and again only when its
   * bytes change (a count in it), not every time the list is rebuilt.
   */
  variants: Map<string, { gzip: Buffer; crc: number }>;
};
/**
 * A bound on a piece's variants (each ~0.6 KB compressed): beyond it they start over. Variants
 * outlive rebuilds with their piece, so the bound is per piece: 256 x 0.6 KB x 25 pieces, about
 * 4 MB for today's 775-flight list, growing with the list.
 */
const GZIP_VARIANTS_PER_PIECE = 256;

const sortKey = (f: Flight) => departureInstant(f).getTime();

/** The order of the list query: day, departure instant, flight number. */
function compareListOrder(a: Flight, b: Flight): number {
  const byDay = a.departureDate.localeCompare(b.departureDate);
  if (byDay !== 0) return byDay;
  const byTime = sortKey(a) - sortKey(b);
  if (byTime !== 0) return byTime;
  return a.flightNumber < b.flightNumber ? -1 : a.flightNumber > b.flightNumber ? 1 : 0;
}

type Item = { flight: Flight; json: string; bytes: number };

function toItem(flight: Flight): Item {
  const json = JSON.stringify({ ...flight, isJoined: false });
  return { flight, json, bytes: Buffer.byteLength(json) };
}

function toSnapshot(
  key: string,
  window: HomeWindow,
  builtAt: number,
  items: Item[],
  previous: HomeSnapshot | null,
): HomeSnapshot {
  const offsets = new Map<number, number>();
  let at = 1; // after '['
  for (const { flight, bytes } of items) {
    // Each item ends with `false}`: remember where `false` starts.
    offsets.set(flight.id, at + bytes - 6);
    at += bytes + 1;
  }
  return {
    key,
    window,
    builtAt,
    items,
    flights: items.map((i) => i.flight),
    body: Buffer.from(`[${items.map((i) => i.json).join(',')}]`),
    offsets,
    gzipped: new Map(),
    plain: new Map(),
    gzip: null,
    previousGzip: previous ? (previous.gzip ?? previous.previousGzip) : null,
  };
}

/**
 * The snapshot's shared body gzipped in pieces: per snapshot, not per request, compressing only
 * the pieces whose bytes differ from the last snapshot's.
 */
function gzipPiecesOf(snapshot: HomeSnapshot): GzipPieces {
  if (snapshot.gzip) return snapshot.gzip;
  const bounds = [0];
  const pieceOf = new Map<number, number>();
  let at = 1; // after '['
  snapshot.items.forEach(({ flight, bytes }, i) => {
    pieceOf.set(flight.id, bounds.length - 1);
    at += bytes + 1; // the item and its ',' (or the closing ']')
    if ((i + 1) % GZIP_ITEMS_PER_PIECE === 0 && i + 1 < snapshot.items.length) bounds.push(at);
  });
  bounds.push(snapshot.body.length);
  // The last snapshot's pieces by CRC: a rebuild or a patch mostly leaves pieces as they were.
  const earlier = new Map<number, GzipPiece[]>();
  for (const piece of snapshot.previousGzip?.pieces ?? []) {
    earlier.set(piece.crc, [...(earlier.get(piece.crc) ?? []), piece]);
  }
  const pieces = bounds.slice(0, -1).map((start, k): GzipPiece => {
    const bytes = snapshot.body.subarray(start, bounds[k + 1]);
    const crc = zlib.crc32(bytes);
    const same = earlier.get(crc)?.find((piece) => piece.bytes.equals(bytes));
    if (same) return { ...same, bytes };
    return {
      bytes,
      gzip: gzipPiece(bytes),
      crc,
      shift: crc32Shift(bytes.length),
      variants: new Map(),
    };
  });
  snapshot.gzip = { bounds, pieces, pieceOf };
  snapshot.previousGzip = null;
  return snapshot.gzip;
}

/**
 * homeListSlices, gzipped, without rendering the body: the shared pieces, with only the
 * pieces holding the member's own flights patched and compressed again (see `variants`). The
 * result is remembered per member on the snapshot while their joined set is the same one.
 */
export function homeListGzipFor(
  snapshot: HomeSnapshot,
  userId: number,
  joined: ReadonlySet<number>,
): Buffer {
  const known = snapshot.gzipped.get(userId);
  if (known && known.joined === joined) return known.gzip;
  const { bounds, pieces, pieceOf } = gzipPiecesOf(snapshot);
  const own = pieces.map((piece) => piece.gzip);
  const ownCrcs = pieces.map((piece) => piece.crc);
  // Per piece, the member's `false` offsets in it.
  const touched = new Map<number, number[]>();
  for (const id of joined) {
    const k = pieceOf.get(id);
    const offset = snapshot.offsets.get(id);
    if (k === undefined || offset === undefined) continue;
    touched.set(k, [...(touched.get(k) ?? []), offset - bounds[k]!]);
  }
  for (const [k, offsets] of touched) {
    const { bytes, variants } = pieces[k]!;
    const key = offsets.sort((a, b) => a - b).join(',');
    let variant = variants.get(key);
    if (!variant) {
      const patched = Buffer.from(bytes);
      for (const offset of offsets) TRUE.copy(patched, offset);
      variant = { gzip: gzipPiece(patched), crc: zlib.crc32(patched) };
      if (variants.size >= GZIP_VARIANTS_PER_PIECE) variants.clear();
      variants.set(key, variant);
    }
    own[k] = variant.gzip;
    ownCrcs[k] = variant.crc;
  }
  let crc = ownCrcs[0]!;
  for (let k = 1; k < own.length; k++) crc = crc32Append(crc, pieces[k]!.shift, ownCrcs[k]!);
  const gzip = gzipFromPieces(own, crc, snapshot.body.length);
  if (snapshot.gzipped.size >= GZIPPED_MAX_USERS) snapshot.gzipped.clear();
  snapshot.gzipped.set(userId, { joined, gzip });
  return gzip;
}

const TRUE = Buffer.from('true ');

/**
 * The response body for one member, as views on the shared bytes with `true ` (the same length
 * as `false`, still JSON) between them for the flights they are on: nothing is copied. Copying
 * the 217 KB list per member (and remembering 32 copies) held GET /api/flights, every request
 * from another of 2,000 members, at 0.24-0.30x a bare server on PGlite; sent as views, 0.37-0.61x.
 */
export function homeListSlices(snapshot: HomeSnapshot, joined: ReadonlySet<number>): Buffer[] {
  const offsets: number[] = [];
  for (const id of joined) {
    const offset = snapshot.offsets.get(id);
    if (offset !== undefined) offsets.push(offset);
  }
  offsets.sort((a, b) => a - b);
  const slices: Buffer[] = [];
  let at = 0;
  for (const offset of offsets) {
    slices.push(snapshot.body.subarray(at, offset), TRUE);
    at = offset + TRUE.length;
  }
  slices.push(snapshot.body.subarray(at));
  return slices;
}

/**
 * homeListSlices for one member: views on the shared list at their first read of this snapshot,
 * one buffer from their second on (see PLAIN_MAX_USERS). One member's repeated reads, sent as
 * views, ran at 0.41-0.46x a bare server; as one buffer at 0.5-0.77x.
 */
export function homeListPlainFor(
  snapshot: HomeSnapshot,
  userId: number,
  joined: ReadonlySet<number>,
): Buffer[] {
  const seen = snapshot.plain.get(userId);
  if (seen && seen.joined === joined) {
    seen.body ??= Buffer.concat(homeListSlices(snapshot, joined));
    return [seen.body];
  }
  if (snapshot.plain.size >= PLAIN_MAX_USERS) snapshot.plain.clear();
  snapshot.plain.set(userId, { joined, body: null });
  return homeListSlices(snapshot, joined);
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
