// @postgres: joining a flight is an upsert (onConflictDoNothing)
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCESS_REASONS,
  crewEntrySchema,
  leaveFlightsResponseSchema,
  NOTE_LIMIT_MESSAGE,
  TAGS_LIMIT_MESSAGE,
} from '../../../domain';
import { auditLog, flightCrew, users, waves } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import {
  buildAdmin,
  buildCrew,
  buildDemo,
  buildFlight,
  buildWave,
  joinFlight,
} from '../../test/factories';
import { injectAs } from '../../test/inject-as';

describe('flight crew API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  const db = () => t.database.db;
  const as = (user: Parameters<typeof injectAs>[1]) => injectAs(t.app, user);

  describe('POST /api/flight-crew', () => {
    it("joins with the spec's default role 'Cabin Crew', tags and a note", async () => {
      const flight = await buildFlight(db());
      const alice = await buildCrew(db(), { role: 'IFM' });
      const res = await (await as(alice))({
        method: 'POST',
        url: '/api/flight-crew',
        payload: {
          flightId: flight.id,
          tags: ['Coffee Chat', 'Coffee Chat', 'Workout Buddy'],
          note: '  Up for a run  ',
        },
      });
      expect(res.statusCode).toBe(201);
      expect(crewEntrySchema.parse(res.json())).toMatchObject({
        flightId: flight.id,
        userId: alice.id,
        role: 'Cabin Crew',
        tags: ['Coffee Chat', 'Workout Buddy'],
        note: 'Up for a run',
      });
      const [user] = await db().select().from(users).where(eq(users.id, alice.id));
      expect(user!.totalFlightsEver).toBe(1);
    });

    it('takes a role from the list', async () => {
      const flight = await buildFlight(db());
      const client = await as(await buildCrew(db()));
      const ok = await client({
        method: 'POST',
        url: '/api/flight-crew',
        payload: { flightId: flight.id, role: 'IFL' },
      });
      expect(ok.json().role).toBe('IFL');
      const other = await buildFlight(db());
      const bad = await client({
        method: 'POST',
        url: '/api/flight-crew',
        payload: { flightId: other.id, role: 'Captain' },
      });
      expect(bad.statusCode).toBe(400);
    });

    it("answers 400 'already on this flight' the second time", async () => {
      const flight = await buildFlight(db());
      const client = await as(await buildCrew(db()));
      await client({ method: 'POST', url: '/api/flight-crew', payload: { flightId: flight.id } });
      const again = await client({
        method: 'POST',
        url: '/api/flight-crew',
        payload: { flightId: flight.id },
      });
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toContain('already on this flight');
    });

    it('refuses departed flights (also today after the time, or a timeless flight of a past day)', async () => {
      const client = await as(await buildCrew(db()));
      const earlier = await buildFlight(db(), { daysAhead: 0, time: '09:00' });
      const yesterday = await buildFlight(db(), { daysAhead: -1, time: null });
      const tonight = await buildFlight(db(), { daysAhead: 0, time: null });
      for (const flight of [earlier, yesterday]) {
        const res = await client({
          method: 'POST',
          url: '/api/flight-crew',
          payload: { flightId: flight.id },
        });
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(ACCESS_REASONS.joinDeparted);
      }
      const open = await client({
        method: 'POST',
        url: '/api/flight-crew',
        payload: { flightId: tonight.id },
      });
      expect(open.statusCode).toBe(201);
    });

    it('is 404 for an unknown flight and 400 for an invalid id, tags or note', async () => {
      const flight = await buildFlight(db());
      const client = await as(await buildCrew(db()));
      const missing = await client({
        method: 'POST',
        url: '/api/flight-crew',
        payload: { flightId: 987654 },
      });
      expect(missing.statusCode).toBe(404);
      const huge = await client({
        method: 'POST',
        url: '/api/flight-crew',
        payload: { flightId: 99999999999 },
      });
      // Beyond a PostgreSQL integer: not an id at all (the one id schema), so 400, not 404.
      expect(huge.statusCode).toBe(400);
      expect(huge.json().message).toBe('Invalid id');
      const tooMany = await client({
        method: 'POST',
        url: '/api/flight-crew',
        payload: {
          flightId: flight.id,
          tags: ['Coffee Chat', 'Workout Buddy', 'Quiet Flight', 'Dining Buddy'],
        },
      });
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().message).toBe(TAGS_LIMIT_MESSAGE);
      const long = await client({
        method: 'POST',
        url: '/api/flight-crew',
        payload: { flightId: flight.id, note: 'x'.repeat(151) },
      });
      expect(long.statusCode).toBe(400);
      expect(long.json().message).toBe(NOTE_LIMIT_MESSAGE);
    });

    it('refuses demo users with the spec message', async () => {
      const flight = await buildFlight(db());
      const demo = await as(await buildDemo(db()));
      const res = await demo({
        method: 'POST',
        url: '/api/flight-crew',
        payload: { flightId: flight.id },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(ACCESS_REASONS.demoJoin);
    });
  });

  describe('PATCH /api/flight-crew/{id}', () => {
    it("changes one's own tags and note, never someone else's", async () => {
      const flight = await buildFlight(db());
      const alice = await buildCrew(db());
      const bob = await buildCrew(db());
      const entry = await joinFlight(db(), alice, flight, { note: 'old' });
      const res = await (await as(alice))({
        method: 'PATCH',
        url: `/api/flight-crew/${entry.id}`,
        payload: { tags: ['Quiet Flight'], note: '' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ tags: ['Quiet Flight'], note: null });
      const noteOnly = await (await as(alice))({
        method: 'PATCH',
        url: `/api/flight-crew/${entry.id}`,
        payload: { note: 'Coffee after landing?' },
      });
      expect(noteOnly.json()).toMatchObject({
        tags: ['Quiet Flight'],
        note: 'Coffee after landing?',
      });

      const denied = await (await as(bob))({
        method: 'PATCH',
        url: `/api/flight-crew/${entry.id}`,
        payload: { note: 'hacked' },
      });
      expect(denied.statusCode).toBe(403);
      expect(denied.json().message).toBe(ACCESS_REASONS.editOthersEntry);
      const empty = await (await as(alice))({
        method: 'PATCH',
        url: `/api/flight-crew/${entry.id}`,
        payload: {},
      });
      expect(empty.statusCode).toBe(400);
      const missing = await (await as(alice))({
        method: 'PATCH',
        url: '/api/flight-crew/987654',
        payload: { note: 'x' },
      });
      expect(missing.statusCode).toBe(404);
    });
  });

  describe('DELETE /api/flight-crew/{id}', () => {
    it('lets a member leave, but not remove someone else', async () => {
      const flight = await buildFlight(db());
      const alice = await buildCrew(db());
      const bob = await buildCrew(db());
      const aliceEntry = await joinFlight(db(), alice, flight);
      const bobEntry = await joinFlight(db(), bob, flight);
      const denied = await (await as(alice))({
        method: 'DELETE',
        url: `/api/flight-crew/${bobEntry.id}`,
      });
      expect(denied.statusCode).toBe(403);
      expect(denied.json().message).toBe(ACCESS_REASONS.removeCrewDenied);
      const left = await (await as(alice))({
        method: 'DELETE',
        url: `/api/flight-crew/${aliceEntry.id}`,
      });
      expect(left.statusCode).toBe(200);
      expect(left.json()).toEqual({ success: true });
      const remaining = await db()
        .select()
        .from(flightCrew)
        .where(eq(flightCrew.flightId, flight.id));
      expect(remaining.map((e) => e.userId)).toEqual([bob.id]);
    });

    it('lets an admin remove anyone, recorded in the audit log, but not after departure', async () => {
      const flight = await buildFlight(db());
      const departed = await buildFlight(db(), { daysAhead: -2 });
      const admin = await buildAdmin(db());
      const bobEntry = await joinFlight(db(), await buildCrew(db()), flight);
      const pastEntry = await joinFlight(db(), await buildCrew(db()), departed);
      const client = await as(admin);
      const res = await client({ method: 'DELETE', url: `/api/flight-crew/${bobEntry.id}` });
      expect(res.statusCode).toBe(200);
      const audit = await db().select().from(auditLog).where(eq(auditLog.actorId, admin.id));
      expect(audit.map((a) => [a.action, a.targetId])).toContainEqual([
        'flight_crew.remove',
        bobEntry.id,
      ]);
      const late = await client({ method: 'DELETE', url: `/api/flight-crew/${pastEntry.id}` });
      expect(late.statusCode).toBe(403);
      expect(late.json().message).toBe(ACCESS_REASONS.removeCrewDeparted);
      const missing = await client({ method: 'DELETE', url: '/api/flight-crew/987654' });
      expect(missing.statusCode).toBe(404);
    });

    it('withdraws the leaver’s unanswered waves on that flight, and keeps accepted ones and others’', async () => {
      const flight = await buildFlight(db());
      const other = await buildFlight(db());
      const [alice, bob, carol, dan] = await Promise.all([0, 1, 2, 3].map(() => buildCrew(db())));
      const aliceEntry = await joinFlight(db(), alice!, flight);
      for (const u of [bob!, carol!, dan!]) await joinFlight(db(), u, flight);
      const sent = await buildWave(db(), alice!, bob!, flight);
      const received = await buildWave(db(), carol!, alice!, flight);
      const accepted = await buildWave(db(), dan!, alice!, flight, { status: 'accepted' });
      const notHers = await buildWave(db(), bob!, carol!, flight);
      const elsewhere = await buildWave(db(), alice!, bob!, other);
      const res = await (await as(alice!))({
        method: 'DELETE',
        url: `/api/flight-crew/${aliceEntry.id}`,
      });
      expect(res.statusCode).toBe(200);
      const ids = (await db().select({ id: waves.id }).from(waves)).map((w) => w.id);
      expect(ids).not.toContain(sent.id);
      expect(ids).not.toContain(received.id);
      expect(ids).toEqual(expect.arrayContaining([accepted.id, notHers.id, elsewhere.id]));
    });

    it('refuses demo users', async () => {
      const flight = await buildFlight(db());
      const demoUser = await buildDemo(db());
      const entry = await joinFlight(db(), demoUser, flight);
      const res = await (await as(demoUser))({
        method: 'DELETE',
        url: `/api/flight-crew/${entry.id}`,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(ACCESS_REASONS.demoRemoveCrew);
    });
  });

  describe('POST /api/flight-crew/leave', () => {
    const leave = async (user: Parameters<typeof injectAs>[1], flightIds: unknown) =>
      (await as(user))({ method: 'POST', url: '/api/flight-crew/leave', payload: { flightIds } });

    it('leaves every flight it may, refuses the rest one by one, and withdraws pending waves there', async () => {
      const alice = await buildCrew(db());
      const bob = await buildCrew(db());
      const first = await buildFlight(db());
      const second = await buildFlight(db(), { daysAhead: 10 });
      const departed = await buildFlight(db(), { daysAhead: -1 });
      const notMine = await buildFlight(db());
      const kept = await buildFlight(db(), { daysAhead: 20 });
      for (const f of [first, second, departed, kept]) await joinFlight(db(), alice, f);
      for (const f of [first, second, kept]) await joinFlight(db(), bob, f);
      const pending = await buildWave(db(), bob, alice, second);
      const onKept = await buildWave(db(), alice, bob, kept);

      const res = await leave(alice, [first.id, second.id, departed.id, notMine.id, first.id]);
      expect(res.statusCode).toBe(200);
      expect(leaveFlightsResponseSchema.parse(res.json())).toEqual({
        left: [first.id, second.id],
        refused: [
          { flightId: departed.id, message: ACCESS_REASONS.removeCrewDeparted },
          { flightId: notMine.id, message: 'You are not on this flight' },
        ],
        wavesWithdrawn: 1,
      });
      const mine = await db().select().from(flightCrew).where(eq(flightCrew.userId, alice.id));
      expect(mine.map((e) => e.flightId).sort()).toEqual([departed.id, kept.id].sort());
      const left = (await db().select({ id: waves.id }).from(waves)).map((w) => w.id);
      expect(left).not.toContain(pending.id);
      expect(left).toContain(onKept.id);
    });

    it('validates the list: empty, too long, or not ids is a 400 that changes nothing', async () => {
      const alice = await buildCrew(db());
      const flight = await buildFlight(db());
      await joinFlight(db(), alice, flight);
      for (const bad of [[], Array.from({ length: 201 }, (_, i) => i + 1), ['1'], [0], 'x']) {
        const res = await leave(alice, bad);
        expect(res.statusCode).toBe(400);
      }
      const mine = await db().select().from(flightCrew).where(eq(flightCrew.userId, alice.id));
      expect(mine).toHaveLength(1);
    });

    it('is for signed-in members who are not demo users', async () => {
      const flight = await buildFlight(db());
      const demoUser = await buildDemo(db());
      await joinFlight(db(), demoUser, flight);
      const demo = await leave(demoUser, [flight.id]);
      expect(demo.statusCode).toBe(403);
      expect(demo.json().message).toBe(ACCESS_REASONS.demoRemoveCrew);
      const anonymous = await t.app.inject({
        method: 'POST',
        url: '/api/flight-crew/leave',
        payload: { flightIds: [flight.id] },
      });
      expect(anonymous.statusCode).toBe(401);
    });
  });
});
