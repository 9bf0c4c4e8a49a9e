// @postgres: weekly figures use date arithmetic (date_trunc … at time zone)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type UserRow } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import {
  buildAdmin,
  buildCrew,
  buildDeleted,
  buildFlight,
  buildPending,
  buildWave,
  DEFAULT_NOW,
  joinFlight,
} from '../../test/factories';
import { type Injector, injectAs } from '../../test/inject-as';
import { readPlatformCounters } from './platform-counters';

const DAY = 24 * 60 * 60 * 1000;
const now = DEFAULT_NOW; // Saturday 2030-06-15 12:00 UTC
const at = (iso: string) => new Date(iso);

/**
 * One seeded platform: flights ahead, departed and removed; live, turned-down and past waves;
 * members of every subscription status, one online, one deleted, one pending.
 */
describe('platform statistics', () => {
  let t: TestApp;
  let asAdmin: Injector;
  let admin: UserRow;
  let amelia: UserRow;
  let bruno: UserRow;
  let carla: UserRow;
  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    admin = await buildAdmin(db, { name: 'Zed Admin', createdAt: at('2030-06-10T00:00:00Z') });
    amelia = await buildCrew(db, {
      name: 'Amelia',
      lastHeartbeatAt: new Date(now.getTime() - 10_000),
      createdAt: at('2030-06-09T23:59:59Z'),
    });
    bruno = await buildCrew(db, {
      name: 'Bruno',
      membershipType: 'paid',
      subscriptionExpiresAt: new Date(now.getTime() - DAY),
      createdAt: at('2030-03-25T00:00:00Z'),
    });
    carla = await buildCrew(db, {
      name: 'Carla',
      membershipType: 'paid',
      subscriptionStatus: 'cancelled',
      createdAt: at('2030-03-24T23:59:59Z'),
    });
    await buildPending(db, { name: 'Pat Pending', createdAt: at('2030-06-11T08:00:00Z') });
    await buildDeleted(db, { lastHeartbeatAt: now, createdAt: at('2030-06-11T09:00:00Z') });
    const ahead = await buildFlight(db, { daysAhead: 3 });
    const departed = await buildFlight(db, { daysAhead: -2 });
    const removed = await buildFlight(db, { daysAhead: 5, deletedAt: now });
    for (const member of [amelia, bruno, carla]) await joinFlight(db, member, ahead);
    await joinFlight(db, amelia, departed);
    await joinFlight(db, bruno, removed);
    const w1 = await buildWave(db, amelia, bruno, ahead, { createdAt: at('2030-06-15T01:00:00Z') });
    await buildWave(db, amelia, carla, ahead, {
      status: 'accepted',
      createdAt: at('2030-06-15T23:00:00Z'),
    });
    await buildWave(db, carla, bruno, ahead, {
      status: 'rejected',
      createdAt: at('2030-05-17T00:00:00Z'),
    });
    await buildWave(db, amelia, bruno, departed, { createdAt: at('2030-05-16T23:59:59Z') });
    await db.insert(messages).values([
      { waveId: w1.id, senderId: amelia.id, content: 'hi', createdAt: at('2030-06-14T10:00:00Z') },
      { waveId: w1.id, senderId: bruno.id, content: 'yo', createdAt: at('2030-06-14T23:59:59Z') },
    ]);
    asAdmin = await injectAs(t.app, admin);
  });
  afterAll(() => t.close());

  it('answers the overview from the live data and the all-time counters', async () => {
    const res = await asAdmin({ method: 'GET', url: '/api/admin/platform-overview' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      activeFlights: 1,
      totalFlights: 2,
      liveWaves: 2,
      totalWaves: 4,
      onlineUsers: 1,
      totalUsers: 5,
      // Bruno's paid period ran out yesterday: expired, whatever the stored flag says.
      subscriptionBreakdown: { active: 2, expired: 1, cancelled: 1, pending: 1 },
      counters: await readPlatformCounters(t.database.db),
    });
  });

  it('lists each approved member with live figures and the domain activity score', async () => {
    const res = await asAdmin({ method: 'GET', url: '/api/admin/user-statistics' });
    expect(res.statusCode).toBe(200);
    const rows = res.json() as Array<Record<string, unknown>>;
    const pick = (r: Record<string, unknown>) => [
      r.name,
      r.flightCount,
      r.wavesSent,
      r.wavesReceived,
      r.activityScore,
      r.isOnline,
      r.subscriptionStatus,
    ];
    // Default sort: activity, busiest first; ties keep their order.
    expect(rows.map(pick)).toEqual([
      ['Amelia', 1, 2, 0, 2, true, 'active'],
      ['Bruno', 1, 0, 1, 1, false, 'expired'],
      ['Carla', 1, 0, 1, 1, false, 'cancelled'],
      ['Zed Admin', 0, 0, 0, 0, false, 'active'],
    ]);
    expect(rows[0]).toMatchObject({ id: amelia.id, email: amelia.email, lastLoginAt: null });
  });

  it('filters and sorts with the domain rules', async () => {
    const names = async (query: string) =>
      (
        (await asAdmin({ method: 'GET', url: `/api/admin/user-statistics?${query}` })).json() as {
          name: string;
        }[]
      ).map((r) => r.name);
    expect(await names('filter=online')).toEqual(['Amelia']);
    expect(await names('filter=active&sort=name')).toEqual(['Amelia', 'Zed Admin']);
    expect(await names('sort=name')).toEqual(['Amelia', 'Bruno', 'Carla', 'Zed Admin']);
    expect(await names('sort=waves')).toEqual(['Amelia', 'Bruno', 'Carla', 'Zed Admin']);
    expect((await names('sort=flights')).at(-1)).toBe('Zed Admin');
  });

  it('refuses an unknown filter or sort with 400', async () => {
    for (const query of ['filter=busy', 'sort=age', 'filter=', 'sort=name&sort=flights']) {
      const res = await asAdmin({ method: 'GET', url: `/api/admin/user-statistics?${query}` });
      expect(res.statusCode, query).toBe(400);
    }
  });

  it('draws every week and day in range, in UTC, with 0 where nothing happened', async () => {
    const res = await asAdmin({ method: 'GET', url: '/api/admin/activity-series' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.signupsPerWeek).toHaveLength(12);
    expect(body.signupsPerWeek[0]).toEqual({ weekStart: '2030-03-25', count: 1 }); // Bruno only
    // Amelia signed up on Sunday 23:59:59, the last second of the week before.
    expect(body.signupsPerWeek.at(-2)).toEqual({ weekStart: '2030-06-03', count: 1 });
    // This week: the admin, the pending and the deleted sign-up all count as sign-ups.
    expect(body.signupsPerWeek.at(-1)).toEqual({ weekStart: '2030-06-10', count: 3 });
    expect(body.wavesPerDay).toHaveLength(30);
    expect(body.wavesPerDay[0]).toEqual({ day: '2030-05-17', count: 1 });
    expect(body.wavesPerDay.at(-1)).toEqual({ day: '2030-06-15', count: 2 });
    expect(body.wavesPerDay.reduce((s: number, d: { count: number }) => s + d.count, 0)).toBe(3);
    expect(body.messagesPerDay.at(-2)).toEqual({ day: '2030-06-14', count: 2 });
    expect(body.messagesPerDay.at(-1)).toEqual({ day: '2030-06-15', count: 0 });
    expect(body.membershipMix).toEqual([
      { membershipType: 'lifetime', count: 1 },
      { membershipType: 'paid', count: 2 },
      { membershipType: 'trial', count: 1 },
    ]);
  });

  it('is for admins only', async () => {
    const asCrew = await injectAs(t.app, amelia);
    for (const url of [
      '/api/admin/platform-overview',
      '/api/admin/user-statistics',
      '/api/admin/activity-series',
    ]) {
      expect((await asCrew({ method: 'GET', url })).statusCode, url).toBe(403);
    }
  });
});
