import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HOME_CACHE_TTL_MS,
  HomeListCache,
  type HomeSnapshot,
  homeListCache,
  homeListGzipFor,
  homeListPlainFor,
  homeListSlices,
} from '../modules/flights/home-cache';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { buildAdmin, buildCrew, buildFlight, joinFlight } from '../test/factories';
import { injectAs } from '../test/inject-as';

type FlightItem = { id: number; crewCount: number; isJoined: boolean };

describe('compression', () => {
  let t: TestApp;
  let as: Awaited<ReturnType<typeof injectAs>>;
  let joinedId: number;
  beforeAll(async () => {
    t = await buildTestApp();
    const member = await buildCrew(t.database.db);
    // 70 flights: three gzip pieces of the home list, well over 1 KiB.
    for (let i = 0; i < 70; i++) {
      const flight = await buildFlight(t.database.db, { daysAhead: 1 + (i % 5) });
      if (i === 40) {
        await joinFlight(t.database.db, member, flight);
        joinedId = flight.id;
      }
    }
    as = await injectAs(t.app, member);
  });
  afterAll(() => t.close());

  const list = (encoding?: string) =>
    as({
      method: 'GET',
      url: '/api/flights',
      headers: encoding ? { 'accept-encoding': encoding } : {},
    });

  it('answers the home list in brotli to a client that accepts only br', async () => {
    const plain = await list();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/);
    expect(Number(plain.headers['content-length'])).toBe(plain.rawPayload.length);
    const head = await as({ method: 'HEAD', url: '/api/flights' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(plain.headers['content-length']);
    expect(head.rawPayload.length).toBe(0);
    const items = plain.json() as { id: number; isJoined: boolean }[];
    expect(items).toHaveLength(70);
    expect(items.find((f) => f.id === joinedId)?.isJoined).toBe(true);
    const br = await list('br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(items);
  });

  it("gzips the home list from the snapshot's pieces, with the member's own flights", async () => {
    const plain = (await list()).json();
    const gz = await list('gzip, deflate, br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(plain);
  });

  it('compresses the shared list once per snapshot, then only the pieces a member changes', () => {
    const cache = homeListCache(t.app.deps) as unknown as {
      snapshot: Parameters<typeof homeListGzipFor>[0];
    };
    const snapshot = cache.snapshot;
    const ids = snapshot.items.map((i) => i.id);
    for (const joined of [[], [ids[0]!], [ids[5]!, ids[40]!, ids[69]!], ids]) {
      const set = new Set(joined);
      const body = Buffer.concat(homeListSlices(snapshot, set));
      const gz = homeListGzipFor(snapshot, 1000 + joined.length, set);
      expect(zlib.gunzipSync(gz).equals(body)).toBe(true);
    }
    const pieces = snapshot.gzip;
    homeListGzipFor(snapshot, 2000, new Set([ids[1]!]));
    expect(snapshot.gzip).toBe(pieces);
  });

  it('sends each member their own isJoined from views on the shared list, which stays as it was', () => {
    const cache = homeListCache(t.app.deps) as unknown as {
      snapshot: Parameters<typeof homeListGzipFor>[0];
    };
    const snapshot = cache.snapshot;
    const shared = Buffer.from(snapshot.body);
    const ids = snapshot.items.map((i) => i.id);
    for (const joined of [[], [ids[0]!], [ids[69]!, ids[3]!, ids[40]!], ids]) {
      const items = JSON.parse(Buffer.concat(homeListSlices(snapshot, new Set(joined))).toString());
      expect(items.map((f: { id: number }) => f.id)).toEqual(ids);
      for (const item of items as { id: number; isJoined: boolean }[]) {
        expect(item.isJoined).toBe(joined.includes(item.id));
      }
    }
    // A member on none of them is sent the shared bytes themselves.
    expect(homeListSlices(snapshot, new Set())).toEqual([snapshot.body]);
    expect(snapshot.body.equals(shared)).toBe(true);
  });

  it('sends a member their list as views at their first read of a snapshot, and one copy from the second', () => {
    const snapshot = (homeListCache(t.app.deps) as unknown as { snapshot: HomeSnapshot }).snapshot;
    const ids = snapshot.items.map((i) => i.id);
    const joined = new Set([ids[4]!, ids[60]!]);
    const expected = Buffer.concat(homeListSlices(snapshot, joined));
    const first = homeListPlainFor(snapshot, 4001, joined);
    expect(first.length).toBeGreaterThan(1);
    expect(Buffer.concat(first).equals(expected)).toBe(true);
    const second = homeListPlainFor(snapshot, 4001, joined);
    expect(second).toHaveLength(1);
    expect(second[0]!.equals(expected)).toBe(true);
    // The same copy again, not another one.
    expect(homeListPlainFor(snapshot, 4001, joined)[0]).toBe(second[0]);
    // Their flights changed (a new joined set): views again, with the new isJoined.
    const now = new Set([ids[4]!]);
    const changed = homeListPlainFor(snapshot, 4001, now);
    expect(changed.length).toBeGreaterThan(1);
    expect(Buffer.concat(changed).equals(Buffer.concat(homeListSlices(snapshot, now)))).toBe(true);
    // Another member with the same flights has their own first read.
    expect(homeListPlainFor(snapshot, 4002, joined).length).toBeGreaterThan(1);
  });

  it("compresses a patched piece once for every member with the same flights in it, and never gives one member another's", () => {
    const cache = homeListCache(t.app.deps) as unknown as {
      snapshot: Parameters<typeof homeListGzipFor>[0];
    };
    const snapshot = cache.snapshot;
    const ids = snapshot.items.map((i) => i.id);
    const gzipOf = (userId: number, joined: number[]) => {
      const set = new Set(joined);
      const gz = homeListGzipFor(snapshot, userId, set);
      expect(zlib.gunzipSync(gz).equals(Buffer.concat(homeListSlices(snapshot, set)))).toBe(true);
      return gz;
    };
    const variantCount = () => snapshot.gzip!.pieces.reduce((n, p) => n + p.variants.size, 0);
    const first = gzipOf(3001, [ids[2]!]);
    const variants = variantCount();
    // Another member on the same flight: the same piece, not compressed again.
    expect(gzipOf(3002, [ids[2]!]).equals(first)).toBe(true);
    expect(variantCount()).toBe(variants);
    // The same piece with another flight too, or the other flight alone: pieces of their own.
    gzipOf(3003, [ids[3]!, ids[2]!]);
    gzipOf(3004, [ids[3]!]);
    gzipOf(3005, [ids[2]!, ids[3]!]);
    expect(variantCount()).toBe(variants + 2);
  });

  it('takes over the pieces a rebuild or a patch left as they were, and compresses the changed one again', async () => {
    const old = (homeListCache(t.app.deps) as unknown as { snapshot: HomeSnapshot }).snapshot;
    const flights = old.flights;
    const ids = flights.map((f) => f.id);
    // A cache of its own, fed the same flights, so the test decides when it rebuilds.
    const cache = new HomeListCache();
    const build = async () => flights;
    const first = await cache.get(old.window, 0, build);
    const member = new Set([ids[2]!, ids[40]!]);
    const firstGzip = homeListGzipFor(first, 1, member);
    const firstPieces = first.gzip!.pieces;
    // Past the TTL: rebuilt in the background with the same figures.
    await cache.get(old.window, HOME_CACHE_TTL_MS, build);
    await cache.settled();
    const rebuilt = await cache.get(old.window, HOME_CACHE_TTL_MS, build);
    expect(rebuilt).not.toBe(first);
    expect(homeListGzipFor(rebuilt, 1, member).equals(firstGzip)).toBe(true);
    rebuilt.gzip!.pieces.forEach((piece, k) => {
      expect(piece.gzip).toBe(firstPieces[k]!.gzip);
      expect(piece.variants).toBe(firstPieces[k]!.variants);
    });
    // A flight in the first piece gets longer (a count of four digits): that piece is compressed
    // again; the later pieces move in the body but keep their bytes, so they are taken over
    // with their members' variants (keyed within the piece), used as they are.
    const changed = flights[2]!;
    const variantsOf40 = firstPieces[first.gzip!.pieceOf.get(ids[40]!)!]!.variants;
    const variantCount = variantsOf40.size;
    await cache.flightChanged(changed.id, async () => ({
      ...changed,
      crewCount: changed.crewCount + 1000,
    }));
    const patched = await cache.get(old.window, HOME_CACHE_TTL_MS, build);
    const gz = homeListGzipFor(patched, 1, member);
    expect(zlib.gunzipSync(gz).equals(Buffer.concat(homeListSlices(patched, member)))).toBe(true);
    const k = patched.gzip!.pieceOf.get(changed.id)!;
    expect(k).toBe(0);
    expect(patched.gzip!.bounds[1]).toBeGreaterThan(first.gzip!.bounds[1]!);
    patched.gzip!.pieces.forEach((piece, i) => {
      if (i === k) expect(piece.gzip).not.toBe(firstPieces[i]!.gzip);
      else expect(piece.gzip).toBe(firstPieces[i]!.gzip);
    });
    expect(patched.gzip!.pieces[patched.gzip!.pieceOf.get(ids[40]!)!]!.variants).toBe(variantsOf40);
    expect(variantsOf40.size).toBe(variantCount);
    // The member's list has the new count and both of their flights joined.
    const items = JSON.parse(zlib.gunzipSync(gz).toString()) as FlightItem[];
    expect(items[2]).toMatchObject({
      id: changed.id,
      crewCount: changed.crewCount + 1000,
      isJoined: true,
    });
    expect(items.filter((f) => f.isJoined).map((f) => f.id)).toEqual([ids[2], ids[40]]);
  });

  it('compresses other answers over 1 KiB, never tiny ones nor a 204', async () => {
    const search = await as({
      method: 'POST',
      url: '/api/flights/search',
      payload: {},
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(search.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(search.rawPayload).toString()).length).toBeGreaterThan(0);
    const health = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br' },
    });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toBeTruthy();
    const admin = await injectAs(t.app, await buildAdmin(t.database.db));
    const gone = await admin({
      method: 'DELETE',
      url: '/api/users/me/profile-picture',
      headers: { 'accept-encoding': 'br' },
    });
    expect(gone.statusCode).toBe(204);
    expect(gone.headers['content-encoding']).toBeUndefined();
    expect(gone.rawPayload.length).toBe(0);
  });
});
