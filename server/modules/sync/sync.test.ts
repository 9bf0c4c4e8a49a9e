// @postgres: a listening server with sockets: what a dropped socket missed
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncResponseSchema } from '../../../domain';
import type { UserRow } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { buildCrew, buildFlight, buildWave, joinFlight } from '../../test/factories';
import { injectAs } from '../../test/inject-as';
import { type Frame, openSocket, sessionCookie } from '../../test/socket-client';

describe('GET /api/sync: what a dropped socket missed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  async function connect(user: UserRow) {
    const socket = await openSocket(t.app, {
      cookie: await sessionCookie(t.app, user.id, t.clock.now()),
    });
    socket.send({ type: 'auth', userId: user.id });
    const auth = await socket.next('auth_success');
    return { socket, cursor: String(auth.cursor) };
  }

  it('after a reconnect, the three messages sent meanwhile come once each; a new wave comes too', async () => {
    const db = t.database.db;
    const [a, b, c, stranger] = [
      await buildCrew(db),
      await buildCrew(db),
      await buildCrew(db),
      await buildCrew(db),
    ];
    const flight = await buildFlight(db);
    for (const u of [a, b, c, stranger]) await joinFlight(db, u, flight);
    const wave = await buildWave(db, a, b, flight, { status: 'accepted' });
    const other = await buildWave(db, a, stranger, flight, { status: 'accepted' });
    const asA = await injectAs(t.app, a);
    const asB = await injectAs(t.app, b);
    const asC = await injectAs(t.app, c);
    const send = async (waveId: number, content: string) => {
      t.clock.advance(1000);
      const res = await asA({ method: 'POST', url: '/api/messages', payload: { waveId, content } });
      expect(res.statusCode).toBe(201);
    };

    // B is connected and sees one message live: that frame is the last event B saw.
    const first = await connect(b);
    await send(wave.id, 'seen live');
    const live = (await first.socket.next('message')) as Frame & { data: { createdAt: string } };
    const since = live.data.createdAt;
    first.socket.close();
    await first.socket.waitClosed();

    // While B is away: three messages to B, one to someone else, and a wave from C.
    await send(wave.id, 'missed 1');
    await send(wave.id, 'missed 2');
    await send(other.id, 'not for B');
    await send(wave.id, 'missed 3');
    t.clock.advance(1000);
    const waved = await asC({
      method: 'POST',
      url: '/api/waves',
      payload: { receiverId: b.id, flightId: flight.id },
    });
    expect(waved.statusCode).toBe(201);

    t.clock.advance(1000);
    const again = await connect(b);
    // Nothing missed is replayed on the new socket: the sync is how it comes back.
    expect(again.socket.frames.filter((f) => f.type === 'message')).toEqual([]);
    const res = await asB({ method: 'GET', url: `/api/sync?since=${encodeURIComponent(since)}` });
    expect(res.statusCode).toBe(200);
    const body = syncResponseSchema.parse(res.json());
    const contents = body.messages.map((m) => m.content);
    // Inclusive of the cursor: the live one comes again (the web drops it by id).
    expect(contents).toEqual(['seen live', 'missed 1', 'missed 2', 'missed 3']);
    expect(new Set(body.messages.map((m) => m.id)).size).toBe(body.messages.length);
    expect(body.waves.map((w) => w.id)).toEqual([waved.json().id]);
    expect(body.waves[0]).toMatchObject({ senderId: c.id, status: 'pending', unread: true });
    expect(body.complete).toBe(true);
    expect(body.cursor).toBe(t.clock.now().toISOString());

    // From the answer's cursor on, nothing is left.
    const next = await asB({
      method: 'GET',
      url: `/api/sync?since=${encodeURIComponent(body.cursor)}`,
    });
    expect(next.json()).toMatchObject({ messages: [], waves: [] });
    again.socket.close();
  });

  it('refuses a cursor that is not a timestamp (400) and an anonymous caller (401)', async () => {
    const asB = await injectAs(t.app, await buildCrew(t.database.db));
    expect((await asB({ method: 'GET', url: '/api/sync?since=yesterday' })).statusCode).toBe(400);
    // A well-formed time PostgreSQL cannot hold (there is no year 0) is refused too, not a 500.
    for (const since of ['0000-01-01T00:00:00.000Z', '1999-12-31T23:59:59.000Z']) {
      expect((await asB({ method: 'GET', url: `/api/sync?since=${since}` })).statusCode).toBe(400);
    }
    expect((await asB({ method: 'GET', url: '/api/sync' })).statusCode).toBe(400);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/sync?since=${t.clock.now().toISOString()}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
