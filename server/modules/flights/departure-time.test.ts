// @postgres: simultaneous adds race on a flight’s time through a listening server (upserts)
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  airportTimeZone,
  departureTimeDiffers,
  flightListSchema,
  userFlightsSchema,
} from '../../../domain';
import { flightCrew, flights, type UserRow } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { buildCrew, buildFlight, joinFlight } from '../../test/factories';
import { fetchAs } from '../../test/inject-as';
import { openSocket, sessionCookie } from '../../test/socket-client';
import { homeListCache } from './home-cache';

const NOW = '2030-06-15T12:00:00.000Z';

/**
 * A flight added without a time takes the first time a member gives it; a time it has is never
 * changed (another time joins it as listed, with a notice). Through a listening server (real sockets, a pool connection per request on
 * PostgreSQL), so simultaneous adds really race.
 */
describe('a flight keeps the departure time it is given', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await buildTestApp({ now: NOW });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    t.clock.set(NOW);
    await t.database.db.delete(flights);
    homeListCache(t.app.deps).invalidate();
  });
  const db = () => t.database.db;

  /** A signed-in member's fetch against the listening server. */
  const clientFor = (user: UserRow) => fetchAs(t.app, base, user);
  const untimed = (over: Parameters<typeof buildFlight>[1] = {}) =>
    buildFlight(db(), { flightNumber: 'BA117', time: null, duration: null, ...over });
  const add = (flight: { departureDate: string }, flightNumber: string, over: object = {}) => ({
    flightNumber,
    origin: 'LHR',
    destination: 'JFK',
    departureDate: `${flight.departureDate}T00:00:00.000Z`,
    ...over,
  });
  const rowOf = async (id: number) =>
    (await db().select().from(flights).where(eq(flights.id, id)))[0]!;

  it('gives a flight without a time the time a member adds it with, live on every list', async () => {
    const flight = await untimed();
    const bob = await buildCrew(db());
    await joinFlight(db(), bob, flight);
    const asBob = await clientFor(bob);
    // Bob's home list is cached before the change, so it must be patched, not rebuilt late.
    const before = flightListSchema.parse((await asBob('GET', '/api/flights')).body);
    expect(before.map((f) => f.flightNumber)).toEqual(['BA117']);
    const watcher = await openSocket(t.app, {
      cookie: await sessionCookie(t.app, bob.id, t.clock.now()),
    });

    const alice = await buildCrew(db());
    const res = await (await clientFor(alice))(
      'POST',
      '/api/flights',
      add(flight, 'BA117 (1530)', { duration: '7h 55m' }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: flight.id, flightNumber: 'BA117 (1530)', crewCount: 2 });
    expect(await rowOf(flight.id)).toMatchObject({
      flightNumber: 'BA117 (1530)',
      hasTime: true,
      departureAt: new Date(`${flight.departureDate}T15:30:00.000Z`),
      duration: '7h 55m',
    });
    expect(await watcher.next('invalidate')).toMatchObject({
      data: { keys: ['flights', 'stats'] },
    });
    const after = flightListSchema.parse((await asBob('GET', '/api/flights')).body);
    expect(after.map((f) => f.flightNumber)).toEqual(['BA117 (1530)']);
    const bobs = userFlightsSchema.parse((await asBob('GET', '/api/user/flights')).body);
    expect(bobs.map((f) => f.flight.flightNumber)).toEqual(['BA117 (1530)']);
    watcher.ws.close();
  });

  it('joins a flight listed at another time and says so, changing nothing', async () => {
    const flight = await buildFlight(db(), { flightNumber: 'BA117 (1530)', time: '15:30' });
    const carol = await buildCrew(db());
    const res = await (await clientFor(carol))('POST', '/api/flights', add(flight, 'BA117 (1600)'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: flight.id, flightNumber: 'BA117 (1530)' });
    // June in London is BST: the member reads both times on Heathrow's clock.
    expect(res.body.notice).toEqual({
      code: 'DEPARTURE_TIME_DIFFERS',
      message: 'Already listed departing 16:30 LHR (15:30 GMT); you entered 17:00 LHR (16:00 GMT)',
    });
    expect(await rowOf(flight.id)).toMatchObject({ flightNumber: 'BA117 (1530)', hasTime: true });
    const [entry] = await db().select().from(flightCrew).where(eq(flightCrew.userId, carol.id));
    expect(entry?.flightId).toBe(flight.id);
    // The same time, or none, joins it.
    const same = await (await clientFor(await buildCrew(db())))(
      'POST',
      '/api/flights',
      add(flight, 'BA117 (1530)'),
    );
    const none = await (await clientFor(await buildCrew(db())))(
      'POST',
      '/api/flights',
      add(flight, 'BA117'),
    );
    expect([same.status, none.status]).toEqual([200, 200]);
    expect(await db().select().from(flights)).toHaveLength(1);
  });

  it('gives times through a roster batch; a different time joins with a notice', async () => {
    const toFill = await untimed({ daysAhead: 4 });
    const timed = await buildFlight(db(), {
      flightNumber: 'BA212 (2105)',
      time: '21:05',
      daysAhead: 5,
    });
    const mine = await untimed({ flightNumber: 'BA15', daysAhead: 6 });
    const uploader = await buildCrew(db());
    await joinFlight(db(), uploader, mine);
    const bob = await buildCrew(db());
    await joinFlight(db(), bob, toFill);
    const asBob = await clientFor(bob);
    expect((await asBob('GET', '/api/flights')).body).toHaveLength(3);
    const watcher = await openSocket(t.app, {
      cookie: await sessionCookie(t.app, bob.id, t.clock.now()),
    });

    const res = await (await clientFor(uploader))('POST', '/api/flights/batch', {
      flights: [
        add(toFill, 'BA117 (1530)', { duration: '8h 05m' }),
        add(timed, 'BA212 (2230)'),
        // Already on it (a re-upload): still 'already in your roster', and the flight gets the time.
        add(mine, 'BA15 (2150)', { duration: null }),
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual({ created: 0, joined: 2, existing: 1, failed: 0 });
    expect(res.body.errorDetails).toEqual([]);
    expect(res.body.notices).toEqual([
      `BA212 (2230) LHR-JFK ${timed.departureDate}: ${departureTimeDiffers(
        'LHR',
        new Date(`${timed.departureDate}T21:05:00.000Z`),
        new Date(`${timed.departureDate}T22:30:00.000Z`),
        'roster',
        airportTimeZone,
      )}`,
    ]);
    expect(await rowOf(toFill.id)).toMatchObject({
      flightNumber: 'BA117 (1530)',
      duration: '8h 05m',
    });
    expect(await rowOf(timed.id)).toMatchObject({ flightNumber: 'BA212 (2105)', hasTime: true });
    expect(await rowOf(mine.id)).toMatchObject({ flightNumber: 'BA15 (2150)', duration: null });
    expect(await watcher.next('invalidate')).toMatchObject({
      data: { keys: ['flights', 'stats'] },
    });
    const after = flightListSchema.parse((await asBob('GET', '/api/flights')).body);
    expect(after.map((f) => f.flightNumber)).toEqual([
      'BA117 (1530)',
      'BA212 (2105)',
      'BA15 (2150)',
    ]);
    watcher.ws.close();
  });

  it('lets exactly one of simultaneous adds with different times set it; the others join as listed', async () => {
    const flight = await untimed();
    const members = await Promise.all(Array.from({ length: 12 }, () => buildCrew(db())));
    const clients = await Promise.all(members.map(clientFor));
    const times = ['1530', '1600', '0945'];
    const results = await Promise.all(
      clients.map((client, i) =>
        client('POST', '/api/flights', add(flight, `BA117 (${times[i % times.length]})`)),
      ),
    );
    const row = await rowOf(flight.id);
    const won = /\((\d{4})\)/.exec(row.flightNumber)?.[1];
    expect(times).toContain(won);
    results.forEach((res, i) => {
      const mine = times[i % times.length];
      expect(res.status).toBe(200);
      expect(res.body.flightNumber).toBe(`BA117 (${won})`);
      if (mine === won) expect(res.body.notice).toBeUndefined();
      else expect(res.body.notice?.code).toBe('DEPARTURE_TIME_DIFFERS');
    });
    const crew = await db().select().from(flightCrew).where(eq(flightCrew.flightId, flight.id));
    expect(crew).toHaveLength(12);
    expect(await db().select().from(flights)).toHaveLength(1);
  });
});
