// @postgres: a listening server with sockets; blocks are upserts (onConflictDoNothing)
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FlightRow, messages, type UserRow, users, type WaveRow } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { buildCrew, buildFlight, buildWave, joinFlight } from '../../test/factories';
import { type Injector, injectAs } from '../../test/inject-as';
import { openSocket, type SocketClient, sessionCookie } from '../../test/socket-client';

/**
 * The block matrix (issue 22): after A blocks B, every member route from the app's own route
 * table, asked by either of them, never shows the other; no wave can be sent either way on any
 * flight; and no socket frame from one reaches the other.
 */

/** Every place a response can name a member: a presented user or one of the id fields. */
function namesMember(body: unknown, userId: number): string | null {
  const seen: string[] = [];
  const walk = (value: unknown, path: string) => {
    if (Array.isArray(value)) {
      for (const [i, v] of value.entries()) walk(v, `${path}[${i}]`);
    } else if (value && typeof value === 'object') {
      const o = value as Record<string, unknown>;
      if ('displayName' in o && o.id === userId) seen.push(path);
      for (const key of ['userId', 'senderId', 'receiverId', 'recipientId', 'blockerId'])
        if (o[key] === userId) seen.push(`${path}.${key}`);
      for (const [k, v] of Object.entries(o)) walk(v, `${path}.${k}`);
    }
  };
  walk(body, '$');
  return seen[0] ?? null;
}

