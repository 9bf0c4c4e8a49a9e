// @postgres: a listening server with sockets (real connections to the pool)
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_REASONS, DEMO_DISPLAY_NAME } from '../../../domain';
import type { FlightRow, UserRow, WaveRow } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import {
  buildCrew,
  buildDemo,
  buildFlight,
  buildWave,
  DEFAULT_NOW,
  joinFlight,
} from '../../test/factories';
import { type Injector, injectAs, signedInAdmin } from '../../test/inject-as';
import { mailTo, pinIn } from '../../test/mailbox';
import { openSocket, sessionCookie } from '../../test/socket-client';

/**
 * Demo accounts are read-only (flights spec §1, accounts spec §4): every way to change
 * something is refused with the spec's text, and nothing in the database moves.
 */
describe('demo accounts', () => {
  let t: TestApp;
  let demo: UserRow;
  let asDemo: Injector;
  let crew: UserRow;
  let other: UserRow;
  let flight: FlightRow;
  let emptyFlight: FlightRow;
  let pending: WaveRow;
  let accepted: WaveRow;
  let demoEntryId: number;

  beforeAll(async () => {
    t = await buildTestApp({ config: { demoPasscode: '7391' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { db } = t.database;
    demo = await buildDemo(db);
    crew = await buildCrew(db, { name: 'Amelia Hart', nickname: 'Skylark' });
    other = await buildCrew(db, { name: 'Tom Okafor', nickname: 'Galley Guru' });
    flight = await buildFlight(db);
    emptyFlight = await buildFlight(db);
    // A demo account made by the seed sits on flights with waves, so the app has something to show.
    demoEntryId = (await joinFlight(db, demo, flight)).id;
    await joinFlight(db, crew, flight);
    await joinFlight(db, other, flight);
    pending = await buildWave(db, crew, demo, flight);
    accepted = await buildWave(db, demo, other, flight, { status: 'accepted', senderRead: false });
    await db.execute(
      sql`insert into messages (wave_id, sender_id, content, read) values (${accepted.id}, ${other.id}, 'Hello', false)`,
    );
    asDemo = await injectAs(t.app, demo);
  });
  afterAll(() => t.close());

  /** Everything a refused call could have touched. */
  async function snapshot() {
    const { db } = t.database;
    const rows = async (table: string) =>
      (await db.execute(sql.raw(`select * from ${table} order by id`))).rows;
    return {
      flights: await rows('flights'),
      crew: await rows('flight_crew'),
      waves: await rows('waves'),
      messages: await rows('messages'),
      users: await rows('users'),
    };
  }

  const matrix: [string, () => { method: string; url: string; payload?: object }, string][] = [
    [
      'join a flight',
      () => ({
        method: 'POST',
        url: '/api/flight-crew',
        payload: { flightId: emptyFlight.id, role: 'Main Crew' },
      }),
      ACCESS_REASONS.demoJoin,
    ],
    [
      'add a flight',
      () => ({
        method: 'POST',
        url: '/api/flights',
        payload: {
          flightNumber: 'BA999',
          origin: 'LHR',
          destination: 'CDG',
          departureDate: '2030-06-20',
          role: 'Main Crew',
        },
      }),
      ACCESS_REASONS.demoAddFlights,
    ],
    [
      'upload a roster',
      () => ({ method: 'POST', url: '/api/flights/batch', payload: { flights: [] } }),
      ACCESS_REASONS.demoAddFlights,
    ],
    [
      'delete a flight',
      () => ({ method: 'DELETE', url: `/api/flights/${flight.id}` }),
      ACCESS_REASONS.demoDeleteFlight,
    ],
    [
      'edit a crew entry',
      () => ({ method: 'PATCH', url: `/api/flight-crew/${demoEntryId}`, payload: { note: 'hi' } }),
      ACCESS_REASONS.demoEditProfile,
    ],
    [
      'leave a flight',
      () => ({ method: 'DELETE', url: `/api/flight-crew/${demoEntryId}` }),
      ACCESS_REASONS.demoRemoveCrew,
    ],
    [
      'send a wave',
      () => ({
        method: 'POST',
        url: '/api/waves',
        payload: { receiverId: other.id, flightId: flight.id },
      }),
      ACCESS_REASONS.demoWave,
    ],
    [
      'accept a wave',
      () => ({
        method: 'PUT',
        url: `/api/waves/${pending.id}/status`,
        payload: { status: 'accepted' },
      }),
      ACCESS_REASONS.demoRespond,
    ],
    [
      'mark a wave read',
      () => ({ method: 'PUT', url: `/api/waves/${accepted.id}/read` }),
      ACCESS_REASONS.demoMarkRead,
    ],
    [
      'mark all read',
      () => ({ method: 'POST', url: '/api/waves/read-all' }),
      ACCESS_REASONS.demoMarkRead,
    ],
    [
      'delete a conversation',
      () => ({ method: 'DELETE', url: `/api/waves/${accepted.id}` }),
      ACCESS_REASONS.demoDeleteWave,
    ],
    [
      'send a message',
      () => ({
        method: 'POST',
        url: '/api/messages',
        payload: { waveId: accepted.id, content: 'Hi' },
      }),
      ACCESS_REASONS.demoMessage,
    ],
    [
      'edit the profile',
      () => ({ method: 'PUT', url: '/api/users/profile', payload: { nickname: 'Changed' } }),
      ACCESS_REASONS.demoEditProfile,
    ],
    [
      'delete the account',
      () => ({ method: 'POST', url: '/api/auth/delete-account' }),
      ACCESS_REASONS.demoDeleteAccount,
    ],
  ];

  it.each(matrix)(
    'refuses to %s: 403 with the spec text, nothing changed',
    async (_, call, text) => {
      const before = await snapshot();
      const res = await asDemo(call());
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(text);
      expect(await snapshot()).toEqual(before);
    },
  );

  it('refuses messages and wave answers sent over the socket too', async () => {
    const before = await snapshot();
    const socket = await openSocket(t.app, {
      cookie: await sessionCookie(t.app, demo.id, DEFAULT_NOW),
    });
    socket.send({ type: 'new_message', waveId: accepted.id, content: 'Hi', clientId: 'm-1' });
    expect(await socket.next('error')).toMatchObject({
      clientId: 'm-1',
      message: ACCESS_REASONS.demoMessage,
    });
    socket.send({ type: 'wave_update', waveId: pending.id, status: 'accepted', clientId: 'w-1' });
    expect(await socket.next('error')).toMatchObject({
      clientId: 'w-1',
      message: ACCESS_REASONS.demoRespond,
    });
    socket.close();
    // Opening a socket marks the member online (presence is not an action of theirs).
    const { users: _before, ...content } = before;
    const { users: _after, ...now } = await snapshot();
    expect(now).toEqual(content);
  });

  it('shows every other member to a demo account as Test User', async () => {
    const res = await asDemo({ method: 'GET', url: '/api/waves' });
    expect(res.statusCode).toBe(200);
    const raw = res.body;
    for (const secret of ['Amelia Hart', 'Skylark', 'Tom Okafor', 'Galley Guru']) {
      expect(raw).not.toContain(secret);
    }
    const names = new Set(
      res
        .json()
        .flatMap(
          (w: {
            sender: { id: number; displayName: string };
            receiver: { id: number; displayName: string };
          }) => [w.sender, w.receiver].filter((p) => p.id !== demo.id).map((p) => p.displayName),
        ),
    );
    expect(names).toEqual(new Set([DEMO_DISPLAY_NAME]));
  });

  it('an admin adds a demo account from Add New User: read-only, demo PIN, never an admin', async () => {
    const admin = await signedInAdmin(t);
    const email = 'demo.visitor@ba.com';
    const res = await admin.as({
      method: 'POST',
      url: '/api/admin/users/create',
      payload: { email, name: 'Demo Visitor', passcode: '5555', isDemoUser: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email, isDemoUser: true, isAdmin: false });
    // The e-mailed PIN is the demo one, and it is the one that signs in.
    const [mail] = await mailTo(t.database.db, email);
    expect(pinIn(mail!.text)).toBe('7391');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, passcode: '7391' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user).toMatchObject({ isDemoUser: true });

    const both = await admin.as({
      method: 'POST',
      url: '/api/admin/users/create',
      payload: { email: 'demo.admin@ba.com', passcode: '5555', isDemoUser: true, isAdmin: true },
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe('Demo users cannot be made admins');
    const [{ count }] = (
      await t.database.db.execute(
        sql`select count(*)::int as count from users where email = 'demo.admin@ba.com'`,
      )
    ).rows as [{ count: number }];
    expect(count).toBe(0);
  });
});
