// @postgres: two instances on the LISTEN/NOTIFY bus; a PostgreSQL-only describe
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow, WaveRow } from '../../db/schema';
import { fixedClock } from '../../lib/clock';
import { buildCrew, buildFlight, buildWave, DEFAULT_NOW, joinFlight } from '../../test/factories';
import { openSocket, type SocketClient, sessionCookie } from '../../test/socket-client';
import { type TwoInstances, twoInstances } from '../../test/two-instances';

/**
 * Issue 22: a block set on one instance holds on every instance at once. Two apps on one
 * PostgreSQL, as behind a load balancer: the blocked member's socket is on B, the blocker acts
 * on A. B learns it from the bus and passes no frame of one to the other from then on; a third
 * member on B, not blocked, still gets the same frames (so a missing frame is the filter's
 * doing, not a lost event). PostgreSQL only.
 */
describe.runIf(process.env.JUMPSEAT_TEST_DB === 'postgres')('a block across two instances', () => {
  let two: TwoInstances;
  let shared: TwoInstances['shared'];
  let a: FastifyInstance;
  let b: FastifyInstance;
  let onB: TwoInstances['onB'];
  const clock = fixedClock(DEFAULT_NOW);
  let blocker: UserRow;
  let blocked: UserRow;
  let bystander: UserRow;
  let wave: WaveRow;
  let blockedOnB: SocketClient;
  let bystanderOnB: SocketClient;
  let blockerOnA: SocketClient;

  beforeAll(async () => {
    two = await twoInstances(clock);
    ({ shared, a, b, onB } = two);
    await a.listen({ port: 0, host: '127.0.0.1' });
    await b.listen({ port: 0, host: '127.0.0.1' });

    const { db } = shared;
    blocker = await buildCrew(db, { nickname: 'Blocker' });
    blocked = await buildCrew(db, { nickname: 'Blocked' });
    bystander = await buildCrew(db, { nickname: 'Bystander' });
    const flight = await buildFlight(db);
    for (const u of [blocker, blocked, bystander]) await joinFlight(db, u, flight);
    wave = await buildWave(db, blocker, blocked, flight, { status: 'accepted' });
    await buildWave(db, blocker, bystander, flight, { status: 'accepted' });

    const socketOn = async (app: FastifyInstance, user: UserRow) => {
      const socket = await openSocket(app, {
        cookie: await sessionCookie(app, user.id, clock.now()),
      });
      socket.send({ type: 'auth', userId: user.id });
      await socket.next('auth_success');
      return socket;
    };
    blockedOnB = await socketOn(b, blocked);
    bystanderOnB = await socketOn(b, bystander);
    blockerOnA = await socketOn(a, blocker);
  });
  afterAll(async () => {
    for (const s of [blockedOnB, bystanderOnB, blockerOnA]) s?.close();
    await two?.close();
  });

  it('before the block, a message from A reaches its recipient on B', async () => {
    blockerOnA.send({
      type: 'new_message',
      waveId: wave.id,
      content: 'Before',
      clientId: crypto.randomUUID(),
    });
    const frame = await blockedOnB.next('message', 10_000);
    expect(frame.data).toMatchObject({ content: 'Before', senderId: blocker.id });
  });

  /** The flight's crew count in the blocked member's home list, as instance B answers it. */
  async function homeCountOnB() {
    const res = await b.inject({
      method: 'GET',
      url: '/api/flights',
      headers: { cookie: await sessionCookie(b, blocked.id, clock.now()) },
    });
    return (res.json() as { crewCount: number }[])[0]?.crewCount;
  }

  it('blocked on A: B closes their chat at once and passes no frame between them', async () => {
    // B has answered the home list before (and remembers whom blocks hide: nobody yet).
    expect(await homeCountOnB()).toBe(3);
    const heard = onB((e) => e.e === 'block' && e.pair.includes(blocked.id));
    const cookie = await sessionCookie(a, blocker.id, clock.now());
    const res = await a.inject({
      method: 'POST',
      url: `/api/users/${blocked.id}/block`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    await heard;
    // B's memory of whom blocks hide went with the event: the count leaves the blocker out.
    expect(await homeCountOnB()).toBe(2);
    // The conversation is gone for the member on B, told over B's socket.
    expect(
      await blockedOnB.received(
        1,
        (f) =>
          f.type === 'wave_update' &&
          (f.data as { waveId: number; status: string }).waveId === wave.id &&
          (f.data as { status: string }).status === 'deleted',
        10_000,
      ),
    ).toBe(true);

    // Frames naming the blocker, sent from A to both members on B; then a sentinel to both.
    const from = blockedOnB.arrived.length;
    const { realtime } = a.deps;
    realtime.send([blocked.id, bystander.id], {
      type: 'presence',
      data: { userId: blocker.id, isOnline: true },
    });
    realtime.send([blocked.id, bystander.id], { type: 'invalidate', data: { keys: ['waves'] } });
    await bystanderOnB.next('invalidate', 10_000);
    await blockedOnB.next('invalidate', 10_000);
    // The bystander got the presence (the event was not lost); the blocked member did not.
    expect(
      bystanderOnB.arrived.some(
        (f) => f.type === 'presence' && (f.data as { userId: number }).userId === blocker.id,
      ),
    ).toBe(true);
    expect(
      blockedOnB.arrived.slice(from).filter((f) => f.type === 'presence' || f.type === 'message'),
    ).toEqual([]);

    // And the old chat is closed on B for the blocked member's sends: refused, nothing stored.
    blockedOnB.send({
      type: 'new_message',
      waveId: wave.id,
      content: 'After',
      clientId: crypto.randomUUID(),
    });
    expect(await blockedOnB.next('error', 10_000)).toBeTruthy();
    expect(blockerOnA.arrived.filter((f) => f.type === 'message').map((f) => f.data)).not.toEqual(
      expect.arrayContaining([expect.objectContaining({ content: 'After' })]),
    );
  });
});
