import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ACCESS_REASONS,
  ACCOUNT_DELETED_MESSAGE,
  DAY_MS,
  deleteAccountResponseSchema,
  flightDetailSchema,
} from '../../../domain';
import { auditLog, sessions, users } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import {
  buildAdmin,
  buildCrew,
  buildDemo,
  buildFlight,
  DEFAULT_PIN,
  joinFlight,
} from '../../test/factories';
import { type Injector, injectAs } from '../../test/inject-as';
import { GRACE_ENDED, NOT_DELETED } from './service';

const NOW = '2030-06-15T12:00:00.000Z';
let n = 0;
const ip = () => `10.90.${Math.floor(++n / 200)}.${(n % 200) + 1}`;

describe('account: sign out everywhere, delete, restore', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ now: NOW });
  });
  afterAll(() => t.close());
  beforeEach(() => t.clock.set(NOW));
  const db = () => t.database.db;
  const stored = async (id: number) =>
    (await db().select().from(users).where(eq(users.id, id)))[0]!;
  const sessionCount = (userId: number) => t.app.deps.sessions.countForUser(userId);
  const me = (client: Injector) => client({ method: 'GET', url: '/api/auth/me' });
  const login = (email: string, passcode = DEFAULT_PIN) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, passcode },
      remoteAddress: ip(),
    });
  const deleteAccount = (client: Injector) =>
    client({ method: 'POST', url: '/api/auth/delete-account' });
  const restore = (client: Injector, id: number | string) =>
    client({ method: 'POST', url: `/api/admin/restore-account/${id}` });

  describe('POST /api/auth/logout-all', () => {
    it('ends every session of the account, clears the cookie, and no one else is touched', async () => {
      const crew = await buildCrew(db());
      const phone = await injectAs(t.app, crew);
      const laptop = await injectAs(t.app, crew);
      const someoneElse = await injectAs(t.app, await buildCrew(db()));
      await phone({ method: 'POST', url: '/api/users/online-status', payload: { isOnline: true } });
      expect(await sessionCount(crew.id)).toBe(2);

      const res = await laptop({ method: 'POST', url: '/api/auth/logout-all' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });
      const cookie = String(res.headers['set-cookie']);
      expect(cookie).toMatch(/jumpseat_session=;/);

      expect(await sessionCount(crew.id)).toBe(0);
      expect((await me(phone)).statusCode).toBe(401);
      expect((await me(laptop)).statusCode).toBe(401);
      expect((await me(someoneElse)).statusCode).toBe(200);
      expect((await stored(crew.id)).isOnline).toBe(false);
    });

    it('is open to demo users (signing out changes no data) and not to anonymous callers', async () => {
      const demo = await buildDemo(db());
      const res = await (await injectAs(t.app, demo))({
        method: 'POST',
        url: '/api/auth/logout-all',
      });
      expect(res.statusCode).toBe(200);
      const anonymous = await t.app.inject({ method: 'POST', url: '/api/auth/logout-all' });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('POST /api/auth/delete-account', () => {
    it('marks the account deleted with a 30-day grace and ends every session at once', async () => {
      const crew = await buildCrew(db());
      const phone = await injectAs(t.app, crew);
      const laptop = await injectAs(t.app, crew);

      const res = await deleteAccount(laptop);
      expect(res.statusCode, res.body).toBe(200);
      const body = deleteAccountResponseSchema.parse(res.json());
      const grace = new Date(Date.parse(NOW) + 30 * DAY_MS);
      expect(body).toEqual({
        success: true,
        message: ACCOUNT_DELETED_MESSAGE,
        deletionScheduledAt: grace.toISOString(),
      });
      expect(body.message).toMatch(
        /^Your access has been revoked immediately\. Data will be kept for 30 days/,
      );
      expect(String(res.headers['set-cookie'])).toMatch(/jumpseat_session=;/);

      expect(await stored(crew.id)).toMatchObject({
        isDeleted: true,
        deletionScheduledAt: grace,
        isOnline: false,
        lastHeartbeatAt: null,
      });
      expect(await db().select().from(sessions).where(eq(sessions.userId, crew.id))).toHaveLength(
        0,
      );
      expect((await me(phone)).statusCode).toBe(401);
      const [audit] = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'user.self_delete'), eq(auditLog.targetId, crew.id)));
      expect(audit).toMatchObject({ actorId: crew.id, targetType: 'user' });
    });

    it('the deleted member cannot sign in: invalid_credentials, as for an unknown e-mail', async () => {
      const crew = await buildCrew(db());
      expect((await login(crew.email)).statusCode).toBe(200);
      await deleteAccount(await injectAs(t.app, crew));
      const res = await login(crew.email);
      expect(res.statusCode).toBe(401);
      expect(res.json().errorType).toBe('invalid_credentials');
      expect(await sessionCount(crew.id)).toBe(0);
    });

    it('hides the member from other members: gone from the crew list of their flight', async () => {
      const leaving = await buildCrew(db());
      const staying = await buildCrew(db());
      const flight = await buildFlight(db());
      await joinFlight(db(), leaving, flight);
      await joinFlight(db(), staying, flight);
      const viewer = await injectAs(t.app, staying);
      const crewIds = async () => {
        const res = await viewer({ method: 'GET', url: `/api/flights/${flight.id}` });
        expect(res.statusCode).toBe(200);
        const detail = flightDetailSchema.parse(res.json());
        return detail.crewMembers.map((m) => m.userId);
      };
      expect(await crewIds()).toEqual([leaving.id, staying.id]);

      await deleteAccount(await injectAs(t.app, leaving));
      expect(await crewIds()).toEqual([staying.id]);
    });

    it('refuses demo users with the spec text and keeps their account', async () => {
      const demo = await buildDemo(db());
      const client = await injectAs(t.app, demo);
      const res = await deleteAccount(client);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(ACCESS_REASONS.demoDeleteAccount);
      expect((await stored(demo.id)).isDeleted).toBe(false);
      expect((await me(client)).statusCode).toBe(200);
    });

    it('admins may delete their own account; anonymous callers get 401', async () => {
      const admin = await buildAdmin(db());
      expect((await deleteAccount(await injectAs(t.app, admin))).statusCode).toBe(200);
      expect((await stored(admin.id)).isDeleted).toBe(true);
      const anonymous = await t.app.inject({ method: 'POST', url: '/api/auth/delete-account' });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('POST /api/admin/restore-account/{id}', () => {
    it('restores a deleted account within the grace: the member signs in again', async () => {
      const crew = await buildCrew(db(), {
        membershipType: 'paid',
        subscriptionExpiresAt: new Date(Date.parse(NOW) + 365 * DAY_MS),
      });
      await deleteAccount(await injectAs(t.app, crew));
      t.clock.advance(29 * DAY_MS);
      const admin = await injectAs(t.app, await buildAdmin(db()));

      const res = await restore(admin, crew.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Account restored' });
      expect(await stored(crew.id)).toMatchObject({ isDeleted: false, deletionScheduledAt: null });
      expect((await login(crew.email)).statusCode).toBe(200);
      const [audit] = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'user.restore'), eq(auditLog.targetId, crew.id)));
      expect(audit).toBeDefined();
    });

    it('answers 400 once the grace has ended, and for an account that is not deleted', async () => {
      const crew = await buildCrew(db());
      await deleteAccount(await injectAs(t.app, crew));
      t.clock.advance(30 * DAY_MS);
      const admin = await injectAs(t.app, await buildAdmin(db()));
      const late = await restore(admin, crew.id);
      expect(late.statusCode).toBe(400);
      expect(late.json().message).toBe(GRACE_ENDED);
      expect((await stored(crew.id)).isDeleted).toBe(true);

      const active = await buildCrew(db());
      const notDeleted = await restore(admin, active.id);
      expect(notDeleted.statusCode).toBe(400);
      expect(notDeleted.json().message).toBe(NOT_DELETED);
    });

    it('answers 404 for an unknown id and 400 for a malformed one', async () => {
      const admin = await injectAs(t.app, await buildAdmin(db()));
      expect((await restore(admin, 999_999)).statusCode).toBe(404);
      expect((await restore(admin, 'abc')).statusCode).toBe(400);
      expect((await restore(admin, 99_999_999_999)).statusCode).toBe(400);
    });

    it('is for admins only: crew and demo users get 403', async () => {
      const crew = await buildCrew(db());
      await deleteAccount(await injectAs(t.app, crew));
      for (const user of [await buildCrew(db()), await buildDemo(db())]) {
        const res = await restore(await injectAs(t.app, user), crew.id);
        expect(res.statusCode).toBe(403);
      }
      expect((await stored(crew.id)).isDeleted).toBe(true);
    });
  });
});
