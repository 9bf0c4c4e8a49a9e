// @postgres: the daily cap and delete-vs-join races under simultaneous requests through a listening server
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ACCESS_REASONS,
  flightsPerDayReason,
  MEMBER_LIMITS,
  TOO_MANY_WRITES,
} from '../../../domain';
import { testConfig } from '../../config';
import { dailyFlightCounts, flightCrew, flights, type UserRow } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { buildAdmin, buildCrew, buildFlight, joinFlight } from '../../test/factories';
import { fetchAs } from '../../test/inject-as';

const NOW = '2030-06-15T12:00:00.000Z';
const PER_DAY = 5;

/**
 * Limits that must hold under concurrency, so requests go through a listening server (real
 * sockets, each request its own connection from the pool on PostgreSQL), all fired at once.
 */
describe('flight limits under concurrency', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await buildTestApp({
      now: NOW,
      config: { limits: { ...testConfig().limits, flightsPerDay: PER_DAY } },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    t.clock.set(NOW);
    await t.database.db.delete(flights);
  });
  const db = () => t.database.db;

  /** A signed-in member's fetch against the listening server. */
  const clientFor = (user: UserRow) => fetchAs(t.app, base, user);
  const newFlight = (n: number, day = '2030-06-20') => ({
    flightNumber: `BA${1000 + n}`,
    origin: 'LHR',
    destination: 'JFK',
    departureDate: `${day}T00:00:00.000Z`,
  });
  const flightsBy = (user: UserRow) =>
    db().select().from(flights).where(eq(flights.createdBy, user.id));

  describe('the daily cap on new flights', () => {
    it('lets exactly the cap of 200 simultaneous adds create a flight; the rest get 429', async () => {
      const alice = await buildCrew(db());
      const client = await clientFor(alice);
      const results = await Promise.all(
        Array.from({ length: 200 }, (_, i) => client('POST', '/api/flights', newFlight(i))),
      );
      const created = results.filter((r) => r.status === 201);
      const refused = results.filter((r) => r.status === 429);
      expect(created).toHaveLength(PER_DAY);
      expect(refused).toHaveLength(200 - PER_DAY);
      // Two limits meet here: the hourly join/leave budget (checked first, before the body is
      // read) lets exactly its 120 through, and of those exactly the daily cap create. Which
      // requests each limit refuses depends on arrival order, so the refusals are counted by
      // reason, never read by position (refused[0] was a budget refusal in a loaded CI run).
      const byMessage = (message: string) =>
        refused.filter((r) => (r.body as { message?: string }).message === message);
      const { limit: hourly } = MEMBER_LIMITS.joinLeave;
      const overCap = byMessage(flightsPerDayReason(PER_DAY));
      expect(overCap).toHaveLength(hourly - PER_DAY);
      expect(byMessage(TOO_MANY_WRITES)).toHaveLength(200 - hourly);
      expect(overCap[0]!.body).toEqual({
        message: flightsPerDayReason(PER_DAY),
        retryAt: '2030-06-16T00:00:00.000Z',
      });
      expect(await flightsBy(alice)).toHaveLength(PER_DAY);
      const entries = await db().select().from(flightCrew).where(eq(flightCrew.userId, alice.id));
      expect(entries).toHaveLength(PER_DAY);
    });

    it('counts new flights only: joining existing ones is never refused; a new day starts afresh', async () => {
      const bob = await buildCrew(db());
      const others = await Promise.all([1, 2, 3].map(() => buildFlight(db())));
      const client = await clientFor(bob);
      for (let i = 0; i < PER_DAY; i += 1) {
        expect((await client('POST', '/api/flights', newFlight(i))).status).toBe(201);
      }
      expect((await client('POST', '/api/flights', newFlight(99))).status).toBe(429);
      // The same identity as existing flights: a join, not a creation.
      for (const f of others) {
        const res = await client('POST', '/api/flights', {
          flightNumber: f.flightNumber,
          origin: f.origin,
          destination: f.destination,
          departureDate: `${f.departureDate}T00:00:00.000Z`,
        });
        expect(res.status).toBe(200);
      }
      const [row] = await db()
        .select()
        .from(dailyFlightCounts)
        .where(eq(dailyFlightCounts.userId, bob.id));
      expect(row).toMatchObject({ day: '2030-06-15', created: PER_DAY });

      t.clock.set('2030-06-16T00:00:01.000Z');
      const tomorrow = await clientFor(bob);
      expect((await tomorrow('POST', '/api/flights', newFlight(99))).status).toBe(201);
    });

    it('refuses a roster with more new flights than are left today, creating none of them', async () => {
      const carol = await buildCrew(db());
      const existing = await buildFlight(db(), { flightNumber: 'BA777', time: null });
      const client = await clientFor(carol);
      for (let i = 0; i < 3; i += 1) {
        expect((await client('POST', '/api/flights', newFlight(i))).status).toBe(201);
      }
      const row = (flightNumber: string) => ({
        flightNumber,
        origin: 'LHR',
        destination: 'JFK',
        departureDate: '2030-06-21T00:00:00.000Z',
      });
      const tooMany = await client('POST', '/api/flights/batch', {
        flights: [row('BA2001'), row('BA2002'), row('BA2003')],
      });
      expect(tooMany.status).toBe(429);
      expect(tooMany.body.message).toBe(flightsPerDayReason(PER_DAY));
      expect(await flightsBy(carol)).toHaveLength(3);
      expect(
        await db().select().from(flightCrew).where(eq(flightCrew.userId, carol.id)),
      ).toHaveLength(3);

      // Two new flights fit; joining an existing one takes no slot.
      const fits = await client('POST', '/api/flights/batch', {
        flights: [
          row('BA2001'),
          row('BA2002'),
          { ...row('BA777'), departureDate: `${existing.departureDate}T00:00:00.000Z` },
        ],
      });
      expect(fits.status).toBe(200);
      expect(fits.body.results).toEqual({ created: 2, joined: 1, existing: 0, failed: 0 });
      expect((await client('POST', '/api/flights', newFlight(50))).status).toBe(429);
    });

    it('applies to admins too', async () => {
      const admin = await clientFor(await buildAdmin(db()));
      const rows = Array.from({ length: PER_DAY + 1 }, (_, i) => newFlight(i, '2030-06-22'));
      const res = await admin('POST', '/api/flights/batch', { flights: rows });
      expect(res.status).toBe(429);
    });
  });

  describe('deleting a flight while someone joins it', () => {
    /**
     * Each flight has its first crew member alone on it; at the same moment another member
     * joins and the first deletes. Whatever the order, a join that succeeded must survive:
     * either the join came first and the delete is refused, or the delete came first and the
     * join finds no flight (by id) or creates it again (by identity).
     */
    it('never erases a member who joined: the delete is refused or the join finds no flight', async () => {
      const ROUNDS = 25;
      const pairs = await Promise.all(
        Array.from({ length: ROUNDS }, async (_, i) => {
          const flight = await buildFlight(db(), {
            flightNumber: `BA${3000 + i}`,
            time: null,
            daysAhead: 4,
          });
          const first = await buildCrew(db());
          const joiner = await buildCrew(db());
          await joinFlight(db(), first, flight);
          return { flight, first, joiner, byId: i % 2 === 0 };
        }),
      );
      const outcomes = await Promise.all(
        pairs.map(async ({ flight, first, joiner, byId }) => {
          const [deleter, joining] = await Promise.all([clientFor(first), clientFor(joiner)]);
          const join = byId
            ? joining('POST', '/api/flight-crew', { flightId: flight.id, role: 'Main Crew' })
            : joining('POST', '/api/flights', {
                flightNumber: flight.flightNumber,
                origin: flight.origin,
                destination: flight.destination,
                departureDate: `${flight.departureDate}T00:00:00.000Z`,
              });
          const [deleted, joined] = await Promise.all([
            deleter('DELETE', `/api/flights/${flight.id}`),
            join,
          ]);
          return { flight, joiner, byId, deleted, joined };
        }),
      );
      for (const { flight, joiner, byId, deleted, joined } of outcomes) {
        const [still] = await db().select().from(flights).where(eq(flights.id, flight.id));
        if (deleted.status === 200) {
          expect(still).toBeUndefined();
          // By id the flight is gone; by identity the add created it afresh (201).
          expect(joined.status).toBe(byId ? 404 : 201);
        } else {
          expect(deleted.status).toBe(403);
          expect(deleted.body.message).toBe(ACCESS_REASONS.deleteFlightOthersOn);
          expect(joined.status).toBe(byId ? 201 : 200);
          expect(still).toBeDefined();
        }
        // Whoever won, the joiner's entry exists on a flight of that identity.
        const mine = await db()
          .select({ id: flightCrew.id })
          .from(flightCrew)
          .innerJoin(flights, eq(flights.id, flightCrew.flightId))
          .where(
            and(eq(flightCrew.userId, joiner.id), eq(flights.flightNumber, flight.flightNumber)),
          );
        if (joined.status < 300) expect(mine).toHaveLength(1);
      }
    });
  });
});
