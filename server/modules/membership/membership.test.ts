// @postgres: simultaneous cancel presses through a listening server (onConflictDoNothing)
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_REASONS, CANCELLATION_TEXTS, MEMBER_LIMITS, PAYMENT_TEXTS } from '../../../domain';
import { auditLog, cancellationRequests } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import {
  buildAdmin,
  buildCrew,
  buildDeleted,
  buildDemo,
  buildExpired,
  buildPending,
} from '../../test/factories';
import { injectAs } from '../../test/inject-as';
import { sessionCookie } from '../../test/socket-client';
import { listOpenCancellationRequests } from './service';

const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const inDays = (days: number) => new Date(t.clock.now().getTime() + days * DAY);
const buildPaid = (fields: Parameters<typeof buildCrew>[1] = {}) =>
  buildCrew(t.database.db, {
    membershipType: 'paid',
    subscriptionStatus: 'active',
    trialExpiresAt: null,
    subscriptionExpiresAt: inDays(20),
    ...fields,
  });
const openRequestsOf = (userId: number) =>
  t.database.db.select().from(cancellationRequests).where(eq(cancellationRequests.userId, userId));

describe('GET /api/trial-status', () => {
  it('a trial member: days left until trialExpiresAt', async () => {
    const user = await buildCrew(t.database.db, { trialExpiresAt: inDays(2) });
    const res = await (await injectAs(t.app, user))({ method: 'GET', url: '/api/trial-status' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      onTrial: true,
      daysRemaining: 2,
      trialExpired: false,
      trialExpiresAt: inDays(2).toISOString(),
    });
  });

  it('a trial at its end has expired; a paid member is not on trial', async () => {
    const over = await buildCrew(t.database.db, { trialExpiresAt: t.clock.now() });
    expect(
      (await (await injectAs(t.app, over))({ method: 'GET', url: '/api/trial-status' })).json(),
    ).toMatchObject({ onTrial: true, daysRemaining: 0, trialExpired: true });
    const paid = await buildPaid();
    expect(
      (await (await injectAs(t.app, paid))({ method: 'GET', url: '/api/trial-status' })).json(),
    ).toEqual({ onTrial: false, daysRemaining: 0, trialExpired: false, trialExpiresAt: null });
  });
});

describe('POST /api/auth/verify-email', () => {
  const verify = (email: unknown, remoteAddress = '10.1.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { email },
      remoteAddress,
    });

  it('tells whether the account exists and may renew', async () => {
    const expired = await buildExpired(t.database.db);
    const active = await buildCrew(t.database.db);
    const deleted = await buildDeleted(t.database.db);
    expect((await verify(expired.email.toUpperCase())).json()).toEqual({
      exists: true,
      canRenew: true,
    });
    expect((await verify(active.email)).json()).toEqual({ exists: true, canRenew: false });
    expect((await verify(deleted.email)).json()).toEqual({ exists: false, canRenew: false });
    expect((await verify('nobody@ba.com')).json()).toEqual({ exists: false, canRenew: false });
    const bad = await verify('not an e-mail');
    expect(bad.statusCode).toBe(400);
  });

  it('shares the per-address budget of check-email: probes through either count', async () => {
    const ip = '10.1.0.99';
    const limit = t.app.deps.config.limits.checkEmailPerIp;
    for (let i = 0; i < limit - 1; i += 1) {
      expect((await verify(`probe${i}@ba.com`, ip)).statusCode).toBe(200);
    }
    const viaCheck = await t.app.inject({
      method: 'GET',
      url: '/api/check-email?email=x%40ba.com',
      remoteAddress: ip,
    });
    expect(viaCheck.statusCode).toBe(200);
    expect((await verify('one.more@ba.com', ip)).statusCode).toBe(429);
    expect((await verify('one.more@ba.com', '10.1.0.100')).statusCode).toBe(200);
  });
});

describe('POST /api/auth/renew-membership-form', () => {
  const asJson = (email: string, remoteAddress = '10.2.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/renew-membership-form',
      payload: { email },
      remoteAddress,
    });
  const asForm = (body: string, remoteAddress = '10.2.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/renew-membership-form',
      payload: body,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress,
    });

  it('an expired trial may renew, by JSON or by an HTML form post', async () => {
    const user = await buildExpired(t.database.db, { name: 'Ann Lapsed' });
    const expected = {
      success: true,
      userId: user.id,
      name: 'Ann Lapsed',
      wasTestMember: true,
      membershipType: 'trial',
    };
    expect((await asJson(user.email)).json()).toEqual(expected);
    const form = await asForm(`email=${encodeURIComponent(` ${user.email.toUpperCase()} `)}`);
    expect(form.statusCode).toBe(200);
    expect(form.json()).toEqual(expected);
  });

  it('a cancelled or lapsed paid member may renew; wasTestMember is false', async () => {
    const cancelled = await buildPaid({ subscriptionStatus: 'cancelled' });
    expect((await asJson(cancelled.email)).json()).toMatchObject({
      success: true,
      userId: cancelled.id,
      wasTestMember: false,
      membershipType: 'paid',
    });
    const lapsed = await buildPaid({ subscriptionExpiresAt: inDays(-1) });
    expect((await asJson(lapsed.email)).json()).toMatchObject({ success: true });
  });

  it('active, pending, deleted and unknown accounts get one and the same refusal', async () => {
    const refusal = {
      success: false,
      membershipType: 'trial',
      message: PAYMENT_TEXTS.notEligibleForRenewal,
    };
    const accounts = [
      (await buildCrew(t.database.db)).email,
      (await buildPaid()).email,
      (await buildPending(t.database.db, { subscriptionStatus: 'expired' })).email,
      (await buildDeleted(t.database.db, { subscriptionStatus: 'expired' })).email,
      'nobody.here@ba.com',
    ];
    for (const email of accounts) {
      const res = await asJson(email);
      expect(res.statusCode, email).toBe(200);
      expect(res.json(), email).toEqual(refusal);
    }
  });

  it('refuses a malformed form with 400, never a 500', async () => {
    for (const body of ['', 'email=', 'email=%ZZ', 'email=a%00b%40ba.com', 'name=x', '%']) {
      const res = await asForm(body, '10.2.0.50');
      expect(res.statusCode, body).toBe(400);
    }
    const tooLong = await asForm(`email=${'a'.repeat(5000)}`, '10.2.0.51');
    expect(tooLong.statusCode).toBe(413);
  });

  it('only this route reads form bodies', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: 'email=a%40ba.com',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress: '10.2.0.60',
    });
    expect(res.statusCode).toBe(415);
  });
});

