import zlib from 'node:zlib';
import { type Crc32Shift, crc32Append, crc32Shift } from './crc32-combine';

/**
 * A JSON array sent to many members that differs between them only in one boolean per item
 * (the home list's `isJoined`), kept as bytes: each item is serialised once ending in `false}`,
 * and a member's body is the shared bytes with `true ` (the same length, still JSON) at their
 * items' offsets — as views (patchedListSlices), one copy for a repeated read
 * (patchedListPlainFor), or gzipped from pieces compressed once for everyone and patched pieces
 * compressed once per distinct patch (patchedListGzipFor). The home list (modules/flights/
 * home-cache.ts) is its user; the engine knows nothing of flights.
 */

/** One array item: its id, its JSON ending in `false}`, and that JSON's length in bytes. */
export type PatchedItem = { id: number; json: string; bytes: number };

export const patchedItem = (id: number, value: object): PatchedItem => {
  const json = JSON.stringify(value);
  return { id, json, bytes: Buffer.byteLength(json) };
};

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

export type PatchedJsonList = {
  items: PatchedItem[];
  /** The body for a member in none of the items: `false` throughout. */
  body: Buffer;
  /** Item id -> byte offset of its `false`, where a member's `true ` goes instead. */
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

/**
 * The array's bytes and each item's `false` offset; `previous`: the list this one replaces,
 * whose compressed pieces it may take over (see `previousGzip`).
 */
export function buildPatchedJsonList(
  items: PatchedItem[],
  previous: PatchedJsonList | null,
): PatchedJsonList {
  const offsets = new Map<number, number>();
  let at = 1; // after '['
  for (const { id, bytes } of items) {
    // Each item ends with `false}`: remember where `false` starts.
    offsets.set(id, at + bytes - 6);
    at += bytes + 1;
  }
  return {
    items,
    body: Buffer.from(`[${items.map((i) => i.json).join(',')}]`),
    offsets,
    gzipped: new Map(),
    plain: new Map(),
    gzip: null,
    previousGzip: previous ? (previous.gzip ?? previous.previousGzip) : null,
  };
}

/**
 * Gzip built from independently compressed pieces (each ends on a full flush, so it needs no
 * earlier bytes): a body that differs from a shared one in a few places recompresses only the
 * pieces that differ. The trailer's CRC covers the whole body: the caller combines the pieces'.
 */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
const DEFLATE_END = zlib.deflateRawSync(Buffer.alloc(0));

export function gzipPiece(bytes: Buffer): Buffer {
  return zlib.deflateRawSync(bytes, { level: 6, finishFlush: zlib.constants.Z_FULL_FLUSH });
}

/** `crc` and `length`: the whole uncompressed body's (see lib/crc32-combine.ts). */
export function gzipFromPieces(pieces: Buffer[], crc: number, length: number): Buffer {
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  return Buffer.concat([GZIP_HEADER, ...pieces, DEFLATE_END, trailer]);
}

/**
 * The snapshot's shared body gzipped in pieces: per snapshot, not per request, compressing only
 * the pieces whose bytes differ from the last snapshot's.
 */
function gzipPiecesOf(snapshot: PatchedJsonList): GzipPieces {
  if (snapshot.gzip) return snapshot.gzip;
  const bounds = [0];
  const pieceOf = new Map<number, number>();
  let at = 1; // after '['
  snapshot.items.forEach(({ id, bytes }, i) => {
    pieceOf.set(id, bounds.length - 1);
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
 * patchedListSlices, gzipped, without rendering the body: the shared pieces, with only the
 * pieces holding the member's own flights patched and compressed again (see `variants`). The
 * result is remembered per member on the snapshot while their joined set is the same one.
 */
export function patchedListGzipFor(
  snapshot: PatchedJsonList,
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
export function patchedListSlices(
  snapshot: PatchedJsonList,
  joined: ReadonlySet<number>,
): Buffer[] {
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
 * patchedListSlices for one member: views on the shared list at their first read of this snapshot,
 * one buffer from their second on (see PLAIN_MAX_USERS). One member's repeated reads, sent as
 * views, ran at 0.41-0.46x a bare server; as one buffer at 0.5-0.77x.
 */
export function patchedListPlainFor(
  snapshot: PatchedJsonList,
  userId: number,
  joined: ReadonlySet<number>,
): Buffer[] {
  const seen = snapshot.plain.get(userId);
  if (seen && seen.joined === joined) {
    seen.body ??= Buffer.concat(patchedListSlices(snapshot, joined));
    return [seen.body];
  }
  if (snapshot.plain.size >= PLAIN_MAX_USERS) snapshot.plain.clear();
  snapshot.plain.set(userId, { joined, body: null });
  return patchedListSlices(snapshot, joined);
}
