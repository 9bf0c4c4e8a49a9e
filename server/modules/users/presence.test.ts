import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { userStatsResponseSchema } from '../../../domain';
import { users, waves } from '../../db/schema';
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
import { ONLINE_WINDOW_MS } from './online';

const NOW = '2030-06-15T12:00:00.000Z';
const SECOND = 1000;

describe('presence API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ now: NOW });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    t.clock.set(NOW);
    await t.database.db.update(users).set({ isOnline: false, lastHeartbeatAt: null });
    await t.database.db.delete(waves);
  });
  const db = () => t.database.db;
  const stored = async (id: number) =>
    (await db().select().from(users).where(eq(users.id, id)))[0]!;
  const setOnline = (client: Injector, isOnline: unknown) =>
    client({ method: 'POST', url: '/api/users/online-status', payload: { isOnline } });
  const stats = async (client: Injector) => {
    const res = await client({ method: 'GET', url: '/api/users/stats' });
    expect(res.statusCode).toBe(200);
    return userStatsResponseSchema.parse(res.json());
  };

  describe('POST /api/users/online-status', () => {
    it('true records a heartbeat now; false clears it at once', async () => {
      const crew = await buildCrew(db());
      const client = await injectAs(t.app, crew);
      const on = await setOnline(client, true);
      expect(on.statusCode).toBe(200);
      expect(on.json()).toEqual({ success: true, isOnline: true });
      expect(await stored(crew.id)).toMatchObject({
        isOnline: true,
        lastHeartbeatAt: new Date(NOW),
        lastActive: new Date(NOW),
      });

      const off = await setOnline(client, false);
      expect(off.json()).toEqual({ success: true, isOnline: false });
      expect(await stored(crew.id)).toMatchObject({ isOnline: false, lastHeartbeatAt: null });
    });

    it('accepts the unload beacon: a text/plain body holding JSON', async () => {
      const crew = await buildCrew(db());
      const client = await injectAs(t.app, crew);
      await setOnline(client, true);
      const beacon = await client({
        method: 'POST',
        url: '/api/users/online-status',
        headers: {
          'content-type': 'text/plain;charset=UTF-8',
          origin: 'http://localhost:80',
          'sec-fetch-site': 'same-origin',
          host: 'localhost:80',
        },
        payload: JSON.stringify({ isOnline: false }),
      });
      expect(beacon.statusCode, beacon.body).toBe(200);
      expect((await stored(crew.id)).isOnline).toBe(false);
    });

    it('refuses a beacon that is not JSON, or a cross-site one', async () => {
      const crew = await buildCrew(db());
      const client = await injectAs(t.app, crew);
      const garbage = await client({
        method: 'POST',
        url: '/api/users/online-status',
        headers: { 'content-type': 'text/plain' },
        payload: 'online please',
      });
      expect(garbage.statusCode).toBe(400);
      expect(garbage.json().message).toBe('Invalid JSON body');
      const crossSite = await client({
        method: 'POST',
        url: '/api/users/online-status',
        headers: { 'content-type': 'text/plain', 'sec-fetch-site': 'cross-site' },
        payload: JSON.stringify({ isOnline: true }),
      });
      expect(crossSite.statusCode).toBe(403);
      expect((await stored(crew.id)).isOnline).toBe(false);
    });

    it('keeps text/plain JSON parsing to this one route', async () => {
      const crew = await buildCrew(db());
      const res = await (await injectAs(t.app, crew))({
        method: 'PUT',
        url: '/api/users/profile',
        headers: { 'content-type': 'text/plain' },
        payload: JSON.stringify({ nickname: 'Plain' }),
      });
      expect(res.statusCode).not.toBe(200);
      expect((await stored(crew.id)).nickname).toBeNull();
    });

    it('validates the body and refuses anonymous callers and deleted accounts', async () => {
      const crew = await buildCrew(db());
      expect((await setOnline(await injectAs(t.app, crew), 'yes')).statusCode).toBe(400);
      const anonymous = await t.app.inject({
        method: 'POST',
        url: '/api/users/online-status',
        payload: { isOnline: true },
      });
      expect(anonymous.statusCode).toBe(401);
      const deleted = await buildDeleted(db());
      expect((await setOnline(await injectAs(t.app, deleted), true)).statusCode).toBe(401);
      expect((await stored(deleted.id)).lastHeartbeatAt).toBeNull();
    });

    it('works for demo users and admins', async () => {
      for (const user of [await buildDemo(db()), await buildAdmin(db())]) {
        expect((await setOnline(await injectAs(t.app, user), true)).statusCode).toBe(200);
      }
    });
  });

  describe('GET /api/users/stats', () => {
    it('counts members with a heartbeat in the last 90 s', async () => {
      const viewer = await injectAs(t.app, await buildCrew(db()));
      const a = await injectAs(t.app, await buildCrew(db()));
      const b = await injectAs(t.app, await buildCrew(db()));
      expect((await stats(viewer)).onlineUsers).toBe(0);

      await setOnline(a, true);
      t.clock.advance(60 * SECOND);
      await setOnline(b, true);
      expect((await stats(viewer)).onlineUsers).toBe(2);

      // a's heartbeat is now 90 s old: no longer online; b's is 30 s old.
      t.clock.advance(ONLINE_WINDOW_MS - 60 * SECOND);
      expect((await stats(viewer)).onlineUsers).toBe(1);

      await setOnline(b, false);
      expect((await stats(viewer)).onlineUsers).toBe(0);
    });

    it('never counts deleted accounts, even with a recent heartbeat', async () => {
      const viewer = await injectAs(t.app, await buildCrew(db()));
      await buildDeleted(db(), { isOnline: true, lastHeartbeatAt: new Date(NOW) });
      expect((await stats(viewer)).onlineUsers).toBe(0);
    });

    it('counts accepted waves on the platform between members still here', async () => {
      const [a, b, c] = [await buildCrew(db()), await buildCrew(db()), await buildCrew(db())];
      const gone = await buildDeleted(db());
      const flight = await buildFlight(db());
      const past = await buildFlight(db(), { daysAhead: -5 });
      for (const u of [a, b, c, gone]) {
        await joinFlight(db(), u, flight);
        await joinFlight(db(), u, past);
      }
      await buildWave(db(), a, b, flight, { status: 'accepted' });
      await buildWave(db(), b, c, past, { status: 'accepted' });
      await buildWave(db(), a, c, flight, { status: 'pending' });
      await buildWave(db(), c, a, past, { status: 'rejected' });
      await buildWave(db(), a, gone, flight, { status: 'accepted' });
      const viewer = await injectAs(t.app, a);
      expect((await stats(viewer)).acceptedConnections).toBe(2);
    });

    it('answers every signed-in member and refuses anonymous callers', async () => {
      for (const user of [await buildDemo(db()), await buildAdmin(db())]) {
        await stats(await injectAs(t.app, user));
      }
      expect((await t.app.inject({ method: 'GET', url: '/api/users/stats' })).statusCode).toBe(401);
    });
  });
});
