// @postgres: hundreds of simultaneous adds of one flight race on its key through a listening server
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  batchFlightsResponseSchema,
  createFlightResponseSchema,
  DESTINATION_DIFFERS,
  flightKey,
  rosterPreviewResponseSchema,
} from '../../../domain';
import { flightCrew, flights, type UserRow } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { buildCrew, buildFlight, joinFlight } from '../../test/factories';
import { fetchAs } from '../../test/inject-as';
import { homeListCache } from './home-cache';

const NOW = '2030-06-15T12:00:00.000Z';
const DAY = '2030-06-18';

/**
 * Issue 41: a flight is its number, origin and the origin's local day. The destination is not
 * part of it, so an add to another destination joins the listed flight and says so; and however
 * many members add one flight at once, in whatever spelling, the database holds one.
 */
describe('one flight per key: number, origin, local day', () => {
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
  const clientFor = (user: UserRow) => fetchAs(t.app, base, user);
  const add = (flightNumber: string, destination: string, over: object = {}) => ({
    flightNumber,
    origin: 'LHR',
    destination,
    departureDate: `${DAY}T00:00:00.000Z`,
    ...over,
  });

  it('an add to another destination joins the listed flight, with a DESTINATION_DIFFERS notice', async () => {
    const [ann, ben, cat] = await Promise.all([buildCrew(db()), buildCrew(db()), buildCrew(db())]);
    const first = await (await clientFor(ann))('POST', '/api/flights', add('BA117 (1430)', 'JFK'));
    expect(first.status).toBe(201);
    const listed = createFlightResponseSchema.parse(first.body);
    expect(listed.notice).toBeUndefined();

    const other = await (await clientFor(ben))('POST', '/api/flights', add('BA0117', 'EWR'));
    expect(other.status, JSON.stringify(other.body)).toBe(200);
    const joined = createFlightResponseSchema.parse(other.body);
    expect(joined).toMatchObject({ id: listed.id, destination: 'JFK', crewCount: 2 });
    expect(joined.notice).toEqual({
      code: DESTINATION_DIFFERS,
      message: 'Already listed to JFK; you entered EWR',
    });

    // Another destination and another time: one notice saying both.
    const both = await (await clientFor(cat))(
      'POST',
      '/api/flights',
      add('BAW117', 'BOS', { localDepartureTime: '16:30' }),
    );
    expect(both.status).toBe(200);
    expect(createFlightResponseSchema.parse(both.body).notice).toEqual({
      code: DESTINATION_DIFFERS,
      message:
        'Already listed to JFK departing 15:30 LHR (14:30 GMT); you entered BOS departing 16:30 LHR (15:30 GMT)',
    });

    const rows = await db().select().from(flights);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      destination: 'JFK',
      flightNumber: 'BA117 (1430)',
      flightKey: `BA117|${DAY}|LHR`,
    });
  });

  it('a roster row to another destination joins through the batch, and its notice says so', async () => {
    const [ann, ben] = await Promise.all([buildCrew(db()), buildCrew(db())]);
    const listed = await buildFlight(db(), {
      flightNumber: 'BA117 (1430)',
      departureDate: DAY,
      departureAt: new Date(`${DAY}T14:30:00.000Z`),
    });
    await joinFlight(db(), ann, listed);
    const res = await (await clientFor(ben))('POST', '/api/flights/batch', {
      flights: [
        { ...add('BA0117 (1430)', 'EWR'), duration: null },
        { ...add('BA118', 'EWR'), duration: null },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = batchFlightsResponseSchema.parse(res.body);
    expect(body.results).toEqual({ created: 1, joined: 1, existing: 0, failed: 0 });
    expect(body.notices).toHaveLength(1);
    expect(body.notices[0]).toMatch(/^BA117 \(1430\) LHR-EWR 2030-06-18: /);
    expect(body.notices[0]).toMatch(/: Already listed to JFK; your roster says EWR$/);
    const crew = await db().select().from(flightCrew).where(eq(flightCrew.flightId, listed.id));
    expect(crew.map((c) => c.userId).sort()).toEqual([ann.id, ben.id].sort());
    expect(await db().select().from(flights)).toHaveLength(2);
  });

  it('the roster preview finds the member’s flight listed to another destination: yours, not removed', async () => {
    const ann = await buildCrew(db());
    const mine = await buildFlight(db(), {
      flightNumber: 'BA117 (1430)',
      departureDate: DAY,
      departureAt: new Date(`${DAY}T14:30:00.000Z`),
    });
    await joinFlight(db(), ann, mine);
    const res = await (await clientFor(ann))('POST', '/api/roster/preview', {
      text: '18/06/2030 BA0117 LHR EWR 1530 1835',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const preview = rosterPreviewResponseSchema.parse(res.body);
    expect(preview.flights.map((f) => [f.status, f.listedDestination])).toEqual([['yours', 'JFK']]);
    expect(preview.changes).toMatchObject({ changed: [], removed: [] });
  });

  it('an insert that loses to the unique key index joins the flight holding the key', async () => {
    // A flight holding the key that the lookup does not find (as a writer racing past the lock
    // would leave it): the insert does nothing, re-reads the holder, and joins it as listed.
    const holder = await buildFlight(db(), {
      flightNumber: 'BA117 (1430)',
      origin: 'LGW',
      departureDate: DAY,
      departureAt: new Date(`${DAY}T14:30:00.000Z`),
      flightKey: `BA117|${DAY}|LHR`,
    });
    const other = await buildFlight(db(), {
      flightNumber: 'BA118 (1430)',
      origin: 'LGW',
      departureDate: DAY,
      departureAt: new Date(`${DAY}T14:30:00.000Z`),
      flightKey: `BA118|${DAY}|LHR`,
    });
    const [ann, ben] = await Promise.all([buildCrew(db()), buildCrew(db())]);
    const res = await (await clientFor(ann))('POST', '/api/flights', add('BA0117', 'JFK'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.id).toBe(holder.id);
    const batch = await (await clientFor(ben))('POST', '/api/flights/batch', {
      flights: [{ ...add('BA118', 'JFK'), duration: null }],
    });
    expect(batchFlightsResponseSchema.parse(batch.body).results).toMatchObject({ joined: 1 });
    const crew = await db().select().from(flightCrew).where(eq(flightCrew.userId, ben.id));
    expect(crew.map((c) => c.flightId)).toEqual([other.id]);
    expect(await db().select().from(flights)).toHaveLength(2);
  });

  it('hundreds of simultaneous adds of one flight in different spellings end as one flight', async () => {
    const MEMBERS = 240;
    const spellings: [string, string][] = [
      ['BA117', 'JFK'],
      ['ba0117', 'JFK'],
      ['BA 117', 'EWR'],
      ['BAW117', 'JFK'],
      ['BA0117 (1430)', 'JFK'],
      ['baw 0117', 'BOS'],
    ];
    const members = await Promise.all(Array.from({ length: MEMBERS }, () => buildCrew(db())));
    const clients = await Promise.all(members.map(clientFor));
    const results = await Promise.all(
      clients.map((client, i) => {
        const [number, destination] = spellings[i % spellings.length]!;
        return client('POST', '/api/flights', add(number, destination));
      }),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(MEMBERS - 1);
    const ids = new Set(results.map((r) => r.body.id));
    expect(ids.size).toBe(1);

    const rows = await db().select().from(flights);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.flightKey).toBe(flightKey(rows[0]!));
    expect(rows[0]!.flightKey).toBe(`BA117|${DAY}|LHR`);
    const crew = await db().select().from(flightCrew).where(eq(flightCrew.flightId, rows[0]!.id));
    expect(crew).toHaveLength(MEMBERS);
  }, 180_000);
});
