// @postgres: flights are stored through upserts (onConflictDoUpdate, the roster batch’s onConflictDoNothing)
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ACCESS_REASONS,
  DATE_TOO_FAR_AHEAD,
  flightDetailSchema,
  flightListSchema,
  flightStatsSchema,
  INVALID_AIRPORT_CODES,
  MISSING_FLIGHT_INFO,
  matchesFlightQuery,
  userFlightsSchema,
} from '../../../domain';
import { flightCrew, flights, messages, users, waves } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import {
  buildAdmin,
  buildCrew,
  buildDeleted,
  buildDemo,
  buildFlight,
  buildWave,
  joinFlight,
} from '../../test/factories';
import { type Injector, injectAs } from '../../test/inject-as';
import { HOME_CACHE_TTL_MS, homeListCache } from './home-cache';

const NOW = '2030-06-15T12:00:00.000Z';
const SECOND = 1000;

describe('flights API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ now: NOW });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    t.clock.set(NOW);
    // Each test starts from an empty flight table and no cached home list.
    await t.database.db.delete(flights);
    homeListCache(t.app.deps).invalidate();
  });
  const db = () => t.database.db;
  const as = async (user: Parameters<typeof injectAs>[1]) => injectAs(t.app, user);
  const list = async (client: Injector) => {
    const res = await client({ method: 'GET', url: '/api/flights' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    return flightListSchema.parse(res.json());
  };
  /** Writes made straight into the database bypass the services: drop the cached list. */
  const dropCache = () => homeListCache(t.app.deps).invalidate();

  describe('GET /api/flights', () => {
    it('answers 401 without a session', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/flights' });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Authentication required');
    });

    it('returns today and the coming days only, in departure order', async () => {
      const yesterday = await buildFlight(db(), { daysAhead: -1 });
      const todayEarly = await buildFlight(db(), { daysAhead: 0, time: '06:00' });
      const todayLate = await buildFlight(db(), { daysAhead: 0, time: '20:00' });
      const soon = await buildFlight(db(), { daysAhead: 2, time: null });
      const farAway = await buildFlight(db(), { daysAhead: 45 });
      const client = await as(await buildCrew(db()));
      const ids = (await list(client)).map((f) => f.id);
      expect(ids).toEqual([todayEarly.id, todayLate.id, soon.id]);
      expect(ids).not.toContain(yesterday.id);
      expect(ids).not.toContain(farAway.id);
    });

    it('counts crew and online crew in the query, leaving deleted users out', async () => {
      const flight = await buildFlight(db());
      const now = new Date(NOW);
      const online = await buildCrew(db(), {
        lastHeartbeatAt: new Date(now.getTime() - 30 * SECOND),
      });
      const stale = await buildCrew(db(), {
        lastHeartbeatAt: new Date(now.getTime() - 91 * SECOND),
      });
      const gone = await buildDeleted(db(), { lastHeartbeatAt: now });
      await joinFlight(db(), online, flight, { tags: ['Coffee Chat', 'Layover Social'] });
      await joinFlight(db(), stale, flight, { tags: ['Coffee Chat', 'Quiet Flight'] });
      await joinFlight(db(), gone, flight, { tags: ['Dining Buddy'] });
      const viewer = await buildCrew(db());
      const [item] = await list(await as(viewer));
      expect(item).toMatchObject({
        id: flight.id,
        crewCount: 2,
        onlineCrewCount: 1,
        isJoined: false,
        departureDate: `${flight.departureDate}T00:00:00.000Z`,
        tags: ['Layover Social', 'Quiet Flight', 'Coffee Chat'],
      });
    });

    it('marks the flights the viewer is on, per viewer, from one shared list', async () => {
      const a = await buildFlight(db());
      const b = await buildFlight(db(), { daysAhead: 4 });
      const alice = await buildCrew(db());
      const bob = await buildCrew(db());
      await joinFlight(db(), alice, a);
      await joinFlight(db(), bob, b);
      const aliceList = await list(await as(alice));
      const bobList = await list(await as(bob));
      expect(aliceList.map((f) => [f.id, f.isJoined])).toEqual([
        [a.id, true],
        [b.id, false],
      ]);
      expect(bobList.map((f) => [f.id, f.isJoined])).toEqual([
        [a.id, false],
        [b.id, true],
      ]);
      // Each member's list is their own (views on the shared one): no one gets another's.
      expect((await list(await as(alice))).map((f) => f.isJoined)).toEqual([true, false]);
      expect((await list(await as(bob))).map((f) => f.isJoined)).toEqual([false, true]);
    });

    it('shows a write through the API at once, and online changes within the cache lifetime', async () => {
      const flight = await buildFlight(db());
      const alice = await buildCrew(db());
      const client = await as(alice);
      expect((await list(client))[0]).toMatchObject({ crewCount: 0, isJoined: false });
      const join = await client({
        method: 'POST',
        url: '/api/flight-crew',
        payload: { flightId: flight.id },
      });
      expect(join.statusCode).toBe(201);
      expect((await list(client))[0]).toMatchObject({ crewCount: 1, isJoined: true });
      const added = await client({
        method: 'POST',
        url: '/api/flights',
        payload: {
          flightNumber: 'BA1 (0600)',
          origin: 'LHR',
          destination: 'AMS',
          departureDate: flight.departureDate,
        },
      });
      expect(added.statusCode).toBe(201);
      expect((await list(client)).map((f) => [f.id, f.crewCount, f.isJoined])).toEqual([
        [added.json().id, 1, true],
        [flight.id, 1, true],
      ]);
      const [entry] = await db().select().from(flightCrew).where(eq(flightCrew.userId, alice.id));
      await client({ method: 'DELETE', url: `/api/flight-crew/${entry!.id}` });
      const afterLeave = await list(client);
      expect(afterLeave.find((f) => f.id === flight.id)).toMatchObject({
        crewCount: 0,
        isJoined: false,
      });

      // A heartbeat is not a flight write: the count follows once the list is 5 s old. The
      // first request after that still gets the old list while a new one is built.
      await db()
        .update(users)
        .set({ lastHeartbeatAt: new Date(t.clock.now().getTime() + HOME_CACHE_TTL_MS) })
        .where(eq(users.id, alice.id));
      expect((await list(client))[0]).toMatchObject({ onlineCrewCount: 0 });
      t.clock.advance(HOME_CACHE_TTL_MS + SECOND);
      expect((await list(client))[0]).toMatchObject({ onlineCrewCount: 0 });
      await homeListCache(t.app.deps).settled();
      expect((await list(client))[0]).toMatchObject({ onlineCrewCount: 1 });
    });

    it('starts a new list when the day changes', async () => {
      const tomorrow = await buildFlight(db(), { daysAhead: 1 });
      const client = await as(await buildCrew(db()));
      expect((await list(client)).map((f) => f.id)).toEqual([tomorrow.id]);
      t.clock.advance(2 * 24 * 3600 * SECOND);
      expect(await list(await as(await buildCrew(db())))).toEqual([]);
    });
  });

  describe('POST /api/flights/search', () => {
    const search = async (client: Injector, payload: object) => {
      const res = await client({ method: 'POST', url: '/api/flights/search', payload });
      return res;
    };

    it('finds by flight number (spaces and case ignored) or airport code', async () => {
      const f1 = await buildFlight(db(), { flightNumber: 'BA117 (1530)', daysAhead: 2 });
      const f2 = await buildFlight(db(), {
        flightNumber: 'BA2490 (0700)',
        origin: 'LGW',
        destination: 'FAO',
        daysAhead: 3,
      });
      const client = await as(await buildCrew(db()));
      const byNumber = await search(client, { query: 'ba 117' });
      expect(byNumber.statusCode).toBe(200);
      expect(flightListSchema.parse(byNumber.json()).map((f) => f.id)).toEqual([f1.id]);
      const byCode = await search(client, { query: 'fao' });
      expect(byCode.json().map((f: { id: number }) => f.id)).toEqual([f2.id]);
      expect((await search(client, { query: 'BA' })).json()).toHaveLength(2);
      expect((await search(client, { query: '%' })).json()).toEqual([]);
    });

    it('finds what the roster prints: BA0117, ba 117, BA117 and 117 all find BA117', async () => {
      const typed = await buildFlight(db(), { flightNumber: 'BA117 (1530)', daysAhead: 2 });
      const rostered = await buildFlight(db(), { flightNumber: 'BA0117', daysAhead: 3 });
      const other = await buildFlight(db(), { flightNumber: 'AA117 (0900)', daysAhead: 4 });
      const longer = await buildFlight(db(), { flightNumber: 'BA1170', daysAhead: 5 });
      const inside = await buildFlight(db(), { flightNumber: 'BA2117 (1000)', daysAhead: 6 });
      const odd = await buildFlight(db(), { flightNumber: 'CHARTER 7', daysAhead: 7 });
      const all = [typed, rostered, other, longer, inside, odd];
      const client = await as(await buildCrew(db()));
      const ids = async (query: string) =>
        (await search(client, { query })).json().map((f: { id: number }) => f.id);
      // Search is as-you-type: a number finds the numbers that start with it (BA1170 too).
      for (const query of ['BA0117', 'ba 117', 'BA117', ' b a 0 1 1 7 ']) {
        expect(await ids(query), query).toEqual([typed.id, rostered.id, longer.id]);
      }
      expect(await ids('117')).toEqual([typed.id, rostered.id, other.id, longer.id]);
      // The SQL and the domain's rule (which the web shares) agree on every kind of query.
      for (const query of ['0117', 'BA', 'ba0', 'A', 'BA11', 'BA117A', '%', 'charter', 'jf', '2']) {
        const expected = all.filter((f) => matchesFlightQuery(f, query)).map((f) => f.id);
        expect(await ids(query), query).toEqual(expected);
      }
    });

    it('narrows to today, tomorrow, both, or one date; with neither, upcoming only', async () => {
      const past = await buildFlight(db(), { daysAhead: -3 });
      const today = await buildFlight(db(), { daysAhead: 0 });
      const tomorrow = await buildFlight(db(), { daysAhead: 1 });
      const later = await buildFlight(db(), { daysAhead: 40 });
      const client = await as(await buildCrew(db()));
      const ids = async (payload: object) =>
        (await search(client, payload)).json().map((f: { id: number }) => f.id);
      expect(await ids({ dateFilterMode: 'today' })).toEqual([today.id]);
      expect(await ids({ dateFilterMode: 'tomorrow' })).toEqual([tomorrow.id]);
      expect(await ids({ dateFilterMode: 'both' })).toEqual([today.id, tomorrow.id]);
      expect(await ids({ date: past.departureDate })).toEqual([past.id]);
      expect(await ids({})).toEqual([today.id, tomorrow.id, later.id]);
      expect(await ids({ query: '', date: later.departureDate, dateFilterMode: 'today' })).toEqual([
        later.id,
      ]);
    });

    it("refuses a malformed date with 'Invalid date'", async () => {
      const client = await as(await buildCrew(db()));
      const res = await search(client, { date: '2030-02-30' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Invalid date');
      expect((await search(client, { dateFilterMode: 'yesterday' })).statusCode).toBe(400);
    });

    it("refuses year 0000 (no such year; PostgreSQL cannot read it) with 'Invalid date'", async () => {
      const client = await as(await buildCrew(db()));
      for (const date of ['0000-01-01', '0000-02-29']) {
        const res = await search(client, { date });
        expect(res.statusCode, date).toBe(400);
        expect(res.json().message).toBe('Invalid date');
      }
      expect((await search(client, { date: '0001-01-01' })).json()).toEqual([]);
    });
  });

  describe('GET /api/flights/{id}', () => {
    it('is 404 for unknown ids and 400 for ids that cannot exist', async () => {
      const client = await as(await buildCrew(db()));
      const res = await client({ method: 'GET', url: '/api/flights/999999' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Flight not found');
      for (const id of ['abc', '99999999999', '0']) {
        expect((await client({ method: 'GET', url: `/api/flights/${id}` })).statusCode).toBe(400);
      }
    });

    it('returns the flight with its crew in join order, counts and the delete right', async () => {
      const flight = await buildFlight(db());
      const gone = await buildDeleted(db());
      const first = await buildCrew(db());
      const second = await buildCrew(db(), { lastHeartbeatAt: new Date(NOW) });
      await joinFlight(db(), gone, flight);
      await joinFlight(db(), first, flight, { tags: ['Coffee Chat'], note: 'Hi all' });
      await joinFlight(db(), second, flight, { role: 'IFM' });
      const detail = async (user: typeof first) => {
        const res = await (await as(user))({ method: 'GET', url: `/api/flights/${flight.id}` });
        expect(res.statusCode).toBe(200);
        return flightDetailSchema.parse(res.json());
      };
      const mine = await detail(first);
      expect(mine).toMatchObject({
        id: flight.id,
        crewCount: 2,
        onlineCrewCount: 1,
        isJoined: true,
        // Others are on it: the first crew member may leave, not delete.
        canDelete: false,
        tags: ['Coffee Chat'],
      });
      expect(mine.crewMembers.map((m) => [m.userId, m.role, m.note])).toEqual([
        [first.id, 'Main Crew', 'Hi all'],
        [second.id, 'IFM', null],
      ]);
      expect(mine.crewMembers[1]!.user.isOnline).toBe(true);
      expect((await detail(second)).canDelete).toBe(false);
      expect((await detail(await buildCrew(db()))).isJoined).toBe(false);
      expect((await detail(await buildAdmin(db()))).canDelete).toBe(true);
    });

    it('shows the empty crew of a flight nobody is on', async () => {
      const flight = await buildFlight(db());
      const res = await (await as(await buildCrew(db())))({
        method: 'GET',
        url: `/api/flights/${flight.id}`,
      });
      expect(res.json()).toMatchObject({ crewMembers: [], crewCount: 0, canDelete: false });
    });
  });

  describe('POST /api/flights', () => {
    const body = (over: object = {}) => ({
      flightNumber: 'ba117 (1530)',
      origin: 'lhr',
      destination: 'JFK',
      departureDate: '2030-06-20T00:00:00.000Z',
      duration: '8h 30m',
      ...over,
    });

    it('creates the flight and joins the caller with their own role (201)', async () => {
      const alice = await buildCrew(db(), { role: 'IFL' });
      const res = await (await as(alice))({ method: 'POST', url: '/api/flights', payload: body() });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        flightNumber: 'BA117 (1530)',
        origin: 'LHR',
        destination: 'JFK',
        departureDate: '2030-06-20T00:00:00.000Z',
        duration: '8h 30m',
        crewCount: 1,
        isJoined: true,
      });
      const [row] = await db().select().from(flights).where(eq(flights.id, res.json().id));
      expect(row).toMatchObject({
        departureDate: '2030-06-20',
        hasTime: true,
        departureAt: new Date('2030-06-20T15:30:00.000Z'),
        createdBy: alice.id,
      });
      const crew = await db().select().from(flightCrew).where(eq(flightCrew.flightId, row!.id));
      expect(crew.map((c) => [c.userId, c.role])).toEqual([[alice.id, 'IFL']]);
    });

    it("'BA117', 'ba0117', 'BA 117' and 'BAW117' from four members, by hand and by roster, are one flight (issue 41)", async () => {
      const [ann, ben, cat, dan] = await Promise.all([1, 2, 3, 4].map(() => buildCrew(db())));
      const first = await (await as(ann!))({
        method: 'POST',
        url: '/api/flights',
        payload: body({ flightNumber: 'BA117 (1530)' }),
      });
      expect(first.statusCode).toBe(201);
      for (const [member, flightNumber] of [
        [ben!, 'ba0117'],
        [cat!, 'BA 117 (1530)'],
      ] as const) {
        const res = await (await as(member))({
          method: 'POST',
          url: '/api/flights',
          payload: body({ flightNumber }),
        });
        expect(res.statusCode, flightNumber).toBe(200);
        expect(res.json()).toMatchObject({ id: first.json().id, flightNumber: 'BA117 (1530)' });
      }
      const batch = await (await as(dan!))({
        method: 'POST',
        url: '/api/flights/batch',
        payload: { flights: [body({ flightNumber: 'BAW0117 (1530)' })] },
      });
      expect(batch.json().results).toMatchObject({ created: 0, joined: 1, failed: 0 });
      expect(await db().select().from(flights)).toHaveLength(1);
      const crew = await db()
        .select()
        .from(flightCrew)
        .where(eq(flightCrew.flightId, first.json().id));
      expect(crew).toHaveLength(4);
    });

    it('stores a new flight under its canonical number: BA0117 is written BA117', async () => {
      const res = await (await as(await buildCrew(db())))({
        method: 'POST',
        url: '/api/flights',
        payload: body({ flightNumber: ' baw 0117 (1530) ' }),
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().flightNumber).toBe('BA117 (1530)');
    });

    it('finds the existing flight (200), also when it was added with or without a time', async () => {
      const alice = await buildCrew(db());
      const bob = await buildCrew(db(), { role: 'Captain' });
      const carol = await buildCrew(db());
      const first = await (await as(alice))({
        method: 'POST',
        url: '/api/flights',
        payload: body(),
      });
      expect(first.statusCode).toBe(201);
      const second = await (await as(bob))({
        method: 'POST',
        url: '/api/flights',
        payload: body({ flightNumber: 'BA117', departureDate: '2030-06-20', role: 'IFM' }),
      });
      expect(second.statusCode).toBe(200);
      expect(second.json()).toMatchObject({ id: first.json().id, crewCount: 2, isJoined: true });
      // A rank that is not a crew-entry role falls back to the spec's default.
      const third = await (await as(carol))({
        method: 'POST',
        url: '/api/flights',
        payload: body({ flightNumber: 'BA117 (1530)' }),
      });
      expect(third.statusCode).toBe(200);
      const crew = await db()
        .select()
        .from(flightCrew)
        .where(eq(flightCrew.flightId, first.json().id));
      expect(crew.map((c) => c.role)).toEqual(['Main Crew', 'IFM', 'Main Crew']);
      expect(await db().select().from(flights)).toHaveLength(1);
      const dave = await buildCrew(db(), { role: 'Purser' });
      await (await as(dave))({ method: 'POST', url: '/api/flights', payload: body() });
      const [daveEntry] = await db()
        .select()
        .from(flightCrew)
        .where(eq(flightCrew.userId, dave.id));
      expect(daveEntry!.role).toBe('Cabin Crew');
      void bob;
    });

    it("answers 400 'already on this flight' when the caller is on it", async () => {
      const client = await as(await buildCrew(db()));
      await client({ method: 'POST', url: '/api/flights', payload: body() });
      const again = await client({ method: 'POST', url: '/api/flights', payload: body() });
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toContain('already on this flight');
    });

    it('refuses departed flights without leaving an empty flight behind', async () => {
      const client = await as(await buildCrew(db()));
      const res = await client({
        method: 'POST',
        url: '/api/flights',
        payload: body({ flightNumber: 'BA1 (0900)', departureDate: '2030-06-15' }),
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(ACCESS_REASONS.joinDeparted);
      expect(await db().select().from(flights)).toEqual([]);
    });

    it('refuses demo users, and invalid input with the spec messages', async () => {
      const demo = await as(await buildDemo(db()));
      const refused = await demo({ method: 'POST', url: '/api/flights', payload: body() });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(ACCESS_REASONS.demoAddFlights);
      const client = await as(await buildCrew(db()));
      const badCode = await client({
        method: 'POST',
        url: '/api/flights',
        payload: body({ destination: 'JF' }),
      });
      expect(badCode.statusCode).toBe(400);
      expect(badCode.json().message).toBe(INVALID_AIRPORT_CODES);
      const missing = await client({
        method: 'POST',
        url: '/api/flights',
        payload: body({ flightNumber: ' ' }),
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toBe(MISSING_FLIGHT_INFO);
    });
  });

  describe('refusals: real airports, at most a year ahead', () => {
    const body = (over: object = {}) => ({
      flightNumber: 'BA117',
      origin: 'LHR',
      destination: 'JFK',
      departureDate: '2030-06-20',
      ...over,
    });

    it('refuses made-up airport codes and days more than a year ahead (400, nothing written)', async () => {
      const client = await as(await buildCrew(db()));
      for (const [over, message] of [
        [{ destination: 'XXX' }, INVALID_AIRPORT_CODES],
        [{ origin: 'zzz' }, INVALID_AIRPORT_CODES],
        [{ departureDate: '2031-06-16' }, DATE_TOO_FAR_AHEAD],
        [{ departureDate: '2031-06-16T00:00:00.000Z' }, DATE_TOO_FAR_AHEAD],
      ] as const) {
        const res = await client({ method: 'POST', url: '/api/flights', payload: body(over) });
        expect(res.statusCode, JSON.stringify(over)).toBe(400);
        expect(res.json().message).toBe(message);
      }
      expect(await db().select().from(flights)).toEqual([]);
      expect(await db().select().from(flightCrew)).toEqual([]);
      // The same calendar day next year is still allowed.
      const lastDay = await client({
        method: 'POST',
        url: '/api/flights',
        payload: body({ departureDate: '2031-06-15', destination: 'FAO' }),
      });
      expect(lastDay.statusCode).toBe(201);
    });

    it('fails roster rows with made-up codes or too far ahead, writing none of them', async () => {
      const client = await as(await buildCrew(db()));
      const res = await client({
        method: 'POST',
        url: '/api/flights/batch',
        payload: {
          flights: [
            { ...body({ destination: 'XXX' }), departureDate: '2030-06-20T00:00:00.000Z' },
            { ...body({ flightNumber: 'BA118' }), departureDate: '2031-07-01T00:00:00.000Z' },
          ],
        },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().results).toEqual({ created: 0, existing: 0, failed: 2, joined: 0 });
      expect(res.json().errorDetails).toEqual([
        `BA117: ${INVALID_AIRPORT_CODES}`,
        `BA118 LHR-JFK 2031-07-01: ${DATE_TOO_FAR_AHEAD}`,
      ]);
      expect(await db().select().from(flights)).toEqual([]);
    });

    it("refuses year 0000 with 'Invalid date' (400, nothing written)", async () => {
      const client = await as(await buildCrew(db()));
      for (const departureDate of ['0000-01-01', '0000-06-20T00:00:00.000Z']) {
        const res = await client({
          method: 'POST',
          url: '/api/flights',
          payload: body({ departureDate }),
        });
        expect(res.statusCode, departureDate).toBe(400);
        expect(res.json().message).toBe('Invalid date');
      }
      const batch = await client({
        method: 'POST',
        url: '/api/flights/batch',
        payload: { flights: [body({ departureDate: '0000-06-20T00:00:00.000Z' })] },
      });
      expect(batch.statusCode).toBe(200);
      expect(batch.json().errorDetails).toEqual(['BA117: Invalid date']);
      expect(await db().select().from(flights)).toEqual([]);
    });
  });

  describe('POST /api/flights/batch', () => {
    const row = (flightNumber: string, day: string, over: object = {}) => ({
      flightNumber,
      departureDate: `${day}T00:00:00.000Z`,
      origin: 'LHR',
      destination: 'JFK',
      duration: '8h 00m',
      ...over,
    });

    it('counts created, joined, existing and failed rows, keeping every good row', async () => {
      const uploader = await buildCrew(db(), { role: 'IFM' });
      const other = await buildCrew(db());
      const theirs = await buildFlight(db(), { flightNumber: 'BA200', time: null, daysAhead: 5 });
      const mine = await buildFlight(db(), { flightNumber: 'BA300', time: null, daysAhead: 6 });
      await joinFlight(db(), other, theirs);
      await joinFlight(db(), uploader, mine);
      const res = await (await as(uploader))({
        method: 'POST',
        url: '/api/flights/batch',
        payload: {
          flights: [
            row('BA100 (0930)', '2030-06-18'),
            row('BA200', theirs.departureDate),
            row('BA300', mine.departureDate),
            row('BA400', '2030-06-18', { origin: 'XX' }),
            row('BA500 (0600)', '2030-06-15'),
            row('', '2030-06-18'),
            row('BA600', 'not a date'),
            row('BA700 (2200)', '2030-06-19', { duration: null }),
          ],
        },
      });
      expect(res.statusCode).toBe(200);
      const out = res.json();
      expect(out.results).toEqual({ created: 2, joined: 1, existing: 1, failed: 4 });
      expect(out.existingFlights).toEqual([`BA300 LHR-JFK ${mine.departureDate}`]);
      expect(out.errorDetails).toEqual([
        `BA400: ${INVALID_AIRPORT_CODES}`,
        `BA500 (0600) LHR-JFK 2030-06-15: ${ACCESS_REASONS.joinDeparted}`,
        `Row 6: ${MISSING_FLIGHT_INFO}`,
        'BA600: Invalid date',
      ]);
      expect(out.message).toBe('3 flights added, 1 already in your roster, 4 failed');
      const entries = await db()
        .select()
        .from(flightCrew)
        .where(eq(flightCrew.userId, uploader.id));
      expect(entries).toHaveLength(4);
      expect(new Set(entries.map((e) => e.role))).toEqual(new Set(['IFM', 'Main Crew']));
      // The departed row did not create a flight.
      expect((await db().select().from(flights)).map((f) => f.flightNumber).sort()).toEqual([
        'BA100 (0930)',
        'BA200',
        'BA300',
        'BA700 (2200)',
      ]);
    });

    it('writes the rows one by one when writing them together fails', async () => {
      // A database error on one row (here a trigger) must not cost the good rows.
      await db().execute(
        sql.raw(`create or replace function refuse_ba666() returns trigger language plpgsql as $$
          begin if new.flight_number = 'BA666' then raise exception 'refused'; end if;
          return new; end $$`),
      );
      await db().execute(
        sql.raw(
          'create trigger refuse_ba666 before insert on flights for each row execute function refuse_ba666()',
        ),
      );
      try {
        const res = await (await as(await buildCrew(db())))({
          method: 'POST',
          url: '/api/flights/batch',
          payload: {
            flights: [
              row('BA665', '2030-06-20'),
              row('BA666', '2030-06-20'),
              row('BA667', '2030-06-20'),
            ],
          },
        });
        expect(res.statusCode).toBe(200);
        expect(res.json().results).toEqual({ created: 2, joined: 0, existing: 0, failed: 1 });
        expect(res.json().errorDetails).toEqual(['BA666 LHR-JFK 2030-06-20: Could not be saved']);
        expect((await db().select().from(flights)).map((f) => f.flightNumber).sort()).toEqual([
          'BA665',
          'BA667',
        ]);
      } finally {
        await db().execute(sql.raw('drop trigger refuse_ba666 on flights'));
      }
    });

    it('counts a flight listed twice once, the second as already in the roster', async () => {
      const res = await (await as(await buildCrew(db())))({
        method: 'POST',
        url: '/api/flights/batch',
        payload: { flights: [row('BA10 (0800)', '2030-06-21'), row('BA10', '2030-06-21')] },
      });
      expect(res.json().results).toEqual({ created: 1, joined: 0, existing: 1, failed: 0 });
    });

    it('answers 400 only when the body itself is invalid, and 403 to demo users', async () => {
      const client = await as(await buildCrew(db()));
      const empty = await client({
        method: 'POST',
        url: '/api/flights/batch',
        payload: { flights: [] },
      });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toBe('No Flights Selected');
      const tooMany = await client({
        method: 'POST',
        url: '/api/flights/batch',
        payload: { flights: Array.from({ length: 201 }, () => row('BA1', '2030-06-20')) },
      });
      expect(tooMany.statusCode).toBe(400);
      const demo = await as(await buildDemo(db()));
      const refused = await demo({
        method: 'POST',
        url: '/api/flights/batch',
        payload: { flights: [row('BA1', '2030-06-20')] },
      });
      expect(refused.statusCode).toBe(403);
    });
  });

  describe('DELETE /api/flights/{id}', () => {
    const remove = async (user: Parameters<typeof injectAs>[1], id: number) =>
      (await as(user))({ method: 'DELETE', url: `/api/flights/${id}` });
    const crewOf = (id: number) =>
      db().select().from(flightCrew).where(eq(flightCrew.flightId, id));

    it('lets the first crew member delete it while alone on it, with its waves and messages', async () => {
      const flight = await buildFlight(db());
      const first = await buildCrew(db());
      const left = await buildCrew(db());
      await joinFlight(db(), first, flight);
      const leftEntry = await joinFlight(db(), left, flight);
      const wave = await buildWave(db(), left, first, flight, { status: 'accepted' });
      await db().insert(messages).values({ waveId: wave.id, senderId: first.id, content: 'hello' });
      // The other member left: their wave stays until the flight goes.
      await db().delete(flightCrew).where(eq(flightCrew.id, leftEntry.id));

      const client = await as(first);
      expect((await list(client)).map((f) => f.id)).toEqual([flight.id]);
      const res = await client({ method: 'DELETE', url: `/api/flights/${flight.id}` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });
      expect(await crewOf(flight.id)).toEqual([]);
      expect(await db().select().from(waves).where(eq(waves.flightId, flight.id))).toEqual([]);
      expect(await db().select().from(messages).where(eq(messages.waveId, wave.id))).toEqual([]);
      expect(await list(client)).toEqual([]);
      const again = await client({ method: 'DELETE', url: `/api/flights/${flight.id}` });
      expect(again.statusCode).toBe(404);
    });

    it("refuses the first crew member once others are on it, erasing nobody's conversation", async () => {
      const flight = await buildFlight(db());
      const first = await buildCrew(db());
      const second = await buildCrew(db());
      await joinFlight(db(), first, flight);
      await joinFlight(db(), second, flight);
      const wave = await buildWave(db(), second, first, flight, { status: 'accepted' });
      await db().insert(messages).values({ waveId: wave.id, senderId: second.id, content: 'hi' });

      const refused = await remove(first, flight.id);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(
        'Other crew are on this flight. You can leave it instead.',
      );
      const other = await remove(second, flight.id);
      expect(other.statusCode).toBe(403);
      expect(other.json().message).toBe(ACCESS_REASONS.deleteFlightDenied);
      expect(await crewOf(flight.id)).toHaveLength(2);
      expect(await db().select().from(messages).where(eq(messages.waveId, wave.id))).toHaveLength(
        1,
      );

      expect((await remove(await buildAdmin(db()), flight.id)).statusCode).toBe(200);
      expect(await db().select().from(flights).where(eq(flights.id, flight.id))).toEqual([]);
    });

    it('skips deleted users when finding and counting the crew; admins may always delete', async () => {
      const flight = await buildFlight(db());
      const gone = await buildDeleted(db());
      const next = await buildCrew(db());
      await joinFlight(db(), gone, flight);
      await joinFlight(db(), next, flight);
      expect((await remove(await buildCrew(db()), flight.id)).statusCode).toBe(403);
      expect((await remove(await buildDemo(db()), flight.id)).statusCode).toBe(403);
      expect((await remove(next, flight.id)).statusCode).toBe(200);

      const other = await buildFlight(db());
      await joinFlight(db(), await buildCrew(db()), other);
      expect((await remove(await buildAdmin(db()), other.id)).statusCode).toBe(200);
    });
  });

  describe('GET /api/flights/stats and GET /api/user/flights', () => {
    it('counts active flights of the window and every flight ever added', async () => {
      const alice = await buildCrew(db());
      const client = await as(alice);
      const before = flightStatsSchema.parse(
        (await client({ method: 'GET', url: '/api/flights/stats' })).json(),
      );
      const departedToday = await buildFlight(db(), { daysAhead: 0, time: '08:00' });
      const upcoming = await buildFlight(db(), { daysAhead: 2 });
      await buildFlight(db(), { daysAhead: 3 });
      await joinFlight(db(), alice, departedToday);
      await joinFlight(db(), alice, upcoming);
      await client({
        method: 'POST',
        url: '/api/flights',
        payload: {
          flightNumber: 'BA9',
          origin: 'LHR',
          destination: 'BOS',
          departureDate: '2030-06-25',
        },
      });
      dropCache();
      const after = (await client({ method: 'GET', url: '/api/flights/stats' })).json();
      expect(after).toEqual({
        activeFlights: 2,
        totalSharedFlights: before.totalSharedFlights + 1,
      });
    });

    it("lists the viewer's flights by departure with delete or leave", async () => {
      const alice = await buildCrew(db());
      const bob = await buildCrew(db());
      const later = await buildFlight(db(), { daysAhead: 9 });
      const past = await buildFlight(db(), { daysAhead: -4 });
      const soon = await buildFlight(db(), { daysAhead: 1 });
      await joinFlight(db(), bob, soon);
      await joinFlight(db(), alice, later, { role: 'IFL', tags: ['Coffee Chat'] });
      await joinFlight(db(), alice, past);
      await joinFlight(db(), alice, soon);
      // Alice was first on this one, but bob joined after her: she may only leave it.
      const shared = await buildFlight(db(), { daysAhead: 12 });
      await joinFlight(db(), alice, shared);
      await joinFlight(db(), bob, shared);
      const res = await (await as(alice))({ method: 'GET', url: '/api/user/flights' });
      expect(res.statusCode).toBe(200);
      const items = userFlightsSchema.parse(res.json());
      expect(items.map((i) => [i.flight.id, i.canDelete])).toEqual([
        [past.id, true],
        [soon.id, false],
        [later.id, true],
        [shared.id, false],
      ]);
      expect(items[2]).toMatchObject({ role: 'IFL', tags: ['Coffee Chat'] });
      expect(items[1]!.flight.crewCount).toBe(2);
      const none = await (await as(await buildCrew(db())))({
        method: 'GET',
        url: '/api/user/flights',
      });
      expect(none.json()).toEqual([]);
    });
  });
});
