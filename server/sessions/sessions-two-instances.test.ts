// @postgres: two instances on the LISTEN/NOTIFY bus end each other’s sessions; a PostgreSQL-only describe
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../db/schema';
import { fixedClock } from '../lib/clock';
import { buildAdmin, buildCrew, DEFAULT_NOW } from '../test/factories';
import { sessionCookie } from '../test/socket-client';
import { type TwoInstances, twoInstances } from '../test/two-instances';

/**
 * The session cache under revocation and member changes across two app instances on one
 * PostgreSQL (as behind a load balancer): B has the member's session in memory, A ends or
 * changes it, and B's very next request after the bus tells it must see that. PostgreSQL only.
 */
describe.runIf(process.env.JUMPSEAT_TEST_DB === 'postgres')(
  'session cache across two instances on one PostgreSQL',
  () => {
    let two: TwoInstances;
    let shared: TwoInstances['shared'];
    let a: FastifyInstance;
    let b: FastifyInstance;
    let onB: TwoInstances['onB'];
    const clock = fixedClock(DEFAULT_NOW);

    beforeAll(async () => {
      two = await twoInstances(clock);
      ({ shared, a, b, onB } = two);
    });
    afterAll(() => two?.close());

    const get = (app: FastifyInstance, cookie: string, url = '/api/auth/me') =>
      app.inject({ method: 'GET', url, headers: { cookie } });
    /** Signed in, and remembered by B. */
    const signedInOnB = async (user: UserRow) => {
      const cookie = await sessionCookie(a, user.id, clock.now());
      expect((await get(b, cookie)).statusCode).toBe(200);
      return cookie;
    };

    it('a logout on A ends the session on B', async () => {
      const member = await buildCrew(shared.db);
      const cookie = await signedInOnB(member);
      const heard = onB((e) => e.e === 'revoke' && e.userId === member.id);
      await a.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
      await heard;
      expect((await get(b, cookie)).statusCode).toBe(401);
    });

    it('logout-all on A ends every session of the member on B', async () => {
      const member = await buildCrew(shared.db);
      const phone = await signedInOnB(member);
      const laptop = await signedInOnB(member);
      const heard = onB((e) => e.e === 'revoke' && e.userId === member.id);
      const res = await a.inject({
        method: 'POST',
        url: '/api/auth/logout-all',
        headers: { cookie: phone },
      });
      expect(res.statusCode).toBe(200);
      await heard;
      expect((await get(b, phone)).statusCode).toBe(401);
      expect((await get(b, laptop)).statusCode).toBe(401);
    });

    it('a PIN change on A ends the other sessions on B, not this one', async () => {
      const member = await buildCrew(shared.db);
      const phone = await signedInOnB(member);
      const laptop = await signedInOnB(member);
      const heard = onB((e) => e.e === 'revoke' && e.userId === member.id);
      const res = await a.inject({
        method: 'POST',
        url: '/api/auth/set-passcode',
        payload: { passcode: '4321' },
        headers: { cookie: phone },
      });
      expect(res.statusCode).toBe(200);
      await heard;
      expect((await get(b, laptop)).statusCode).toBe(401);
      expect((await get(b, phone)).statusCode).toBe(200);
    });

    it.each([
      ['sign-out-all', 'POST', (id: number) => `/api/admin/users/${id}/sign-out-all`],
      ['deletion', 'DELETE', (id: number) => `/api/admin/users/${id}`],
    ] as const)("an admin's %s on A ends the member's session on B", async (_n, method, url) => {
      const member = await buildCrew(shared.db);
      const cookie = await signedInOnB(member);
      const admin = await sessionCookie(a, (await buildAdmin(shared.db)).id, clock.now());
      const heard = onB((e) => e.e === 'revoke' && e.userId === member.id);
      const res = await a.inject({ method, url: url(member.id), headers: { cookie: admin } });
      expect(res.statusCode).toBe(200);
      await heard;
      expect((await get(b, cookie)).statusCode).toBe(401);
    });

    it('admin rights taken away on A are gone on B at its next request', async () => {
      const other = await buildAdmin(shared.db);
      const cookie = await signedInOnB(other);
      expect((await get(b, cookie, '/api/admin/users')).statusCode).toBe(200);
      const admin = await sessionCookie(a, (await buildAdmin(shared.db)).id, clock.now());
      const heard = onB((e) => e.e === 'member');
      const res = await a.inject({
        method: 'POST',
        url: `/api/users/${other.id}/toggle-admin`,
        payload: { isAdmin: false },
        headers: { cookie: admin },
      });
      expect(res.statusCode).toBe(200);
      await heard;
      expect((await get(b, cookie, '/api/admin/users')).statusCode).toBe(403);
    });
  },
);
