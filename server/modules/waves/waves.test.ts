// @postgres: a listening server with sockets; wave state changes race with live updates
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages, platformCounters, type UserRow, waves } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import {
  buildAdmin,
  buildCrew,
  buildDemo,
  buildFlight,
  buildWave,
  DEFAULT_NOW,
  joinFlight,
} from '../../test/factories';
import { type Injector, injectAs } from '../../test/inject-as';
import { openSocket, sessionCookie } from '../../test/socket-client';

describe('waves', () => {
  let t: TestApp;
  let alice: UserRow;
  let bob: UserRow;
  let eve: UserRow;
  let asAlice: Injector;
  let asBob: Injector;
  let asEve: Injector;

  beforeAll(async () => {
    t = await buildTestApp();
    // Listening, so the no-leak test can hold a real socket open as the sender.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    t.clock.set(DEFAULT_NOW);
    alice = await buildCrew(t.database.db, {
      name: 'Alice Real',
      nickname: 'Ace',
      showNameAfterMatch: true,
      shareContactInfo: true,
      mobileNumber: '+447700900001',
    });
    bob = await buildCrew(t.database.db, {
      name: 'Bob Real',
      nickname: null,
      showNameAfterMatch: false,
      mobileNumber: '+447700900002',
    });
    eve = await buildCrew(t.database.db, { name: 'Eve Real' });
    [asAlice, asBob, asEve] = await Promise.all([
      injectAs(t.app, alice),
      injectAs(t.app, bob),
      injectAs(t.app, eve),
    ]);
  });

  async function sharedFlight(options: Parameters<typeof buildFlight>[1] = {}) {
    const flight = await buildFlight(t.database.db, options);
    await joinFlight(t.database.db, alice, flight);
    await joinFlight(t.database.db, bob, flight);
    return flight;
  }
  const wave = (as: Injector, receiverId: number, flightId: number) =>
    as({ method: 'POST', url: '/api/waves', payload: { receiverId, flightId } });

  it('sends a wave between two members of a flight (201) and counts it', async () => {
    const flight = await sharedFlight();
    const [before] = await t.database.db.select().from(platformCounters);
    const res = await wave(asAlice, bob.id, flight.id);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      senderId: alice.id,
      receiverId: bob.id,
      flightId: flight.id,
      status: 'pending',
      receiverRead: false,
    });
    const [after] = await t.database.db.select().from(platformCounters);
    expect(after!.totalWavesEverCreated).toBe(before!.totalWavesEverCreated + 1);
  });

  it('allows one wave per pair and flight, in either direction', async () => {
    const flight = await sharedFlight();
    expect((await wave(asAlice, bob.id, flight.id)).statusCode).toBe(201);
    const again = await wave(asAlice, bob.id, flight.id);
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe('A wave already exists between you on this flight');
    expect((await wave(asBob, alice.id, flight.id)).statusCode).toBe(403);
    // Another flight is another wave.
    const other = await sharedFlight();
    expect((await wave(asBob, alice.id, other.id)).statusCode).toBe(201);
  });

  it.each([
    ['yourself', 'self', 'You cannot wave at yourself'],
    ['someone not on the flight', 'eve', 'Both crew members must be on this flight'],
  ])('refuses waving at %s', async (_case, who, message) => {
    const flight = await sharedFlight();
    const res = await wave(asAlice, who === 'self' ? alice.id : eve.id, flight.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(message);
  });

  it('closes waving at departure: a minute before yes, a second after no', async () => {
    const flight = await sharedFlight({ daysAhead: 0, time: '12:30' });
    t.clock.set('2030-06-15T12:29:00Z');
    expect((await wave(asAlice, bob.id, flight.id)).statusCode).toBe(201);
    const later = await sharedFlight({ daysAhead: 0, time: '12:30' });
    t.clock.set('2030-06-15T12:30:01Z');
    const res = await wave(asAlice, bob.id, later.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Cannot send waves for past flights');
  });

  it('a flight without a time stays open until 23:59:59 UTC', async () => {
    const flight = await sharedFlight({ daysAhead: 0, time: null });
    t.clock.set('2030-06-15T23:59:58Z');
    expect((await wave(asAlice, bob.id, flight.id)).statusCode).toBe(201);
  });

  it('unknown flight or receiver is 404; a demo user is refused with the spec text', async () => {
    const flight = await sharedFlight();
    expect((await wave(asAlice, bob.id, 999_999)).statusCode).toBe(404);
    expect((await wave(asAlice, 999_999, flight.id)).statusCode).toBe(404);
    const demo = await buildDemo(t.database.db);
    await joinFlight(t.database.db, demo, flight);
    const res = await wave(await injectAs(t.app, demo), bob.id, flight.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Wave sending not available in demo mode');
  });

  it('only the receiver responds, once, and not after departure', async () => {
    const flight = await sharedFlight();
    const w = await buildWave(t.database.db, alice, bob, flight);
    const respond = (as: Injector, status: string, id = w.id) =>
      as({ method: 'PUT', url: `/api/waves/${id}/status`, payload: { status } });
    const bySender = await respond(asAlice, 'accepted');
    expect(bySender.statusCode).toBe(403);
    expect(bySender.json().message).toBe('Only the receiver can respond to this wave');
    expect((await respond(asEve, 'accepted')).statusCode).toBe(404);
    expect((await respond(asBob, 'maybe')).json().message).toBe(
      'Status must be accepted or rejected',
    );
    const ok = await respond(asBob, 'accepted');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'accepted', senderRead: false, receiverRead: true });
    expect((await respond(asBob, 'rejected')).json().message).toBe(
      'This wave has already been answered',
    );

    const past = await sharedFlight({ daysAhead: 0, time: '06:00' });
    const late = await buildWave(t.database.db, alice, bob, past);
    const res = await respond(asBob, 'accepted', late.id);
    expect(res.json().message).toBe('Cannot respond to waves for past flights');
  });

  it('lists my waves with both people presented by the reveal rules', async () => {
    const flight = await sharedFlight();
    const w = await buildWave(t.database.db, alice, bob, flight);
    const pending = (await asBob({ method: 'GET', url: '/api/waves' })).json();
    const item = pending.find((x: { id: number }) => x.id === w.id);
    expect(item.sender).toMatchObject({ id: alice.id, displayName: 'Ace' });
    expect(item.sender.realName).toBeUndefined();
    expect(item.unread).toBe(true);
    expect(JSON.stringify(pending)).not.toContain('Alice Real');
    expect(JSON.stringify(pending)).not.toContain(alice.email);
    expect(JSON.stringify(pending)).not.toContain('+447700900001');

    await t.database.db.update(waves).set({ status: 'accepted' }).where(eq(waves.id, w.id));
    const accepted = (await asBob({ method: 'GET', url: '/api/waves' }))
      .json()
      .find((x: { id: number }) => x.id === w.id);
    // Alice allows both: her name and number are revealed to Bob.
    expect(accepted.sender).toMatchObject({
      displayName: 'Alice Real',
      realName: 'Alice Real',
      mobileNumber: '+447700900001',
    });
    // Bob allows neither: Alice sees no name and the in-app note.
    const forAlice = (await asAlice({ method: 'GET', url: '/api/waves' }))
      .json()
      .find((x: { id: number }) => x.id === w.id);
    expect(forAlice.receiver.displayName).toBe('Anonymous Crew Member');
    expect(forAlice.receiver.contactNote).toBe('This crew member prefers to chat in-app');
    expect(JSON.stringify(forAlice)).not.toContain('Bob Real');
    expect(JSON.stringify(forAlice)).not.toContain('+447700900002');
    // A third member sees none of it.
    expect(
      (await asEve({ method: 'GET', url: '/api/waves' }))
        .json()
        .find((x: { id: number }) => x.id === w.id),
    ).toBeUndefined();
  });

  it('an admin sees full identities; a demo viewer sees Test User', async () => {
    const flight = await sharedFlight();
    const admin = await buildAdmin(t.database.db);
    await joinFlight(t.database.db, admin, flight);
    const w = await buildWave(t.database.db, admin, alice, flight);
    const list = (
      await (
        await injectAs(t.app, admin)
      )({ method: 'GET', url: '/api/waves' })
    ).json();
    expect(list.find((x: { id: number }) => x.id === w.id).receiver.displayName).toBe('Alice Real');
  });

  it('a declined wave looks unanswered to its sender in every answer and frame (issue 18)', async () => {
    const flight = await sharedFlight();
    const socket = await openSocket(t.app, {
      cookie: await sessionCookie(t.app, alice.id, t.clock.now()),
    });
    const sent = (await wave(asAlice, bob.id, flight.id)).json();
    await socket.next('wave_update'); // the pending one
    // Alice's reading, over the same channel as any news: its 'invalidate' frame marks a point
    // in the stream (read once now, so her own read flag is already set).
    const readAll = async () => {
      await asAlice({ method: 'POST', url: '/api/waves/read-all' });
      await socket.next('invalidate');
    };
    await readAll();
    /** Everything Alice can ask the server about this wave, the flight and her counts. */
    const whatAliceSees = async () => {
      const get = async (url: string) => {
        const res = await asAlice({ method: 'GET', url });
        return { status: res.statusCode, body: res.json() };
      };
      return {
        list: await get('/api/waves'),
        check: await get(`/api/waves/check/${flight.id}`),
        flight: await get(`/api/flights/${flight.id}`),
        analytics: await get('/api/users/me/analytics'),
        messages: await get(`/api/messages/${sent.id}`),
        again: (await wave(asAlice, bob.id, flight.id)).json(),
      };
    };
    const before = await whatAliceSees();
    expect(before.list.body.find((x: { id: number }) => x.id === sent.id)).toMatchObject({
      status: 'pending',
    });

    const declined = await asBob({
      method: 'PUT',
      url: `/api/waves/${sent.id}/status`,
      payload: { status: 'rejected' },
    });
    expect(declined.json()).toMatchObject({ status: 'rejected' }); // Bob, who declined, knows.
    // Once the frame of a later act of Alice's is here, a frame about the decline would be too.
    await readAll();
    expect(socket.arrived.filter((f) => f.type === 'wave_update')).toHaveLength(1);
    expect(JSON.stringify(socket.arrived)).not.toContain('rejected');

    const after = await whatAliceSees();
    expect(after).toEqual(before);
    expect(JSON.stringify(after)).not.toContain('rejected');
    expect(
      (await asBob({ method: 'GET', url: `/api/flights/${flight.id}` }))
        .json()
        .crewMembers.find((m: { userId: number }) => m.userId === alice.id).waveStatus,
    ).toEqual({ status: 'rejected', waveId: sent.id });
    socket.close();
  });

  it('check/{flightId} maps the other person to the wave', async () => {
    const flight = await sharedFlight();
    const w = await buildWave(t.database.db, alice, bob, flight);
    const mine = (await asAlice({ method: 'GET', url: `/api/waves/check/${flight.id}` })).json();
    expect(mine.waveStatusMap).toEqual({
      [bob.id]: { exists: true, status: 'pending', isSender: true, waveId: w.id },
    });
    const theirs = (await asBob({ method: 'GET', url: `/api/waves/check/${flight.id}` })).json();
    expect(theirs.waveStatusMap[alice.id]).toMatchObject({ isSender: false });
    expect((await asEve({ method: 'GET', url: `/api/waves/check/${flight.id}` })).json()).toEqual({
      waveStatusMap: {},
    });
  });

  it('unread: pending for the receiver; accepted until my side reads; new messages make it unread again', async () => {
    const flight = await sharedFlight();
    const w = await buildWave(t.database.db, alice, bob, flight, {
      status: 'accepted',
      senderRead: true,
      receiverRead: true,
    });
    const unreadFor = async (as: Injector) =>
      (await as({ method: 'GET', url: '/api/waves' }))
        .json()
        .find((x: { id: number }) => x.id === w.id);
    expect((await unreadFor(asBob)).unread).toBe(false);
    await asAlice({
      method: 'POST',
      url: '/api/messages',
      payload: { waveId: w.id, content: 'hi' },
    });
    const bobView = await unreadFor(asBob);
    expect(bobView).toMatchObject({ unread: true, unreadMessages: 1 });
    expect((await unreadFor(asAlice)).unread).toBe(false);
    expect((await asBob({ method: 'PUT', url: `/api/waves/${w.id}/read` })).statusCode).toBe(200);
    expect(await unreadFor(asBob)).toMatchObject({ unread: false, unreadMessages: 0 });
    // Alice's next message (her conversation is remembered now) makes it unread again, and
    // Bob's answer makes it unread for Alice.
    await asAlice({
      method: 'POST',
      url: '/api/messages',
      payload: { waveId: w.id, content: 'again' },
    });
    expect(await unreadFor(asBob)).toMatchObject({ unread: true, unreadMessages: 1 });
    expect((await asAlice({ method: 'PUT', url: `/api/waves/${w.id}/read` })).statusCode).toBe(200);
    await asBob({ method: 'POST', url: '/api/messages', payload: { waveId: w.id, content: 'yo' } });
    expect((await unreadFor(asAlice)).unread).toBe(true);
  });

  it('read-all clears every wave of mine and nobody else’s', async () => {
    const flight = await sharedFlight();
    const w1 = await buildWave(t.database.db, alice, bob, flight, {
      status: 'accepted',
      receiverRead: false,
      senderRead: false,
    });
    const res = await asBob({ method: 'POST', url: '/api/waves/read-all' });
    expect(res.json()).toMatchObject({ success: true });
    const [row] = await t.database.db.select().from(waves).where(eq(waves.id, w1.id));
    expect(row).toMatchObject({ receiverRead: true, senderRead: false });
    const demo = await injectAs(t.app, await buildDemo(t.database.db));
    const refused = await demo({ method: 'POST', url: '/api/waves/read-all' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'Demo users cannot mark waves as read. This action is restricted in demo mode.',
    );
  });

  it('either person deletes a wave with its messages; nobody else can', async () => {
    const flight = await sharedFlight();
    const w = await buildWave(t.database.db, alice, bob, flight, { status: 'accepted' });
    await t.database.db.insert(messages).values({ waveId: w.id, senderId: alice.id, content: 'x' });
    expect((await asEve({ method: 'DELETE', url: `/api/waves/${w.id}` })).statusCode).toBe(404);
    expect((await asBob({ method: 'DELETE', url: `/api/waves/${w.id}` })).statusCode).toBe(204);
    expect(await t.database.db.select().from(waves).where(eq(waves.id, w.id))).toEqual([]);
    expect(await t.database.db.select().from(messages).where(eq(messages.waveId, w.id))).toEqual(
      [],
    );
  });

  it('IDOR: a third member gets 404 on every wave and message route and changes nothing', async () => {
    const flight = await sharedFlight();
    const w = await buildWave(t.database.db, alice, bob, flight, { status: 'accepted' });
    await t.database.db
      .insert(messages)
      .values({ waveId: w.id, senderId: alice.id, content: 'private' });
    const attempts = [
      { method: 'PUT', url: `/api/waves/${w.id}/status`, payload: { status: 'rejected' } },
      { method: 'PUT', url: `/api/waves/${w.id}/read` },
      { method: 'DELETE', url: `/api/waves/${w.id}` },
      { method: 'GET', url: `/api/messages/${w.id}` },
      { method: 'POST', url: '/api/messages', payload: { waveId: w.id, content: 'intrusion' } },
    ] as const;
    for (const attempt of attempts) {
      const res = await asEve(attempt);
      expect(res.statusCode, `${attempt.method} ${attempt.url}`).toBe(404);
      expect(res.body).not.toContain('private');
    }
    const [row] = await t.database.db.select().from(waves).where(eq(waves.id, w.id));
    expect(row).toMatchObject({ status: 'accepted' });
    const texts = (
      await t.database.db.select().from(messages).where(eq(messages.waveId, w.id))
    ).map((m) => m.content);
    expect(texts).toEqual(['private']);
  });
});
