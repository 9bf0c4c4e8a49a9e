import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFlightResponseSchema, flightListSchema, userFlightsSchema } from '../../../domain';
import { flightCrew, flights } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { buildCrew, buildWave } from '../../test/factories';
import { type Injector, injectAs } from '../../test/inject-as';
import { homeListCache } from './home-cache';

/**
 * The time rule through the API (issue 41, item 2): a time on the origin's clock is stored as
 * the spec's GMT bracket and UTC day, the flight's key is its local date, and the chat closes at
 * the real departure instant.
 */
describe('local departure times', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ now: '2026-11-29T12:00:00.000Z' });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    t.clock.set('2026-11-29T12:00:00.000Z');
    await t.database.db.delete(flights);
    homeListCache(t.app.deps).invalidate();
  });
  const db = () => t.database.db;
  const addAs = (as: Injector, payload: object) =>
    as({ method: 'POST', url: '/api/flights', payload });
  const ba112 = {
    flightNumber: 'BA112',
    origin: 'JFK',
    destination: 'LHR',
    departureDate: '2026-11-29T00:00:00.000Z',
  };

  it('stores BA112 JFK->LHR at 20:45 local on 29 Nov as BA112 (0145) on 30 Nov; its chat closes then', async () => {
    const alice = await buildCrew(db());
    const bob = await buildCrew(db());
    const asAlice = await injectAs(t.app, alice);
    const asBob = await injectAs(t.app, bob);

    const res = await addAs(asAlice, { ...ba112, localDepartureTime: '20:45' });
    expect(res.statusCode).toBe(201);
    const added = createFlightResponseSchema.parse(res.json());
    expect(added).toMatchObject({
      flightNumber: 'BA112 (0145)',
      departureDate: '2026-11-30T00:00:00.000Z',
      localDeparture: { time: '20:45', date: '2026-11-29', timeZone: 'America/New_York' },
    });
    const [row] = await db().select().from(flights).where(eq(flights.id, added.id));
    expect(row).toMatchObject({
      flightNumber: 'BA112 (0145)',
      departureDate: '2026-11-30',
      departureAt: new Date('2026-11-30T01:45:00.000Z'),
    });

    // Bob enters the local date without a time: the same flight (its key is JFK's date).
    const joined = await addAs(asBob, ba112);
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toMatchObject({ id: added.id, crewCount: 2 });
    expect(await db().select().from(flights)).toHaveLength(1);

    // Their chat is open until 01:45 GMT on 30 Nov, five hours after 20:45 GMT.
    const wave = await buildWave(db(), alice, bob, row!, { status: 'accepted' });
    // Signed in again at each moment (a session idles out over the hours between).
    const send = async (content: string) =>
      (await injectAs(t.app, alice))({
        method: 'POST',
        url: '/api/messages',
        payload: { waveId: wave.id, content },
      });
    t.clock.set('2026-11-30T01:44:00.000Z');
    expect((await send('boarding')).statusCode).toBe(201);
    t.clock.set('2026-11-30T01:46:00.000Z');
    const closed = await send('too late');
    expect(closed.statusCode).toBe(403);
    expect(closed.json().message).toBe(
      'This flight has departed. Messaging is no longer available.',
    );
  });

  it('keeps the spec payload: a bracketed time is GMT and departureDate its UTC day', async () => {
    const asAlice = await injectAs(t.app, await buildCrew(db()));
    const res = await addAs(asAlice, {
      ...ba112,
      flightNumber: 'BA112 (0145)',
      departureDate: '2026-11-30T00:00:00.000Z',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      flightNumber: 'BA112 (0145)',
      departureDate: '2026-11-30T00:00:00.000Z',
      localDeparture: { time: '20:45', date: '2026-11-29' },
    });
    // The untimed local date and the local time land on it too.
    const asBob = await injectAs(t.app, await buildCrew(db()));
    expect((await addAs(asBob, ba112)).json().id).toBe(res.json().id);
    const asCarol = await injectAs(t.app, await buildCrew(db()));
    const carol = await addAs(asCarol, { ...ba112, localDepartureTime: '2045' });
    expect(carol.statusCode).toBe(200);
    expect(carol.json()).toMatchObject({ id: res.json().id, crewCount: 3 });
    expect(carol.json().notice).toBeUndefined();
  });

  it('gives an untimed flight its time and the UTC day of it', async () => {
    const asBob = await injectAs(t.app, await buildCrew(db()));
    const first = await addAs(asBob, ba112);
    expect(first.json()).toMatchObject({
      flightNumber: 'BA112',
      departureDate: '2026-11-29T00:00:00.000Z',
      localDeparture: { time: null, date: '2026-11-29' },
    });
    const asAlice = await injectAs(t.app, await buildCrew(db()));
    const res = await addAs(asAlice, { ...ba112, localDepartureTime: '20:45' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: first.json().id,
      flightNumber: 'BA112 (0145)',
      departureDate: '2026-11-30T00:00:00.000Z',
    });
  });

  it('joins a flight listed at another time and says so, in times as the member reads them', async () => {
    const asAlice = await injectAs(t.app, await buildCrew(db()));
    const listed = await addAs(asAlice, { ...ba112, localDepartureTime: '20:45' });
    const carol = await buildCrew(db());
    const res = await addAs(await injectAs(t.app, carol), {
      ...ba112,
      localDepartureTime: '21:30',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: listed.json().id,
      flightNumber: 'BA112 (0145)',
      notice: {
        code: 'DEPARTURE_TIME_DIFFERS',
        message:
          'Already listed departing 20:45 JFK (01:45 GMT); you entered 21:30 JFK (02:30 GMT)',
      },
    });
    const [entry] = await db().select().from(flightCrew).where(eq(flightCrew.userId, carol.id));
    expect(entry?.flightId).toBe(listed.json().id);
  });

  it('refuses a time given twice, and a local time that is not a time', async () => {
    const asAlice = await injectAs(t.app, await buildCrew(db()));
    const twice = await addAs(asAlice, {
      ...ba112,
      flightNumber: 'BA112 (0145)',
      localDepartureTime: '20:45',
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toContain('Give the departure time once');
    const bad = await addAs(asAlice, { ...ba112, localDepartureTime: '25:00' });
    expect(bad.statusCode).toBe(400);
  });

  it('reads roster rows on their airports’ clocks through the batch, with a notice for another time', async () => {
    const asAlice = await injectAs(t.app, await buildCrew(db()));
    await addAs(asAlice, { ...ba112, localDepartureTime: '20:45' });
    const uploader = await buildCrew(db());
    const res = await (await injectAs(t.app, uploader))({
      method: 'POST',
      url: '/api/flights/batch',
      payload: {
        flights: [
          // As the web's rosterFlightToBatchRow sends a roster's 'BA112 JFK LHR 2115' (GMT).
          { ...ba112, flightNumber: 'BA112 (0215)', departureDate: '2026-11-30T00:00:00.000Z' },
          {
            ...ba112,
            flightNumber: 'BA117',
            origin: 'LHR',
            destination: 'JFK',
            localDepartureTime: '15:30',
          },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      results: { created: 1, joined: 1, existing: 0, failed: 0 },
      notices: [
        'BA112 (0215) JFK-LHR 2026-11-30: Already listed departing 20:45 JFK (01:45 GMT); your roster says 21:15 JFK (02:15 GMT)',
      ],
    });
    const mine = userFlightsSchema.parse(
      (await (await injectAs(t.app, uploader))({ method: 'GET', url: '/api/user/flights' })).json(),
    );
    expect(mine.map((f) => f.flight.flightNumber).sort()).toEqual(['BA112 (0145)', 'BA117 (1530)']);
  });

  it('lists each flight with the origin’s clock beside the GMT time', async () => {
    const asAlice = await injectAs(t.app, await buildCrew(db()));
    await addAs(asAlice, { ...ba112, localDepartureTime: '20:45' });
    const list = flightListSchema.parse(
      (await asAlice({ method: 'GET', url: '/api/flights' })).json(),
    );
    expect(list[0]?.localDeparture).toEqual({
      time: '20:45',
      date: '2026-11-29',
      timeZone: 'America/New_York',
    });
  });

  it("finds flights by their airports' city or name: 'London', 'New York', 'Heathrow'", async () => {
    const asAlice = await injectAs(t.app, await buildCrew(db()));
    await addAs(asAlice, { ...ba112, localDepartureTime: '20:45' });
    await addAs(asAlice, {
      flightNumber: 'BA2490',
      origin: 'LGW',
      destination: 'FAO',
      departureDate: '2026-11-30T00:00:00.000Z',
    });
    await addAs(asAlice, {
      flightNumber: 'BA117',
      origin: 'MAN',
      destination: 'FRA',
      departureDate: '2026-11-30T00:00:00.000Z',
    });
    const search = async (query: string) =>
      flightListSchema
        .parse(
          (
            await asAlice({ method: 'POST', url: '/api/flights/search', payload: { query } })
          ).json(),
        )
        .map((f) => f.flightNumber)
        .sort();
    expect(await search('London')).toEqual(['BA112 (0145)', 'BA2490']);
    expect(await search('new york')).toEqual(['BA112 (0145)']);
    expect(await search('Heathrow')).toEqual(['BA112 (0145)']);
    expect(await search('Gatwick')).toEqual(['BA2490']);
    // Codes and numbers read as before.
    expect(await search('MAN')).toEqual(['BA117']);
    expect(await search('BA117')).toEqual(['BA117']);
  });
});