describe('block matrix', () => {
  let t: TestApp;
  let a: UserRow;
  let b: UserRow;
  let c: UserRow;
  let asA: Injector;
  let asB: Injector;
  let f1: FlightRow;
  let f2: FlightRow;
  let accepted: WaveRow;
  let pending: WaveRow;
  let sockA: SocketClient;
  let sockB: SocketClient;

  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { db } = t.database;
    const now = t.clock.now();
    a = await buildCrew(db, { nickname: 'Aurelia' });
    b = await buildCrew(db, { nickname: 'Zebulon', lastHeartbeatAt: now, isOnline: true });
    c = await buildCrew(db, { nickname: 'Cosmo' });
    f1 = await buildFlight(db);
    f2 = await buildFlight(db, { daysAhead: 5 });
    for (const f of [f1, f2]) for (const u of [a, b, c]) await joinFlight(db, u, f);
    accepted = await buildWave(db, a, b, f1, { status: 'accepted' });
    pending = await buildWave(db, b, a, f2);
    await buildWave(db, a, c, f1, { status: 'accepted' });
    await db.insert(messages).values({ waveId: accepted.id, senderId: b.id, content: 'hi A' });
    asA = await injectAs(t.app, a);
    asB = await injectAs(t.app, b);
    sockA = await openSocket(t.app, { cookie: await sessionCookie(t.app, a.id, now) });
    sockB = await openSocket(t.app, { cookie: await sessionCookie(t.app, b.id, now) });
    // Before the block the two see each other: the matrix below would notice a leak.
    const before = (await asA({ method: 'GET', url: `/api/flights/${f1.id}` })).json();
    expect(namesMember(before, b.id)).not.toBeNull();
    expect(before.crewCount).toBe(3);
    // Both lists answered once before the block: whom blocks hide (nobody) is remembered, and
    // the block must drop that memory (the counts test below).
    for (const as of [asA, asB]) {
      const home = (await as({ method: 'GET', url: '/api/flights' })).json();
      expect(home.find((f: { id: number }) => f.id === f1.id).crewCount).toBe(3);
    }

    const res = await asA({ method: 'POST', url: `/api/users/${b.id}/block` });
    expect(res.statusCode).toBe(200);
    // Both are told their waves are gone (as when either deletes a conversation).
    for (const s of [sockA, sockB])
      expect(await s.received(2, (f) => f.type === 'wave_update')).toBe(true);
  });
  afterAll(() => t.close());

  /** Every GET a member may call, with each of the pair's ids in each path parameter. */
  function memberReads() {
    const routes = t.app.routeTable.filter(
      (r) => r.method === 'GET' && r.access === 'user' && r.url.startsWith('/api/'),
    );
    const ids = [f1.id, f2.id, accepted.id, pending.id, a.id, b.id];
    return routes.flatMap((r) =>
      r.url.includes(':') ? ids.map((id) => r.url.replace(/:[A-Za-z]+/g, String(id))) : [r.url],
    );
  }

  it('enumerates the member routes from the route table', () => {
    const urls = memberReads();
    for (const url of [
      '/api/flights',
      `/api/flights/${f1.id}`,
      '/api/waves',
      `/api/messages/${accepted.id}`,
      `/api/waves/check/${f1.id}`,
      '/api/user/flights',
    ])
      expect(urls).toContain(url);
  });

  it.each([
    ['the blocker', () => [asA, b] as const],
    ['the blocked member', () => [asB, a] as const],
  ])('shows %s nothing of the other on any route', async (_who, pair) => {
    const [as, other] = pair();
    const reads = memberReads().map((url) => ({ method: 'GET' as const, url }));
    reads.push({ method: 'POST', url: '/api/flights/search', payload: { query: 'BA' } } as never);
    for (const { method, url, ...rest } of reads) {
      // The one exception: the blocker's own 'Blocked members' list, to unblock from.
      if (as === asA && url === '/api/users/blocked') continue;
      const res = await as({ method, url, ...rest });
      expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
      const text = res.body;
      expect(text, url).not.toContain(other.email);
      expect(text, url).not.toContain(other.nickname!);
      if (res.headers['content-type']?.toString().includes('json'))
        expect(namesMember(res.json(), other.id), url).toBeNull();
    }
  });

  it('leaves the other out of every crew and online count the viewer sees', async () => {
    // A and B are online (sockets), C is not: C sees 2 online, A only itself.
    const detail = (await asA({ method: 'GET', url: `/api/flights/${f1.id}` })).json();
    expect(detail.crewCount).toBe(2);
    expect(detail.onlineCrewCount).toBe(1);
    const home = (await asA({ method: 'GET', url: '/api/flights' })).json();
    expect(home.find((f: { id: number }) => f.id === f1.id)).toMatchObject({
      crewCount: 2,
      onlineCrewCount: 1,
      isJoined: true,
    });
    // The blocked member's list too: the block hides both ways.
    const homeOfB = (await asB({ method: 'GET', url: '/api/flights' })).json();
    expect(homeOfB.find((f: { id: number }) => f.id === f1.id).crewCount).toBe(2);
    const search = (
      await asA({ method: 'POST', url: '/api/flights/search', payload: { query: 'BA' } })
    ).json();
    expect(search.find((f: { id: number }) => f.id === f1.id)).toMatchObject({ crewCount: 2 });
    const mine = (await asA({ method: 'GET', url: '/api/user/flights' })).json();
    expect(
      mine.find((e: { flight: { id: number } }) => e.flight.id === f1.id).flight,
    ).toMatchObject({ crewCount: 2 });
    // C, who blocked nobody, still sees everyone.
    const asC = await injectAs(t.app, c);
    expect((await asC({ method: 'GET', url: `/api/flights/${f1.id}` })).json()).toMatchObject({
      crewCount: 3,
      onlineCrewCount: 2,
    });
  });

  it('refuses a wave either way, on any flight, as if the other were not on it', async () => {
    const f3 = await buildFlight(t.database.db, { daysAhead: 7 });
    await joinFlight(t.database.db, a, f3);
    await joinFlight(t.database.db, b, f3);
    for (const [as, to] of [
      [asA, b],
      [asB, a],
    ] as const) {
      for (const flight of [f1, f3]) {
        const res = await as({
          method: 'POST',
          url: '/api/waves',
          payload: { receiverId: to.id, flightId: flight.id },
        });
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe('Both crew members must be on this flight');
      }
    }
  });

  it('closes their chat: the old conversation is gone for both', async () => {
    for (const as of [asA, asB]) {
      const res = await as({
        method: 'POST',
        url: '/api/messages',
        payload: { waveId: accepted.id, content: 'still there?' },
      });
      expect(res.statusCode).toBe(404);
    }
  });

  it('passes no presence or message frame between the two', async () => {
    const { realtime } = t.app.deps;
    // Only what arrives from now on (before the block, B's presence rightly reached A).
    const fromA = sockA.arrived.length;
    const fromB = sockB.arrived.length;
    const since = (s: SocketClient, n: number) => s.arrived.slice(n);
    // A presence and a message in flight as the block lands, then a sentinel after them.
    realtime.send([a.id], { type: 'presence', data: { userId: b.id, isOnline: true } });
    realtime.publishMessage({
      message: {
        id: 999_999,
        waveId: accepted.id,
        senderId: b.id,
        content: 'late',
        read: false,
        clientId: null,
        createdAt: t.clock.now(),
      },
      wave: accepted,
      sender: b,
    });
    realtime.send([b.id], { type: 'presence', data: { userId: a.id, isOnline: false } });
    realtime.send([a.id, b.id], { type: 'invalidate', data: { keys: ['waves'] } });
    await sockA.next('invalidate');
    await sockB.next('invalidate');
    // Queued on the next turn (publishMessage): one more sentinel after it.
    await new Promise((resolve) => setImmediate(resolve));
    realtime.send([a.id, b.id], { type: 'invalidate', data: { keys: ['flights'] } });
    await sockA.next('invalidate');
    await sockB.next('invalidate');
    expect(
      since(sockA, fromA).filter((f) => f.type === 'presence' || f.type === 'message'),
    ).toEqual([]);
    expect(
      since(sockB, fromB).filter(
        (f) => f.type === 'presence' && (f.data as { userId: number }).userId === a.id,
      ),
    ).toEqual([]);
    // A reconnecting member's presence reaches nobody of the pair either.
    sockB.close();
    await sockB.waitClosed();
    const again = await openSocket(t.app, {
      cookie: await sessionCookie(t.app, b.id, t.clock.now()),
    });
    realtime.send([a.id], { type: 'invalidate', data: { keys: ['waves'] } });
    await sockA.next('invalidate');
    expect(since(sockA, fromA).filter((f) => f.type === 'presence')).toEqual([]);
    again.close();
  });

  it('lists whom the viewer blocked, never who blocked them; unblock brings the other back', async () => {
    const listA = (await asA({ method: 'GET', url: '/api/users/blocked' })).json();
    expect(listA.blockedMembers.map((m: { user: { id: number } }) => m.user.id)).toEqual([b.id]);
    expect(listA.blockedMembers[0].user.isOnline).toBe(false);
    const listB = (await asB({ method: 'GET', url: '/api/users/blocked' })).json();
    expect(listB.blockedMembers).toEqual([]);
    // B cannot lift A's block.
    expect((await asB({ method: 'DELETE', url: `/api/users/${a.id}/block` })).statusCode).toBe(200);
    expect((await asB({ method: 'GET', url: `/api/flights/${f1.id}` })).json().crewCount).toBe(2);

    expect((await asA({ method: 'DELETE', url: `/api/users/${b.id}/block` })).statusCode).toBe(200);
    const home = (await asA({ method: 'GET', url: '/api/flights' })).json();
    expect(home.find((f: { id: number }) => f.id === f1.id).crewCount).toBe(3);
    const detail = (await asA({ method: 'GET', url: `/api/flights/${f1.id}` })).json();
    expect(namesMember(detail, b.id)).not.toBeNull();
    const wave = await asB({
      method: 'POST',
      url: '/api/waves',
      payload: { receiverId: a.id, flightId: f1.id },
    });
    expect(wave.statusCode).toBe(201);
    // Block again for the rest of nothing: idempotent both ways.
    expect((await asA({ method: 'POST', url: `/api/users/${b.id}/block` })).statusCode).toBe(200);
    expect((await asA({ method: 'POST', url: `/api/users/${b.id}/block` })).statusCode).toBe(200);
  });

  it('refuses blocking oneself (403) and unknown members (404), changing nothing', async () => {
    const self = await asA({ method: 'POST', url: `/api/users/${a.id}/block` });
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe('You cannot block yourself');
    const unknown = await asA({ method: 'POST', url: '/api/users/2147483000/block' });
    expect(unknown.statusCode).toBe(404);
    const huge = await asA({ method: 'POST', url: '/api/users/99999999999/block' });
    expect(huge.statusCode).toBeLessThan(500);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, a.id));
    expect(row).toBeDefined();
  });
});
