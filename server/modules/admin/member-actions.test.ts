import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_REASONS, ADMIN_MEMBER_REASONS, ADMIN_PASSCODE_MESSAGE } from '../../../domain';
import {
  auditLog,
  flightCrew,
  flights,
  loginLocks,
  messages,
  sessions,
  users,
  waves,
} from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import {
  buildCrew,
  buildDemo,
  buildFlight,
  buildWave,
  DEFAULT_PIN,
  joinFlight,
} from '../../test/factories';
import { type Injector, injectAs, signedInAdmin } from '../../test/inject-as';
import { mailTo, pinIn } from '../../test/mailbox';

/** The admin's dialogs on one member, and the two platform-wide resets (accounts spec §2, §4). */
describe('admin member actions', () => {
  let t: TestApp;
  let admin: Injector;
  let adminId: number;
  let addr = 0;
  beforeAll(async () => {
    t = await buildTestApp();
    ({ id: adminId, as: admin } = await signedInAdmin(t));
  });
  afterAll(() => t.close());

  const auditFor = (action: string, targetId?: number) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(
        targetId === undefined
          ? eq(auditLog.action, action)
          : and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)),
      );
  const login = (email: string, passcode: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, passcode },
      remoteAddress: `10.88.0.${++addr}`,
    });
  const me = (as: Injector) => as({ method: 'GET', url: '/api/auth/me' });

  it('update-passcode: sets and mails the PIN, lifts the lock, ends every session, audits without the PIN', async () => {
    const member = await buildCrew(t.database.db);
    const asMember = await injectAs(t.app, member);
    expect((await me(asMember)).statusCode).toBe(200);
    await t.database.db.insert(loginLocks).values({
      userId: member.id,
      failedCount: 5,
      lockedUntil: new Date(t.clock.now().getTime() + 3_600_000),
      updatedAt: t.clock.now(),
    });
    const res = await admin({
      method: 'POST',
      url: `/api/users/${member.id}/update-passcode`,
      payload: { passcode: '7305' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, forcedPin: false });
    expect(pinIn((await mailTo(t.database.db, member.email))[0]!.text)).toBe('7305');
    expect(
      await t.database.db.select().from(loginLocks).where(eq(loginLocks.userId, member.id)),
    ).toHaveLength(0);
    expect((await me(asMember)).statusCode).toBe(401);
    expect((await login(member.email, DEFAULT_PIN)).statusCode).not.toBe(200);
    expect((await login(member.email, '7305')).statusCode).toBe(200);
    const [entry] = await auditFor('user.update_passcode', member.id);
    expect(entry).toMatchObject({
      actorId: adminId,
      detail: { forcedPin: false, lockLifted: true },
    });
    expect(JSON.stringify(entry!.detail)).not.toContain('7305');
  });

  it('update-passcode: a demo member gets the demo PIN, forcedPin true', async () => {
    const demo = await buildDemo(t.database.db);
    const res = await admin({
      method: 'POST',
      url: `/api/users/${demo.id}/update-passcode`,
      payload: { passcode: '9999' },
    });
    expect(res.json()).toMatchObject({ success: true, forcedPin: true });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, demo.id));
    expect(t.app.deps.pins.decrypt(row!.passcodeEncrypted!)).toBe(t.app.deps.config.demoPasscode);
  });

  it.each([['12a4'], ['123'], ['12345'], [' 1234'], [1234], [null]])(
    'update-passcode refuses %j with the spec message and changes nothing',
    async (passcode) => {
      const member = await buildCrew(t.database.db);
      const res = await admin({
        method: 'POST',
        url: `/api/users/${member.id}/update-passcode`,
        payload: { passcode },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(ADMIN_PASSCODE_MESSAGE);
      const [row] = await t.database.db.select().from(users).where(eq(users.id, member.id));
      expect(row!.passcodeEncrypted).toBe(member.passcodeEncrypted);
      expect(await mailTo(t.database.db, member.email)).toHaveLength(0);
    },
  );

  it('reveal-passcode answers the PIN, no-store, and audits the reveal', async () => {
    const member = await buildCrew(t.database.db, { pin: '6142' });
    const res = await admin({
      method: 'POST',
      url: `/api/admin/users/${member.id}/reveal-passcode`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ passcode: '6142' });
    expect(res.headers['cache-control']).toBe('no-store');
    const [entry] = await auditFor('user.reveal_passcode', member.id);
    expect(entry).toMatchObject({ actorId: adminId });
    expect(JSON.stringify(entry!.detail ?? {})).not.toContain('6142');
  });

  it('sign-out-all ends every session and counts them', async () => {
    const member = await buildCrew(t.database.db);
    const first = await injectAs(t.app, member);
    await injectAs(t.app, member);
    const res = await admin({ method: 'POST', url: `/api/admin/users/${member.id}/sign-out-all` });
    expect(res.json()).toMatchObject({ success: true, sessionsEnded: 2 });
    expect((await me(first)).statusCode).toBe(401);
    const [entry] = await auditFor('user.sign_out_all', member.id);
    expect(entry!.detail).toEqual({ sessionsEnded: 2 });
  });

  it('remove-data removes the waves both ways with their messages and the crew entries, only theirs', async () => {
    const member = await buildCrew(t.database.db);
    const a = await buildCrew(t.database.db);
    const b = await buildCrew(t.database.db);
    const flight = await buildFlight(t.database.db);
    for (const u of [member, a, b]) await joinFlight(t.database.db, u, flight);
    const sent = await buildWave(t.database.db, member, a, flight, { status: 'accepted' });
    await buildWave(t.database.db, b, member, flight);
    const untouched = await buildWave(t.database.db, a, b, flight, { status: 'accepted' });
    await t.database.db.insert(messages).values([
      { waveId: sent.id, senderId: member.id, content: 'hi' },
      { waveId: sent.id, senderId: a.id, content: 'hello' },
      { waveId: untouched.id, senderId: a.id, content: 'stays' },
    ]);
    const res = await admin({ method: 'POST', url: `/api/users/${member.id}/remove-data` });
    expect(res.json()).toMatchObject({
      success: true,
      stats: { wavesRemoved: 2, messagesRemoved: 2, flightMembershipsRemoved: 1 },
    });
    expect(await t.database.db.select().from(waves).where(eq(waves.flightId, flight.id))).toEqual([
      expect.objectContaining({ id: untouched.id }),
    ]);
    expect(
      await t.database.db.select().from(flightCrew).where(eq(flightCrew.flightId, flight.id)),
    ).toHaveLength(2);
    expect(
      await t.database.db.select().from(messages).where(eq(messages.waveId, untouched.id)),
    ).toHaveLength(1);
    const [entry] = await auditFor('user.remove_data', member.id);
    expect(entry!.detail).toEqual({
      wavesRemoved: 2,
      messagesRemoved: 2,
      flightMembershipsRemoved: 1,
    });
  });

  it('toggle-admin grants and revokes, never on oneself, never to a demo user', async () => {
    const member = await buildCrew(t.database.db);
    const toggle = (id: number, isAdmin: unknown) =>
      admin({ method: 'POST', url: `/api/users/${id}/toggle-admin`, payload: { isAdmin } });
    expect((await toggle(member.id, true)).json()).toMatchObject({ success: true, isAdmin: true });
    expect(await auditFor('user.grant_admin', member.id)).toHaveLength(1);
    expect((await toggle(member.id, false)).json()).toMatchObject({ isAdmin: false });
    expect(await auditFor('user.revoke_admin', member.id)).toHaveLength(1);
    const self = await toggle(adminId, false);
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe(ACCESS_REASONS.adminSelf);
    const demo = await buildDemo(t.database.db);
    const refused = await toggle(demo.id, true);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(ADMIN_MEMBER_REASONS.demoAdmin);
    expect((await toggle(member.id, 'yes')).statusCode).toBe(400);
    const [me2] = await t.database.db.select().from(users).where(eq(users.id, adminId));
    expect(me2!.isAdmin).toBe(true);
  });

  it('DELETE /api/admin/users/{id} removes the account at once and its sessions; never oneself', async () => {
    const member = await buildCrew(t.database.db);
    const asMember = await injectAs(t.app, member);
    const res = await admin({ method: 'DELETE', url: `/api/admin/users/${member.id}` });
    expect(res.json()).toMatchObject({ success: true });
    expect(await t.database.db.select().from(users).where(eq(users.id, member.id))).toHaveLength(0);
    expect(
      await t.database.db.select().from(sessions).where(eq(sessions.userId, member.id)),
    ).toHaveLength(0);
    expect((await me(asMember)).statusCode).toBe(401);
    const [entry] = await auditFor('user.delete', member.id);
    expect(JSON.stringify(entry!.detail)).not.toContain(member.email);
    const self = await admin({ method: 'DELETE', url: `/api/admin/users/${adminId}` });
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe(ADMIN_MEMBER_REASONS.deleteSelf);
  });

  it.each([
    ['POST', '/api/users/999999/update-passcode'],
    ['POST', '/api/admin/users/999999/reveal-passcode'],
    ['POST', '/api/admin/users/999999/sign-out-all'],
    ['POST', '/api/users/999999/remove-data'],
    ['POST', '/api/users/999999/toggle-admin'],
    ['DELETE', '/api/admin/users/999999'],
  ])('%s %s: unknown id is 404', async (method, url) => {
    const res = await admin({
      method: method as 'POST',
      url,
      ...(method === 'POST' ? { payload: { passcode: '1234', isAdmin: true } } : {}),
    });
    expect(res.statusCode).toBe(404);
  });

  it('reset-online-status sets everyone offline but the acting admin', async () => {
    const beat = t.clock.now();
    const other = await buildCrew(t.database.db, { isOnline: true, lastHeartbeatAt: beat });
    await t.database.db
      .update(users)
      .set({ isOnline: true, lastHeartbeatAt: beat })
      .where(eq(users.id, adminId));
    const res = await admin({ method: 'POST', url: '/api/admin/reset-online-status' });
    expect(res.statusCode).toBe(200);
    expect(res.json().usersReset).toBeGreaterThanOrEqual(1);
    const [o] = await t.database.db.select().from(users).where(eq(users.id, other.id));
    expect(o).toMatchObject({ isOnline: false, lastHeartbeatAt: null });
    const [a] = await t.database.db.select().from(users).where(eq(users.id, adminId));
    expect(a).toMatchObject({ isOnline: true, lastHeartbeatAt: beat });
    expect(await auditFor('admin.reset_online')).toHaveLength(1);
  });

  it('past flights: previews then deletes departed flights with crew, waves and messages', async () => {
    const a = await buildCrew(t.database.db);
    const b = await buildCrew(t.database.db);
    // One minute ago (departed by the injected clock) and tomorrow.
    const gone = await buildFlight(t.database.db, { daysAhead: 0, time: '11:59' });
    const kept = await buildFlight(t.database.db, { daysAhead: 1 });
    for (const f of [gone, kept]) {
      await joinFlight(t.database.db, a, f);
      await joinFlight(t.database.db, b, f);
    }
    const wave = await buildWave(t.database.db, a, b, gone, { status: 'accepted' });
    await buildWave(t.database.db, a, b, kept);
    await t.database.db.insert(messages).values({ waveId: wave.id, senderId: a.id, content: 'x' });
    const preview = await admin({ method: 'GET', url: '/api/admin/past-flights' });
    const expected = { flights: 1, crewEntries: 2, waves: 1, messages: 1 };
    expect(preview.json()).toEqual(expected);
    const res = await admin({ method: 'POST', url: '/api/admin/delete-past-flights' });
    expect(res.json()).toMatchObject({ success: true, removed: expected });
    const left = (await t.database.db.select().from(flights)).map((f) => f.id);
    expect(left).toContain(kept.id);
    expect(left).not.toContain(gone.id);
    expect((await admin({ method: 'GET', url: '/api/admin/past-flights' })).json()).toEqual({
      flights: 0,
      crewEntries: 0,
      waves: 0,
      messages: 0,
    });
    const [entry] = await auditFor('flights.delete_past');
    expect(entry!.detail).toMatchObject(expected);
  });
});
