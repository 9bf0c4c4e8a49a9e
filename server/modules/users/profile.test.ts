import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCESS_REASONS,
  passcodeRevealResponseSchema,
  userAnalyticsSchema,
  userSchema,
} from '../../../domain';
import { users } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import {
  buildAdmin,
  buildCrew,
  buildDeleted,
  buildDemo,
  buildFlight,
  buildWave,
  DEFAULT_PIN,
  joinFlight,
} from '../../test/factories';
import { type Injector, injectAs } from '../../test/inject-as';

const NOW = '2030-06-15T12:00:00.000Z';

describe('profile API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ now: NOW });
  });
  afterAll(() => t.close());
  const db = () => t.database.db;
  const stored = async (id: number) =>
    (await db().select().from(users).where(eq(users.id, id)))[0]!;
  const put = (client: Injector, payload: unknown) =>
    client({ method: 'PUT', url: '/api/users/profile', payload: payload as object });
  const patch = (client: Injector, payload: unknown) =>
    client({ method: 'PATCH', url: '/api/users/me', payload: payload as object });

  describe('PUT /api/users/profile', () => {
    it('updates any subset of the editable fields and returns the owner user', async () => {
      const crew = await buildCrew(db(), { nickname: 'Old', mobileNumber: '07700 900001' });
      const res = await put(await injectAs(t.app, crew), {
        name: '  Jane Doe ',
        nickname: ' Skylark ',
        role: 'Purser',
        contactEmail: ' Jane.Personal@Example.com ',
        shareContactInfo: true,
        showNameAfterMatch: false,
        emailNotifications: false,
      });
      expect(res.statusCode, res.body).toBe(200);
      const user = userSchema.parse(res.json());
      expect(user).toMatchObject({
        id: crew.id,
        name: 'Jane Doe',
        nickname: 'Skylark',
        role: 'Purser',
        contactEmail: 'jane.personal@example.com',
        shareContactInfo: true,
        showNameAfterMatch: false,
        emailNotifications: false,
        // Not sent: left alone.
        mobileNumber: '07700 900001',
      });
      expect(res.json()).not.toHaveProperty('passcode');
      expect(res.json()).not.toHaveProperty('passcodeEncrypted');
    });

    it('stores blanks as null and keeps the nickname empty (no default)', async () => {
      const crew = await buildCrew(db(), { nickname: 'Skylark', contactEmail: 'a@example.com' });
      const res = await put(await injectAs(t.app, crew), {
        nickname: '   ',
        contactEmail: '',
        mobileNumber: '',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ nickname: null, contactEmail: null, mobileNumber: null });
      expect(await stored(crew.id)).toMatchObject({ nickname: null, contactEmail: null });
    });

    it.each([
      [{ name: '  ' }, 'Please enter your name'],
      [{ role: 'Chief Pilot' }, 'Please choose a rank'],
      [{ mobileNumber: 'call me maybe' }, 'Please enter a valid mobile number'],
      [{ contactEmail: 'not-an-email' }, 'Please enter a valid email address'],
      [{ nickname: 'x'.repeat(41) }, undefined],
      [{ name: 'x'.repeat(101) }, undefined],
      [{ shareContactInfo: 'yes' }, undefined],
    ])('refuses %j with 400', async (payload, message) => {
      const crew = await buildCrew(db());
      const res = await put(await injectAs(t.app, crew), payload);
      expect(res.statusCode).toBe(400);
      if (message) expect(res.json().message).toBe(message);
      expect(await stored(crew.id)).toMatchObject({ name: crew.name, role: crew.role });
    });

    it("keeps the 'Admin' rank for administrators", async () => {
      const crew = await buildCrew(db());
      const refused = await put(await injectAs(t.app, crew), { role: 'Admin' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe('Please choose a rank');
      const admin = await buildAdmin(db(), { role: 'Captain' });
      const allowed = await put(await injectAs(t.app, admin), { role: 'Admin' });
      expect(allowed.statusCode).toBe(200);
      expect(allowed.json().role).toBe('Admin');
    });

    it('refuses demo users with the spec text and changes nothing', async () => {
      const demo = await buildDemo(db(), { nickname: 'Demo' });
      const res = await put(await injectAs(t.app, demo), {
        nickname: 'Hacked',
        shareContactInfo: true,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(ACCESS_REASONS.demoEditProfile);
      expect(await stored(demo.id)).toMatchObject({ nickname: 'Demo', shareContactInfo: false });
    });

    it('answers 401 to anonymous callers and to deleted accounts', async () => {
      const deleted = await buildDeleted(db());
      const asDeleted = await injectAs(t.app, deleted);
      expect((await put(asDeleted, { nickname: 'Ghost' })).statusCode).toBe(401);
      const anonymous = await t.app.inject({
        method: 'PUT',
        url: '/api/users/profile',
        payload: { nickname: 'Ghost' },
      });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('PATCH /api/users/me (first-time setup)', () => {
    it('saves the setup fields; the nickname has no default', async () => {
      const crew = await buildCrew(db(), { role: null, shareContactInfo: false });
      const res = await patch(await injectAs(t.app, crew), {
        name: 'Sam Crew',
        nickname: '',
        role: 'IFM',
        yearsFlying: 7,
        mobileNumber: '+44 7700 900123',
        showNameAfterMatch: true,
        shareContactInfo: true,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(userSchema.parse(res.json())).toMatchObject({
        name: 'Sam Crew',
        nickname: null,
        role: 'IFM',
        yearsFlying: 7,
        mobileNumber: '+44 7700 900123',
        showNameAfterMatch: true,
        shareContactInfo: true,
      });
    });

    it("needs a name: 'Please enter your name'", async () => {
      const crew = await buildCrew(db());
      for (const payload of [{}, { name: '' }, { name: '   ', nickname: 'Sky' }]) {
        const res = await patch(await injectAs(t.app, crew), payload);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe('Please enter your name');
      }
    });

    it('takes only the setup roles and sensible years', async () => {
      const crew = await buildCrew(db());
      const client = await injectAs(t.app, crew);
      expect((await patch(client, { name: 'A', role: 'Captain' })).statusCode).toBe(400);
      expect((await patch(client, { name: 'A', yearsFlying: -1 })).statusCode).toBe(400);
      expect((await patch(client, { name: 'A', yearsFlying: 61 })).statusCode).toBe(400);
    });

    it('refuses demo users', async () => {
      const demo = await buildDemo(db());
      const res = await patch(await injectAs(t.app, demo), { name: 'Changed' });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(ACCESS_REASONS.demoEditProfile);
    });
  });

  describe('POST /api/admin/update-contact-email', () => {
    const post = (client: Injector, contactEmail: unknown) =>
      client({
        method: 'POST',
        url: '/api/admin/update-contact-email',
        payload: { contactEmail },
      });

    it("sets the admin's own contact e-mail; blank clears it", async () => {
      const admin = await buildAdmin(db());
      const client = await injectAs(t.app, admin);
      const res = await post(client, ' Ops@Example.com ');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, user: { contactEmail: 'ops@example.com' } });
      expect((await stored(admin.id)).contactEmail).toBe('ops@example.com');
      expect((await post(client, '')).json().user.contactEmail).toBeNull();
      expect((await post(client, 'nope')).statusCode).toBe(400);
    });

    it('is for admins only', async () => {
      expect((await post(await injectAs(t.app, await buildCrew(db())), 'a@b.com')).statusCode).toBe(
        403,
      );
      expect((await post(await injectAs(t.app, await buildDemo(db())), 'a@b.com')).statusCode).toBe(
        403,
      );
    });
  });

  describe('GET /api/users/me/passcode', () => {
    it("shows the owner their own PIN, never cached, and nobody else's", async () => {
      const crew = await buildCrew(db(), { pin: '7315' });
      const res = await (await injectAs(t.app, crew))({
        method: 'GET',
        url: '/api/users/me/passcode',
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(passcodeRevealResponseSchema.parse(res.json())).toEqual({ passcode: '7315' });

      const other = await buildCrew(db());
      const theirs = await (await injectAs(t.app, other))({
        method: 'GET',
        url: '/api/users/me/passcode',
      });
      expect(theirs.json()).toEqual({ passcode: DEFAULT_PIN });
    });

    it('from a session signed in more than 10 minutes ago, asks to sign in again', async () => {
      const crew = await buildCrew(db(), { pin: '7315' });
      const as = await injectAs(t.app, crew);
      t.clock.advance(10 * 60 * 1000 + 1);
      const res = await as({ method: 'GET', url: '/api/users/me/passcode' });
      t.clock.set(NOW);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        errorType: 'reauthentication_required',
        message: 'For your security, sign in again to see your PIN.',
      });
      expect(res.body).not.toContain('7315');
    });

    it('is never part of /api/auth/me', async () => {
      const crew = await buildCrew(db(), { pin: '7315' });
      const me = await (await injectAs(t.app, crew))({ method: 'GET', url: '/api/auth/me' });
      expect(me.body).not.toContain('7315');
      expect(me.json()).not.toHaveProperty('passcode');
    });

    it('answers demo users (their own PIN) and refuses anonymous callers', async () => {
      const demo = await buildDemo(db(), { pin: '0000' });
      const res = await (await injectAs(t.app, demo))({
        method: 'GET',
        url: '/api/users/me/passcode',
      });
      expect(res.json()).toEqual({ passcode: '0000' });
      const anonymous = await t.app.inject({ method: 'GET', url: '/api/users/me/passcode' });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('GET /api/users/me/analytics', () => {
    it('counts live flights and waves, with all-time totals never below them', async () => {
      const me = await buildCrew(db(), {
        totalFlightsEver: 9,
        totalWavesSentEver: 1,
        totalWavesReceivedEver: 4,
      });
      const peer = await buildCrew(db());
      const peer2 = await buildCrew(db());
      const gone = await buildDeleted(db());
      const upcoming = await buildFlight(db(), { daysAhead: 2 });
      const upcoming2 = await buildFlight(db(), { daysAhead: 5 });
      const departed = await buildFlight(db(), { daysAhead: -1 });
      const removed = await buildFlight(db(), { daysAhead: 4, deletedAt: new Date(NOW) });
      for (const flight of [upcoming, upcoming2, departed, removed])
        await joinFlight(db(), me, flight);
      for (const flight of [upcoming, upcoming2, departed]) {
        await joinFlight(db(), peer, flight);
        await joinFlight(db(), peer2, flight);
      }
      await joinFlight(db(), gone, upcoming);

      // Live sent: pending on upcoming, accepted on upcoming2, and the one peer2 declined,
      // which to its sender is still waiting (3). Not counted: departed, and a wave to a
      // deleted member.
      await buildWave(db(), me, peer, upcoming);
      await buildWave(db(), me, peer, upcoming2, { status: 'accepted' });
      await buildWave(db(), me, peer2, upcoming, { status: 'rejected' });
      await buildWave(db(), me, peer2, departed, { status: 'accepted' });
      await buildWave(db(), me, gone, upcoming);
      // Live received: one pending from peer2 (1).
      await buildWave(db(), peer2, me, upcoming2);

      const res = await (await injectAs(t.app, me))({
        method: 'GET',
        url: '/api/users/me/analytics',
      });
      expect(res.statusCode).toBe(200);
      expect(userAnalyticsSchema.parse(res.json())).toEqual({
        flightCount: 2,
        totalFlightsEver: 9,
        wavesSent: 3,
        totalWavesSentEver: 3,
        wavesReceived: 1,
        totalWavesReceivedEver: 4,
      });
    });

    it('counts a flight until the moment it departs', async () => {
      const me = await buildCrew(db());
      const soon = await buildFlight(db(), { daysAhead: 0, time: '12:30' });
      await joinFlight(db(), me, soon);
      const client = await injectAs(t.app, me);
      const count = async () =>
        (await client({ method: 'GET', url: '/api/users/me/analytics' })).json().flightCount;
      expect(await count()).toBe(1);
      t.clock.advance(31 * 60 * 1000);
      expect(await count()).toBe(0);
      t.clock.set(NOW);
    });

    it('works for demo users and admins; refuses anonymous callers', async () => {
      for (const user of [await buildDemo(db()), await buildAdmin(db())]) {
        const res = await (await injectAs(t.app, user))({
          method: 'GET',
          url: '/api/users/me/analytics',
        });
        expect(res.statusCode).toBe(200);
      }
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/users/me/analytics' })).statusCode,
      ).toBe(401);
    });
  });
});