describe('POST /api/cancel-subscription', () => {
  const cancel = async (user: Awaited<ReturnType<typeof buildPaid>>) =>
    (await injectAs(t.app, user))({ method: 'POST', url: '/api/cancel-subscription' });

  it('records one open request for the admins, audited once, however often it is pressed', async () => {
    const user = await buildPaid();
    const first = await cancel(user);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, message: CANCELLATION_TEXTS.submitted });
    expect(first.json().message).toContain('admin team');
    expect(first.json().message).toContain('7 working days');
    expect((await cancel(user)).json()).toEqual(first.json());
    const rows = await openRequestsOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ createdAt: t.clock.now(), handledAt: null });
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'membership.cancellation_request'), eq(auditLog.actorId, user.id)),
      );
    expect(audits).toHaveLength(1);
    const open = await listOpenCancellationRequests(t.database.db);
    expect(open.find((o) => o.user.id === user.id)?.request.id).toBe(rows[0]!.id);
  });

  it('a handled request leaves room for a new one', async () => {
    const user = await buildPaid();
    await cancel(user);
    await t.database.db
      .update(cancellationRequests)
      .set({ handledAt: t.clock.now() })
      .where(eq(cancellationRequests.userId, user.id));
    expect((await cancel(user)).statusCode).toBe(200);
    expect(await openRequestsOf(user.id)).toHaveLength(2);
    const open = await listOpenCancellationRequests(t.database.db);
    expect(open.filter((o) => o.user.id === user.id)).toHaveLength(1);
  });

  it.each([
    ['a trial member', () => buildCrew(t.database.db)],
    ['an expired trial', () => buildExpired(t.database.db)],
    ['a tester', () => buildCrew(t.database.db, { membershipType: 'tester' })],
    ['an admin', () => buildAdmin(t.database.db)],
    ['a lapsed paid member', () => buildPaid({ subscriptionExpiresAt: inDays(-1) })],
    ['a cancelled paid member', () => buildPaid({ subscriptionStatus: 'cancelled' })],
  ])('%s: 400 with the reason, nothing recorded', async (_who, build) => {
    const user = await build();
    const res = await cancel(user);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(CANCELLATION_TEXTS.notPaid);
    expect(await openRequestsOf(user.id)).toEqual([]);
  });

  it('a demo member: 403, nothing recorded', async () => {
    const user = await buildDemo(t.database.db, { membershipType: 'paid' });
    const res = await cancel(user);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(ACCESS_REASONS.demoCancel);
    expect(await openRequestsOf(user.id)).toEqual([]);
  });
});

describe('POST /api/cancel-subscription under simultaneous presses', () => {
  let s: TestApp;
  beforeAll(async () => {
    s = await buildTestApp();
  });
  afterAll(() => s.close());

  it('answers every press alike and keeps exactly one open request', async () => {
    const url = await s.app.listen({ port: 0, host: '127.0.0.1' });
    const user = await buildCrew(s.database.db, {
      membershipType: 'paid',
      trialExpiresAt: null,
      subscriptionExpiresAt: new Date(s.clock.now().getTime() + 20 * DAY),
    });
    const cookie = await sessionCookie(s.app, user.id, s.clock.now());
    // As many presses as the member's account limit admits (docs/api.md, per-member limits).
    const presses = MEMBER_LIMITS.account.limit;
    const responses = await Promise.all(
      Array.from({ length: presses }, () =>
        fetch(`${url}/api/cancel-subscription`, { method: 'POST', headers: { cookie } }),
      ),
    );
    const bodies = await Promise.all(responses.map((r) => r.json()));
    expect(responses.map((r) => r.status)).toEqual(Array(presses).fill(200));
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
    expect(
      await s.database.db
        .select()
        .from(cancellationRequests)
        .where(eq(cancellationRequests.userId, user.id)),
    ).toHaveLength(1);
    const audits = await s.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'membership.cancellation_request'));
    expect(audits).toHaveLength(1);
  });
});
