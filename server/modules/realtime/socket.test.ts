// @postgres: a listening server: sockets, presence and fan-out; a session row held FOR UPDATE while a socket waits on it
import { once } from 'node:events';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  FLOODED_SOCKET_CLOSE_CODE,
  FLOODED_SOCKET_REFUSALS,
  JSON_DEPTH_MAX,
  MEMBER_LIMITS,
  serverFrameSchema,
  TOO_MANY_MESSAGES,
  TOO_MANY_WRITES,
} from '../../../domain';
import { sessions, type UserRow, users } from '../../db/schema';
import { hashToken } from '../../lib/tokens';
import { sessionCookieName } from '../../plugins/access';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { buildChatPair, buildCrew, buildFlight, buildWave, joinFlight } from '../../test/factories';
import { injectAs } from '../../test/inject-as';
import { deepestFrame } from '../../test/nested-attack';
import { type Frame, openSocket, sessionCookie } from '../../test/socket-client';

/** The member a presence frame is about, if it is one. */
const presenceOf = (f: Frame) =>
  f.type === 'presence' ? (f.data as { userId: number }).userId : undefined;

describe('the WebSocket channel', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const cookieFor = (user: UserRow) => sessionCookie(t.app, user.id, t.clock.now());
  const open = (headers: Record<string, string>) => openSocket(t.app, headers);

  it('refuses an upgrade without a valid session', async () => {
    await expect(open({})).rejects.toThrow('HTTP 401');
    await expect(
      open({ cookie: `${sessionCookieName(t.app.deps.config.publicUrl)}=forged` }),
    ).rejects.toThrow('HTTP 401');
  });

  it('refuses a foreign Origin', async () => {
    const cookie = await cookieFor(await buildCrew(t.database.db));
    await expect(open({ cookie, origin: 'https://evil.example' })).rejects.toThrow('HTTP 403');
  });

  it('answers auth_success only for the session’s own user id', async () => {
    const user = await buildCrew(t.database.db);
    const other = await buildCrew(t.database.db);
    const client = await open({ cookie: await cookieFor(user) });
    client.send({ type: 'auth', userId: other.id });
    expect(await client.next('auth_error')).toMatchObject({
      message: 'Failed to authenticate WebSocket connection',
    });
    client.send({ type: 'auth', userId: user.id });
    expect(await client.next('auth_success')).toMatchObject({ userId: user.id });
    client.ws.close();
  });

  const chatPair = () => buildChatPair(t.database.db);

  it('delivers a message to every socket of both people, and acks the sender’s frame', async () => {
    const { a, b, wave } = await chatPair();
    const sender = await open({ cookie: await cookieFor(a) });
    const phone = await open({ cookie: await cookieFor(b) });
    const laptop = await open({ cookie: await cookieFor(b) });
    sender.send({ type: 'new_message', waveId: wave.id, content: '  hello  ', clientId: 'c-1' });
    const ack = await sender.next('message_ack');
    expect(ack).toMatchObject({ clientId: 'c-1', data: { waveId: wave.id, content: 'hello' } });
    for (const client of [sender, phone, laptop]) {
      expect(await client.next('message')).toMatchObject({
        data: { waveId: wave.id, content: 'hello', recipientId: b.id },
      });
    }
    // The sending socket reads its ack first: the pushed copy must not land while the screen
    // still shows the pending one (it showed twice).
    const order = sender.arrived.map((f) => f.type);
    expect(order.indexOf('message_ack')).toBeLessThan(order.indexOf('message'));
    expect(await phone.next('push_notification')).toMatchObject({
      data: { title: 'New Message', url: `/messages?waveId=${wave.id}` },
    });
    for (const c of [sender, phone, laptop]) c.ws.close();
  });

  it('refuses frames by the same rules as HTTP, answering with the clientId', async () => {
    const { wave } = await chatPair();
    const outsider = await open({ cookie: await cookieFor(await buildCrew(t.database.db)) });
    outsider.send({ type: 'new_message', waveId: wave.id, content: 'sneaky', clientId: 'c-9' });
    expect(await outsider.next('error')).toMatchObject({
      clientId: 'c-9',
      message: 'Conversation not found',
    });
    outsider.send({ type: 'new_message', waveId: wave.id, content: '   ', clientId: 'c-10' });
    expect(await outsider.next('error')).toMatchObject({
      clientId: 'c-10',
      message: 'Message cannot be empty',
    });
    outsider.ws.send('not json');
    expect(await outsider.next('error')).toMatchObject({ message: 'Invalid frame' });
    outsider.ws.close();
  });

  it('wave_update frames respond through the wave rules and reach both people', async () => {
    const { a, b, wave } = await chatPair();
    const { waves } = await import('../../db/schema');
    await t.database.db.update(waves).set({ status: 'pending' }).where(eq(waves.id, wave.id));
    const sender = await open({ cookie: await cookieFor(a) });
    const receiver = await open({ cookie: await cookieFor(b) });
    sender.send({ type: 'wave_update', waveId: wave.id, status: 'accepted', clientId: 'w1' });
    expect(await sender.next('error')).toMatchObject({
      clientId: 'w1',
      message: 'Only the receiver can respond to this wave',
    });
    receiver.send({ type: 'wave_update', waveId: wave.id, status: 'accepted', clientId: 'w2' });
    expect(await receiver.next('message_ack')).toMatchObject({
      clientId: 'w2',
      data: { status: 'accepted' },
    });
    expect(await sender.next('wave_update')).toMatchObject({
      data: { waveId: wave.id, status: 'accepted' },
    });
    expect(await sender.next('push_notification')).toMatchObject({
      data: { title: 'Wave Accepted' },
    });
    sender.ws.close();
    receiver.ws.close();
  });

  it('wave_update frames draw on the waves bucket, like PUT /api/waves/{id}/status', async () => {
    const { b, wave } = await chatPair();
    const { waves, rateEvents } = await import('../../db/schema');
    await t.database.db.update(waves).set({ status: 'pending' }).where(eq(waves.id, wave.id));
    const { bucket, limit, windowMs } = MEMBER_LIMITS.waves;
    // The member has answered waves up to the limit (over HTTP or the socket alike).
    await t.database.db.insert(rateEvents).values(
      Array.from({ length: limit }, () => ({
        bucket: `member:${bucket}`,
        key: `user:${b.id}`,
        createdAt: t.clock.now(),
      })),
    );
    const receiver = await open({ cookie: await cookieFor(b) });
    receiver.send({ type: 'wave_update', waveId: wave.id, status: 'accepted', clientId: 'w1' });
    expect(await receiver.next('error')).toMatchObject({
      clientId: 'w1',
      message: TOO_MANY_WRITES,
    });
    const [stored] = await t.database.db.select().from(waves).where(eq(waves.id, wave.id));
    expect(stored?.status).toBe('pending');
    // Once the window has passed, the same frame is answered.
    t.clock.advance(windowMs);
    receiver.send({ type: 'wave_update', waveId: wave.id, status: 'accepted', clientId: 'w2' });
    expect(await receiver.next('message_ack')).toMatchObject({
      clientId: 'w2',
      data: { status: 'accepted' },
    });
    receiver.ws.close();
  });

  it('every frame the server sends is one the domain’s serverFrameSchema accepts', async () => {
    const { a, b, wave } = await chatPair();
    const flight = await buildFlight(t.database.db);
    await joinFlight(t.database.db, a, flight);
    await joinFlight(t.database.db, b, flight);
    const pending = await buildWave(t.database.db, b, a, flight, { status: 'pending' });
    const raw: string[] = [];
    const alice = await open({ cookie: await cookieFor(a) });
    alice.ws.on('message', (data) => raw.push(data.toString()));
    const bob = await open({ cookie: await cookieFor(b) });
    bob.ws.on('message', (data) => raw.push(data.toString()));
    await alice.next('presence');
    alice.send({ type: 'auth', userId: a.id });
    await alice.next('auth_success');
    alice.send({ type: 'auth', userId: b.id });
    await alice.next('auth_error');
    alice.send({ type: 'ping' });
    await alice.next('pong');
    alice.send({ type: 'new_message', waveId: wave.id, content: 'hi', clientId: 'm' });
    await alice.next('message_ack');
    await bob.next('message');
    await bob.next('push_notification');
    alice.send({ type: 'wave_update', waveId: pending.id, status: 'accepted', clientId: 'w' });
    await alice.next('message_ack');
    await bob.next('wave_update');
    await bob.next('push_notification');
    alice.ws.send('not json');
    await alice.next('error');
    const asAlice = await injectAs(t.app, a);
    expect((await asAlice({ method: 'PUT', url: `/api/waves/${wave.id}/read` })).statusCode).toBe(
      200,
    );
    await alice.next('invalidate');
    expect((await asAlice({ method: 'DELETE', url: `/api/waves/${pending.id}` })).statusCode).toBe(
      204,
    );
    expect(await bob.next('wave_update')).toMatchObject({ data: { status: 'deleted' } });
    bob.ws.close();
    await alice.next('presence');

    const frames = raw.map((text) => JSON.parse(text) as Frame);
    const refused = frames.filter((frame) => !serverFrameSchema.safeParse(frame).success);
    expect(refused).toEqual([]);
    expect(new Set(frames.map((f) => f.type))).toEqual(
      new Set([
        'presence',
        'auth_success',
        'auth_error',
        'pong',
        'message',
        'message_ack',
        'push_notification',
        'wave_update',
        'error',
        'invalidate',
      ]),
    );
    alice.ws.close();
  });

  it('throttles more than 20 frames a second from one user', async () => {
    const client = await open({ cookie: await cookieFor(await buildCrew(t.database.db)) });
    for (let i = 0; i < 30; i++) client.send({ type: 'ping' });
    const isPong = (f: Frame) => f.type === 'pong';
    const isRefusal = (f: Frame) =>
      f.type === 'error' && f.message === 'Too many messages. Please slow down.';
    // Every ping is answered, with a pong or a refusal: wait for all 30 answers.
    expect(await client.received(30, (f) => isPong(f) || isRefusal(f))).toBe(true);
    const pongs = client.frames.filter(isPong).length;
    const refusals = client.frames.filter(isRefusal).length;
    expect(pongs).toBe(20);
    expect(refusals).toBe(10);
    // A refused request names its clientId, so the sender's pending message fails at once.
    client.send({ type: 'new_message', waveId: 1, content: 'hi', clientId: 'c-31' });
    expect(await client.received(31, (f) => isPong(f) || isRefusal(f))).toBe(true);
    expect(client.frames.filter(isRefusal).at(-1)).toMatchObject({ clientId: 'c-31' });
    // Not a real request id (over 100 characters): refused without echoing it.
    client.send({ type: 'new_message', waveId: 1, content: 'hi', clientId: 'x'.repeat(101) });
    expect(await client.received(32, (f) => isPong(f) || isRefusal(f))).toBe(true);
    expect(client.frames.filter(isRefusal).at(-1)).not.toHaveProperty('clientId');
    client.ws.close();
  });

  const isInvalid = (f: Frame) => f.type === 'error' && f.message === 'Invalid frame';
  const isThrottled = (f: Frame) => f.type === 'error' && f.message === TOO_MANY_MESSAGES;

  it('refuses a frame nested past the limit as invalid before reading its text', async () => {
    const client = await open({ cookie: await cookieFor(await buildCrew(t.database.db)) });
    // At depth 40 its unstorable text was still scanned for (a TEXT_NOT_ALLOWED answer).
    const depth = JSON_DEPTH_MAX + 8;
    client.ws.send(
      `{"type":"new_message","waveId":1,"content":"hi","x":${'['.repeat(depth)}"a\\u0000"${']'.repeat(depth)}}`,
    );
    expect(await client.next('error')).toEqual({ type: 'error', message: 'Invalid frame' });
    client.ws.send(deepestFrame());
    expect(await client.next('error')).toEqual({ type: 'error', message: 'Invalid frame' });
    // The socket still works.
    client.send({ type: 'ping' });
    await client.next('pong');
    client.ws.close();
  });

  it('closes a socket sent a depth-100,000 frame (200 KB, over the frame limit); others carry on', async () => {
    const member = await buildCrew(t.database.db);
    const attacker = await open({ cookie: await cookieFor(member) });
    const bystander = await open({ cookie: await cookieFor(await buildCrew(t.database.db)) });
    attacker.ws.send(`${'['.repeat(100_000)}${']'.repeat(100_000)}`);
    expect(await attacker.waitClosed()).toEqual({ code: 1009 });
    bystander.send({ type: 'ping' });
    await bystander.next('pong');
    bystander.ws.close();
  });

  it('charges nested frames to the sender’s frame budget before reading them', async () => {
    const client = await open({ cookie: await cookieFor(await buildCrew(t.database.db)) });
    const frame = deepestFrame();
    for (let i = 0; i < 25; i++) client.ws.send(frame);
    expect(await client.received(25, (f) => isInvalid(f) || isThrottled(f))).toBe(true);
    expect(client.frames.filter(isInvalid)).toHaveLength(20);
    expect(client.frames.filter(isThrottled)).toHaveLength(5);
    client.ws.close();
  });

  it('closes a socket that keeps sending past its budget (1008), and refuses its member a new one for 10 s', async () => {
    const member = await buildCrew(t.database.db);
    const cookie = await cookieFor(member);
    const flooder = await open({ cookie });
    const bystander = await open({ cookie: await cookieFor(await buildCrew(t.database.db)) });
    // 20 answered, 20 refused (still open: a burst), the 21st refusal in a row closes it.
    const frame = deepestFrame();
    for (let i = 0; i < 45; i++) flooder.ws.send(frame);
    expect(await flooder.waitClosed()).toEqual({ code: FLOODED_SOCKET_CLOSE_CODE });
    expect(flooder.frames.filter(isInvalid)).toHaveLength(20);
    expect(flooder.frames.filter(isThrottled)).toHaveLength(FLOODED_SOCKET_REFUSALS);
    // Reconnecting at once would bring the flood back: refused until the cool-down ends.
    await expect(open({ cookie })).rejects.toThrow('HTTP 429');
    bystander.send({ type: 'ping' });
    await bystander.next('pong');
    t.clock.advance(10_000);
    const again = await open({ cookie });
    again.send({ type: 'ping' });
    await again.next('pong');
    again.ws.close();
    bystander.ws.close();
  });

  it('POST /api/messages draws on the same budget as socket frames', async () => {
    const { a, wave } = await chatPair();
    const client = await open({ cookie: await cookieFor(a) });
    const asA = await injectAs(t.app, a);
    for (let i = 0; i < 20; i++) {
      const res = await asA({
        method: 'POST',
        url: '/api/messages',
        payload: { waveId: wave.id, content: `m${i}` },
      });
      expect(res.statusCode).toBe(201);
    }
    client.send({ type: 'ping' });
    expect(await client.next('error')).toMatchObject({
      message: 'Too many messages. Please slow down.',
    });
    t.clock.advance(1000);
    client.send({ type: 'ping' });
    await client.next('pong');
    client.ws.close();
  });

  it('an 11th socket closes the member’s oldest with 4008; the other ten stay', async () => {
    const user = await buildCrew(t.database.db);
    const clients = [];
    for (let i = 0; i < 10; i++) clients.push(await open({ cookie: await cookieFor(user) }));
    const oldestClosed = once(clients[0]!.ws, 'close', { signal: AbortSignal.timeout(5000) });
    const newest = await open({ cookie: await cookieFor(user) });
    const [code, reason] = await oldestClosed;
    expect(code).toBe(4008);
    expect(String(reason)).toBe('Too many open connections');
    for (const c of clients.slice(1)) expect(c.ws.readyState).toBe(WebSocket.OPEN);
    expect(t.app.deps.realtime.countSockets([user.id])).toBe(10);
    newest.send({ type: 'ping' });
    await newest.next('pong');
    // Making room is not leaving: the member is still online.
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.isOnline).toBe(true);
    for (const c of [...clients.slice(1), newest]) c.ws.close();
  });

  it('closes a socket that sends a frame over 64 KB', async () => {
    const client = await open({ cookie: await cookieFor(await buildCrew(t.database.db)) });
    client.ws.send('x'.repeat(65 * 1024));
    expect((await client.waitClosed())?.code).toBe(1009);
  });

  it('logout closes that session’s sockets at once, not at a sweep; other sessions stay', async () => {
    const user = await buildCrew(t.database.db);
    const cookie = await cookieFor(user);
    const doomed = await open({ cookie });
    const other = await open({ cookie: await cookieFor(user) });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    // The test app runs no sweep (startJobs is off), so a close can only come from the logout
    // itself: no wall-clock bound needed, which a busy CI box would turn into a guess.
    expect((await doomed.waitClosed())?.code).toBe(4401);
    expect(other.closed).toBeNull();
    // Revoking every session (deletion, sign out everywhere) closes the rest.
    await t.app.deps.sessions.revokeAllForUser(user.id);
    expect((await other.waitClosed())?.code).toBe(4401);
    // And the old cookie cannot reconnect.
    await expect(open({ cookie })).rejects.toThrow('HTTP 401');
  });

  it('an open socket is online; closing the last one is offline, and wave partners hear of it', async () => {
    const { a, b } = await chatPair();
    const watcher = await open({ cookie: await cookieFor(a) });
    const client = await open({ cookie: await cookieFor(b) });
    expect(await watcher.next('presence')).toMatchObject({
      data: { userId: b.id, isOnline: true },
    });
    let [row] = await t.database.db.select().from(users).where(eq(users.id, b.id));
    expect(row!.lastHeartbeatAt).not.toBeNull();
    client.ws.close();
    expect(await watcher.next('presence')).toMatchObject({
      data: { userId: b.id, isOnline: false },
    });
    [row] = await t.database.db.select().from(users).where(eq(users.id, b.id));
    expect(row!.lastHeartbeatAt).toBeNull();
    watcher.ws.close();
  });

  it('a socket closed while its online write waits leaves the member offline', async () => {
    const { a, b } = await chatPair();
    const watcher = await open({ cookie: await cookieFor(a) });
    const cookie = await cookieFor(b);
    // The session is remembered, so the upgrade itself needs no query while b's row is held.
    expect((await t.app.inject({ url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(200);
    // b's row held as a busy database would hold it (PGlite: every query waits behind it).
    let release!: () => void;
    let held!: () => void;
    const heldNow = new Promise<void>((r) => {
      held = r;
    });
    const holder = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select id from users where id = ${b.id} for update`);
      held();
      await new Promise<void>((r) => {
        release = r;
      });
    });
    await heldNow;
    const client = await open({ cookie });
    client.ws.close();
    await expect.poll(() => t.app.deps.realtime.countSockets([b.id])).toBe(0);
    release();
    await holder;
    // The opening's write and the close's: two presence frames about b, whatever their order.
    expect(await watcher.received(2, (f) => presenceOf(f) === b.id)).toBe(true);
    const aboutB = watcher.arrived.filter((f) => presenceOf(f) === b.id);
    expect(aboutB.at(-1)).toMatchObject({ data: { isOnline: false } });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, b.id));
    expect(row).toMatchObject({ isOnline: false, lastHeartbeatAt: null });
    watcher.ws.close();
  });

  it('the sweep drops sockets that stopped answering pings', async () => {
    const client = await open({ cookie: await cookieFor(await buildCrew(t.database.db)) });
    // Stop answering pings, like a phone that lost its network.
    (client.ws as unknown as { pong: () => void }).pong = () => {};
    client.ws.removeAllListeners('ping');
    (
      client.ws as unknown as { _receiver: { removeAllListeners(e: string): void } }
    )._receiver.removeAllListeners('ping');
    await t.app.deps.realtime.runSweep();
    // Instead of a pause for a pong that must not come: two round trips on the socket. The first
    // ends after the sweep's ping reached the client (frames arrive in order); the second after
    // the server read all the client sent before it, so a pong, had one been sent, counted.
    for (let i = 0; i < 2; i++) {
      client.send({ type: 'ping' });
      await client.next('pong');
    }
    await t.app.deps.realtime.runSweep();
    expect((await client.waitClosed())?.code).toBeDefined();
  });

  it('the sweep, in batches, refreshes every connected member and closes sockets whose session is gone', async () => {
    // 101 members: several batches (of 25), the last one alone in the last batch.
    const members = [];
    for (let i = 0; i < 101; i++) members.push(await buildCrew(t.database.db));
    const cookies = await Promise.all(members.map((m) => cookieFor(m)));
    const clients = await Promise.all(cookies.map((cookie) => open({ cookie })));
    const ids = members.map((m) => m.id);
    await t.database.db.update(users).set({ lastHeartbeatAt: null }).where(inArray(users.id, ids));
    // The last member's session ends behind the socket's back (no revocation event).
    const lastToken = cookies[100]!.split('=')[1]!;
    await t.database.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(lastToken)));

    // Pings counted as they go out, and how many had gone out when the loop first got a turn.
    let pinged = 0;
    for (const conn of t.app.deps.realtime.hub.connections()) {
      const ping = conn.socket.ping.bind(conn.socket);
      conn.socket.ping = (...args: Parameters<typeof ping>) => {
        pinged += 1;
        ping(...args);
      };
    }
    let pingedAtFirstTurn = -1;
    setImmediate(() => {
      pingedAtFirstTurn = pinged;
    });
    await t.app.deps.realtime.runSweep();

    // Every socket pinged, but not all in one turn: live messages wait for one batch at most.
    expect(pinged).toBe(101);
    expect(pingedAtFirstTurn).toBe(25);
    expect((await clients[100]!.waitClosed())?.code).toBe(4401);
    // A bounded "nothing arrives" window: the sweep that closed the last one is over.
    expect(await clients[99]!.waitClosed(50)).toBeNull();
    // Everyone still connected was refreshed (the closed one went offline, as a close does).
    const rows = await t.database.db
      .select()
      .from(users)
      .where(inArray(users.id, ids.slice(0, 100)));
    expect(rows.filter((r) => r.lastHeartbeatAt === null)).toHaveLength(0);
    for (const client of clients) client.close();
  });

  it('the push test reaches my sockets; only admins may target someone else', async () => {
    const user = await buildCrew(t.database.db);
    const cookie = await cookieFor(user);
    const client = await open({ cookie });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test-cross-env-push',
      headers: { cookie },
      payload: { message: 'ping me' },
    });
    expect(res.json()).toEqual({
      success: true,
      results: { websocket: 1, email: false, webpush: 0 },
    });
    expect(await client.next('push_notification')).toMatchObject({ data: { message: 'ping me' } });
    const other = await buildCrew(t.database.db);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/test-cross-env-push',
      headers: { cookie },
      payload: { targetUserId: other.id },
    });
    expect(refused.statusCode).toBe(403);
    client.ws.close();
  });
});

describe('live invalidation', () => {
  it('announces flight changes to every socket, batched', async () => {
    const t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const member = await buildCrew(t.database.db);
    const bystander = await buildCrew(t.database.db);
    const cookie = (u: UserRow) => sessionCookie(t.app, u.id, t.clock.now());
    const client = await openSocket(t.app, { cookie: await cookie(bystander) });
    const flight = await buildFlight(t.database.db);
    const memberCookie = await cookie(member);
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/flight-crew',
        headers: { cookie: memberCookie },
        payload: { flightId: flight.id, role: 'IFL' },
      });
      expect(res.statusCode).toBeLessThan(500);
    }
    expect(await client.next('invalidate')).toMatchObject({ data: { keys: ['flights', 'stats'] } });
    const firstAt = Date.now();
    // A bounded "nothing arrives" window: the burst is announced once. The last change is never
    // dropped, so a second frame may follow, but only after the 2 s batch: one inside the window
    // is a second announcement of the burst. (A machine stalled past the batch may see the
    // trailing frame here; its distance from the first, at least a second, tells the two apart.)
    if (await client.received(1, (f) => f.type === 'invalidate', 300)) {
      expect(Date.now() - firstAt).toBeGreaterThanOrEqual(1_000);
    }
    expect(client.frames.filter((f) => f.type === 'invalidate').length).toBeLessThanOrEqual(1);
    client.close();
    await t.close();
  });
});
