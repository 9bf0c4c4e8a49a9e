import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRoster } from '../domain';
import { homeListCache } from '../server/modules/flights/home-cache';
import { buildTestApp, type TestApp } from '../server/test/build-test-app';
import { injectAs } from '../server/test/inject-as';
import { seedMembers } from './admin-members-setup';
import { seedChat } from './chat/seed';
import { benchDay, flightTargets, seedFlights } from './flights-setup';
import { makeRoster } from './roster-setup';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/**
 * Every bench's setup at the small hours, midday and just before midnight (UTC): the writes a
 * bench times must be accepted at any hour, so the data it aims at is placed after `now`. Only
 * the setup runs here, with a few of each request; the measurement stays out of CI.
 */
describe.each(['2030-06-15T00:05:00.000Z', '2030-06-15T12:00:00.000Z', '2030-06-15T23:55:00.000Z'])(
  'bench setup at %s',
  (instant) => {
    it('the flights, chat and admin benches find targets their requests accept', async () => {
      const now = new Date(instant);
      // One app for the three instants (building one is most of the cost): a clean slate each.
      const { app, database } = t;
      t.clock.set(now);
      await database.db.execute(sql.raw('truncate users, flights restart identity cascade'));
      homeListCache(app.deps).invalidate();
      // 400 flights are 16 days, from a week ago: today's flights, some of them departed.
      await seedFlights(database, 400, now, 8);
      const as = async (userId: number) => {
        const inject = await injectAs(app, { id: userId });
        return (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
          inject({ method, url, ...(payload ? { payload } : {}) });
      };
      const viewer = await as(1);
      const targets = await flightTargets(database, 1, now);
      const departs = async (ids: number[], table: 'flights' | 'flight_crew') => {
        const column = table === 'flights' ? 'f.id' : 'c.id';
        const rows = await database.db.execute<{ at: string | Date }>(
          sql.raw(`select min(f.departure_at) as at from flight_crew c right join flights f
            on f.id = c.flight_id where ${column} in (${ids.join(',')})`),
        );
        return new Date(rows.rows[0]!.at);
      };
      expect(targets.joinable.length).toBeGreaterThan(10);
      expect(targets.myEntries.length).toBeGreaterThan(0);
      expect((await departs(targets.joinable, 'flights')) > now).toBe(true);
      expect((await departs(targets.myEntries, 'flight_crew')) > now).toBe(true);

      expect((await viewer('GET', '/api/flights')).statusCode).toBe(200);
      const joined = await viewer('POST', '/api/flight-crew', { flightId: targets.joinable[0] });
      expect(joined.statusCode, joined.body).toBe(201);
      const edited = await viewer('PATCH', `/api/flight-crew/${targets.myEntries[0]}`, {
        tags: ['Coffee Chat'],
        note: 'note',
      });
      expect(edited.statusCode, edited.body).toBe(200);
      const added = await viewer('POST', '/api/flights', {
        flightNumber: 'BA5000 (1200)',
        origin: 'LGW',
        destination: 'FAO',
        departureDate: benchDay(now, 0),
      });
      expect(added.statusCode, added.body).toBe(201);
      const [created] = await targets.loadCreated();
      expect((await viewer('DELETE', `/api/flights/${created}`)).statusCode).toBe(200);
      const [leaving] = await targets.loadLeaving();
      const left = await viewer('DELETE', `/api/flight-crew/${leaving}`);
      expect(left.statusCode, left.body).toBe(200);

      const [pair] = await seedChat(database, 2, now);
      const sender = await as(pair!.a);
      const sent = await sender('POST', '/api/messages', { waveId: pair!.waveId, content: 'hi' });
      expect(sent.statusCode, sent.body).toBe(201);

      await seedMembers(database, 200, now);
      const admin = await database.db.execute<{ id: number }>(
        sql.raw(`select id from users where email = 'crew1@ba.com'`),
      );
      const asAdmin = await as(Number(admin.rows[0]!.id));
      const page = await asAdmin('GET', '/api/admin/users?search=crew');
      expect(page.statusCode, page.body).toBe(200);
    }, 60_000);

    it('the roster bench parses a roster starting that day', () => {
      const now = new Date(instant);
      const { flights } = parseRoster(makeRoster(100, now), { year: now.getUTCFullYear() });
      expect(flights.length).toBeGreaterThan(20);
    });
  },
);
