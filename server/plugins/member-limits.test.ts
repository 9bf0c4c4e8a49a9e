import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_LIMITS, type MemberLimit, TOO_MANY_MESSAGES, TOO_MANY_WRITES } from '../../domain';
import { rateEvents, type UserRow } from '../db/schema';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { buildAdmin, buildCrew, buildFlight, buildWave, joinFlight } from '../test/factories';
import { injectAs } from '../test/inject-as';
import { isMemberWrite } from './member-limits';

/**
 * Every write a signed-in member makes has a per-member limit (issue 39): past it, 429
 * `{ message, retryAt }` before any work, and nothing stored.
 */
describe('per-member write limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '1');

  /** Uses up `n` slots of the member's limit, as earlier requests would have. */
  async function spend(user: UserRow, limit: MemberLimit, n: number) {
    if (n <= 0) return;
    if (limit.store === 'database') {
      const row = { bucket: `member:${limit.bucket}`, key: `user:${user.id}` };
      await t.database.db
        .insert(rateEvents)
        .values(Array.from({ length: n }, () => ({ ...row, createdAt: t.clock.now() })));
      return;
    }
    for (let i = 0; i < n; i++) await t.app.takeMemberLimit(user.id, limit);
  }

  const limitOf = (limit: MemberLimit) => (limit.store === 'live' ? 20 : limit.limit);

  /** Every row of every table, so a refusal can be shown to have changed nothing at all. */
  async function snapshot() {
    const { rows } = await t.database.db.execute<{ name: string }>(
      sql`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`,
    );
    const parts: string[] = [];
    for (const { name } of rows) {
      const hashed = await t.database.db.execute<{ h: string }>(
        sql.raw(`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h
                 from "${name}" x`),
      );
      parts.push(`${name}:${hashed.rows[0]!.h}`);
    }
    return parts;
  }

  async function expectRefused(res: { statusCode: number; json(): unknown }, message: string) {
    expect(res.statusCode).toBe(429);
    const body = res.json() as { message: string; retryAt: string };
    expect(body.message).toBe(message);
    expect(new Date(body.retryAt).getTime()).toBeGreaterThan(t.clock.now().getTime());
  }

  // Cap 300 s (a cap, not a wait): every member write in the route table spent to its limit, one
  // request at a time (thousands of requests).
  it('every member write at its limit answers 429 before any work and changes nothing', async () => {
    const writes = t.app.routeTable.filter(isMemberWrite);
    for (const route of writes) {
      const user = await (route.access === 'admin' ? buildAdmin : buildCrew)(t.database.db);
      const as = await injectAs(t.app, user);
      const limit = route.memberLimit!;
      await spend(user, limit, limitOf(limit));
      const before = await snapshot();
      const res = await as({
        method: route.method as InjectOptions['method'],
        url: concrete(route.url),
        payload: {},
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(429);
      await expectRefused(res, limit.store === 'live' ? TOO_MANY_MESSAGES : TOO_MANY_WRITES);
      expect(await snapshot(), `${route.method} ${route.url}`).toEqual(before);
    }
  }, 300_000);

  type Case = {
    name: string;
    limit: MemberLimit;
    admin?: true;
    /** The i-th request of the member (each a real change, so a refused one would show). */
    request: (user: UserRow, i: number) => Promise<InjectOptions>;
    ok: number;
  };
  const db = () => t.database.db;
  const sharedFlight = async (user: UserRow) => {
    const flight = await buildFlight(db());
    await joinFlight(db(), user, flight);
    return flight;
  };
  const cases: Case[] = [
    {
      name: 'profile edits',
      limit: MEMBER_LIMITS.profile,
      request: async (_u, i) => ({
        method: 'PUT',
        url: '/api/users/profile',
        payload: { nickname: `Nick ${i}` },
      }),
      ok: 200,
    },
    {
      name: 'crew notes',
      limit: MEMBER_LIMITS.crewNotes,
      request: async (user, i) => {
        const entry = await joinFlight(db(), user, await buildFlight(db()));
        return { method: 'PATCH', url: `/api/flight-crew/${entry.id}`, payload: { note: `n${i}` } };
      },
      ok: 200,
    },
    {
      name: 'joining a flight',
      limit: MEMBER_LIMITS.joinLeave,
      request: async () => ({
        method: 'POST',
        url: '/api/flight-crew',
        payload: { flightId: (await buildFlight(db())).id },
      }),
      ok: 201,
    },
    {
      name: 'leaving a flight',
      limit: MEMBER_LIMITS.joinLeave,
      request: async (user) => {
        const other = await buildCrew(db());
        const flight = await buildFlight(db());
        await joinFlight(db(), other, flight);
        const entry = await joinFlight(db(), user, flight);
        return { method: 'DELETE', url: `/api/flight-crew/${entry.id}` };
      },
      ok: 200,
    },
    {
      name: 'read marks',
      limit: MEMBER_LIMITS.readMarks,
      request: async (user) => {
        const sender = await buildCrew(db());
        const wave = await buildWave(db(), sender, user, await sharedFlight(sender));
        return { method: 'PUT', url: `/api/waves/${wave.id}/read` };
      },
      ok: 200,
    },
    {
      name: 'online status',
      limit: MEMBER_LIMITS.onlineStatus,
      request: async (_u, i) => ({
        method: 'POST',
        url: '/api/users/online-status',
        payload: { isOnline: i % 2 === 0 },
      }),
      ok: 200,
    },
    {
      name: 'blocking',
      limit: MEMBER_LIMITS.block,
      request: async (user) => {
        const other = await buildCrew(db());
        const flight = await sharedFlight(other);
        await joinFlight(db(), user, flight);
        return { method: 'POST', url: `/api/users/${other.id}/block` };
      },
      ok: 200,
    },
    {
      name: 'push subscriptions',
      limit: MEMBER_LIMITS.pushSubscriptions,
      request: async (_u, i) => ({
        method: 'POST',
        url: '/api/push/subscriptions',
        payload: {
          endpoint: `https://fcm.googleapis.com/fcm/send/device-${i}`,
          keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
        },
      }),
      ok: 200,
    },
    {
      name: 'test pushes',
      limit: MEMBER_LIMITS.testPush,
      request: async (_u, i) => ({
        method: 'POST',
        url: '/api/test-cross-env-push',
        payload: { message: `test ${i}` },
      }),
      ok: 200,
    },
    {
      name: 'messages (the budget shared with socket frames)',
      limit: MEMBER_LIMITS.messages,
      request: async (user, i) => {
        const other = await buildCrew(db());
        const wave = await buildWave(db(), user, other, await sharedFlight(other), {
          status: 'accepted',
        });
        return {
          method: 'POST',
          url: '/api/messages',
          payload: { waveId: wave.id, content: `m${i}` },
        };
      },
      ok: 201,
    },
    {
      name: 'admin writes',
      limit: MEMBER_LIMITS.admin,
      admin: true,
      request: async () => ({
        method: 'POST',
        url: `/api/users/${(await buildCrew(db())).id}/toggle-admin`,
        payload: { isAdmin: true },
      }),
      ok: 200,
    },
  ];

  it.each(cases)(
    '$name: the limit-th is done, the next is refused with 429 and changes nothing',
    async (c) => {
      const user = await (c.admin ? buildAdmin : buildCrew)(db());
      const as = await injectAs(t.app, user);
      await spend(user, c.limit, limitOf(c.limit) - 1);
      const last = await as(await c.request(user, 1));
      expect(last.statusCode, last.body).toBe(c.ok);

      const refused = await c.request(user, 2);
      const before = await snapshot();
      await expectRefused(
        await as(refused),
        c.limit.store === 'live' ? TOO_MANY_MESSAGES : TOO_MANY_WRITES,
      );
      expect(await snapshot()).toEqual(before);
    },
  );

  it('a window later the member may write again', async () => {
    const user = await buildCrew(db());
    const as = await injectAs(t.app, user);
    const edit = {
      method: 'PUT',
      url: '/api/users/profile',
      payload: { nickname: 'Later' },
    } as const;
    await spend(user, MEMBER_LIMITS.profile, MEMBER_LIMITS.profile.limit);
    const refused = await as(edit);
    expect(refused.statusCode).toBe(429);
    t.clock.set(new Date(refused.json().retryAt));
    expect((await as(edit)).statusCode).toBe(200);
  });
});
