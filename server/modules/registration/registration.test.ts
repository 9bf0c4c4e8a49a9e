import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformCounters, users } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { buildAdmin, buildCrew, buildExpired } from '../../test/factories';
import { injectAs } from '../../test/inject-as';
import { mailTo, pinIn } from '../../test/mailbox';

const DAY = 24 * 60 * 60 * 1000;
let n = 0;
const email = () => `new.member${++n}@ba.com`;
const ip = () => `10.20.${Math.floor(n / 200)}.${(n % 200) + 1}`;

describe('registration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const register = (payload: Record<string, unknown>, remoteAddress = ip()) =>
    t.app.inject({ method: 'POST', url: '/api/register/initiate', payload, remoteAddress });

  it('a trial registration creates a pending account (201), e-mail trimmed and lower-cased', async () => {
    const address = email();
    const res = await register({
      email: `  ${address.toUpperCase()} `,
      name: ' Ada Lovelace ',
      role: 'IFL',
      membership: 'trial',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ success: true, trialCreated: true, requiresPayment: false });
    const [user] = await t.database.db.select().from(users).where(eq(users.email, address));
    expect(user).toMatchObject({
      name: 'Ada Lovelace',
      role: 'IFL',
      approvalStatus: 'pending',
      membershipType: 'trial',
      subscriptionStatus: 'pending',
      nickname: null,
      passcodeEncrypted: null,
    });
  });

  it('counts every registration in the platform counters', async () => {
    const [before] = await t.database.db.select().from(platformCounters);
    await register({ email: email(), name: 'B', role: 'IFM', membership: 'trial' });
    const [after] = await t.database.db.select().from(platformCounters);
    expect(after!.totalUsersEverRegistered).toBe(before!.totalUsersEverRegistered + 1);
  });

  it.each(['monthly', 'yearly'])(
    'a %s registration requires payment and stores nothing yet',
    async (membership) => {
      const address = email();
      const res = await register({ email: address, name: 'C', role: 'Main Crew', membership });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        success: true,
        requiresPayment: true,
        trialCreated: false,
      });
      expect(await t.database.db.select().from(users).where(eq(users.email, address))).toEqual([]);
    },
  );

  it('an existing e-mail answers 409 USER_EXISTS; canRenew only for a lapsed account', async () => {
    const active = await buildCrew(t.database.db);
    const res = await register({
      email: active.email,
      name: 'D',
      role: 'IFL',
      membership: 'trial',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      code: 'USER_EXISTS',
      canRenew: false,
      message: 'An account with this email already exists. Please try logging in instead.',
    });
    const lapsed = await buildExpired(t.database.db, { subscriptionStatus: 'active' });
    expect(
      (
        await register({ email: lapsed.email, name: 'E', role: 'IFL', membership: 'monthly' })
      ).json().canRenew,
    ).toBe(true);
  });

  it.each([
    [{ name: 'X', role: 'IFL', membership: 'trial' }, 'Please fill in all required fields'],
    [{ email: 'a@ba.com', role: 'IFL', membership: 'trial' }, 'Please fill in all required fields'],
    [
      { email: 'a@ba.com', name: 'X', role: 'Pilot', membership: 'trial' },
      'Please fill in all required fields',
    ],
    [{ email: 'a@ba.com', name: 'X', role: 'IFL' }, 'Please fill in all required fields'],
    [
      { email: 'someone@gmail.com', name: 'X', role: 'IFL', membership: 'trial' },
      'Email must end with @ba.com',
    ],
    [
      { email: 'a@evil.com@ba.com', name: 'X', role: 'IFL', membership: 'trial' },
      'Please enter a valid email address',
    ],
  ])('refuses %o with "%s" and stores nothing', async (payload, message) => {
    const res = await register(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('uses the configured crew domains', async () => {
    const other = await buildTestApp({ config: { crewEmailDomains: ['vs.com', 'ba.com'] } });
    const res = await other.app.inject({
      method: 'POST',
      url: '/api/register/initiate',
      payload: { email: 'x@gmail.com', name: 'X', role: 'IFL', membership: 'trial' },
    });
    expect(res.json().message).toBe('Email must end with @vs.com or @ba.com');
    const ok = await other.app.inject({
      method: 'POST',
      url: '/api/register/initiate',
      payload: { email: 'x@vs.com', name: 'X', role: 'IFL', membership: 'trial' },
    });
    expect(ok.statusCode).toBe(201);
    await other.close();
  });

  it('GET /api/check-email answers exists, case-insensitively, and is rate limited', async () => {
    const user = await buildCrew(t.database.db);
    const check = (address: string, remoteAddress: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/check-email?email=${encodeURIComponent(address)}`,
        remoteAddress,
      });
    expect((await check(user.email.toUpperCase(), '10.99.0.1')).json()).toEqual({ exists: true });
    expect((await check('free@ba.com', '10.99.0.1')).json()).toEqual({ exists: false });
    expect((await check('not-an-email', '10.99.0.1')).statusCode).toBe(400);
    let limited = 0;
    for (let i = 0; i < 35; i++)
      if ((await check('free@ba.com', '10.99.0.2')).statusCode === 429) limited += 1;
    expect(limited).toBe(5);
  });
});

describe('admin approval', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  async function pendingMember(membership = 'trial') {
    const address = email();
    await t.app.inject({
      method: 'POST',
      url: '/api/register/initiate',
      payload: { email: address, name: 'Pending <b>Person</b>', role: 'IFL', membership },
      remoteAddress: ip(),
    });
    const [user] = await t.database.db.select().from(users).where(eq(users.email, address));
    return user!;
  }

  it('lists pending registrations with the spec’s record and a count', async () => {
    const admin = await injectAs(t.app, await buildAdmin(t.database.db));
    const member = await pendingMember();
    const list = await admin({ method: 'GET', url: '/api/admin/pending-approvals' });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toContainEqual({
      id: member.id,
      name: 'Pending <b>Person</b>',
      email: member.email,
      payment_email: null,
      role: 'IFL',
      created_at: member.createdAt.toISOString(),
      membership_type: 'trial',
      effective_expiry_date: null,
    });
    const count = await admin({ method: 'GET', url: '/api/admin/pending-count' });
    expect(count.json().count).toBe(list.json().length);
  });

  it('approve issues a 1000-9999 PIN, starts the 7-day trial and e-mails the PIN in the same commit', async () => {
    const adminUser = await buildAdmin(t.database.db);
    const admin = await injectAs(t.app, adminUser);
    const member = await pendingMember();
    const res = await admin({ method: 'POST', url: `/api/admin/approve-user/${member.id}` });
    expect(res.statusCode).toBe(200);
    const { pin } = res.json();
    expect(Number(pin)).toBeGreaterThanOrEqual(1000);
    expect(Number(pin)).toBeLessThanOrEqual(9999);
    const [approved] = await t.database.db.select().from(users).where(eq(users.id, member.id));
    const now = t.clock.now().getTime();
    expect(approved).toMatchObject({
      approvalStatus: 'approved',
      verified: true,
      subscriptionStatus: 'active',
      approvedBy: adminUser.id,
    });
    expect(approved!.trialStartedAt!.getTime()).toBe(now);
    expect(approved!.trialExpiresAt!.getTime()).toBe(now + 7 * DAY);
    const [mail] = await mailTo(t.database.db, member.email);
    expect(pinIn(mail!.text)).toBe(pin);
    expect(mail!.html).toContain('Pending &lt;b&gt;Person&lt;/b&gt;');
    // The member can now sign in with it.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: member.email, passcode: pin },
      remoteAddress: ip(),
    });
    expect(login.statusCode).toBe(200);
    // Approving twice is refused and issues no second PIN.
    expect(
      (await admin({ method: 'POST', url: `/api/admin/approve-user/${member.id}` })).statusCode,
    ).toBe(400);
    expect(await mailTo(t.database.db, member.email)).toHaveLength(1);
  });

  it('reject records the reason, e-mails it, and the account cannot sign in', async () => {
    const admin = await injectAs(t.app, await buildAdmin(t.database.db));
    const member = await pendingMember();
    const res = await admin({
      method: 'POST',
      url: `/api/admin/reject-user/${member.id}`,
      payload: { reason: 'Not a crew address' },
    });
    expect(res.statusCode).toBe(200);
    const [mail] = await mailTo(t.database.db, member.email);
    expect(mail!.text).toContain('Reason: Not a crew address');
    const [rejected] = await t.database.db.select().from(users).where(eq(users.id, member.id));
    expect(rejected).toMatchObject({
      approvalStatus: 'rejected',
      rejectionReason: 'Not a crew address',
    });
  });

  it('edits a pending e-mail: must be valid, different and free', async () => {
    const admin = await injectAs(t.app, await buildAdmin(t.database.db));
    const member = await pendingMember();
    const taken = await buildCrew(t.database.db);
    const update = (address: string) =>
      admin({
        method: 'POST',
        url: `/api/admin/users/${member.id}/update-email`,
        payload: { email: address },
      });
    expect((await update('')).json().message).toBe('Please enter a valid email address');
    expect((await update(member.email)).statusCode).toBe(400);
    expect((await update(taken.email.toUpperCase())).statusCode).toBe(409);
    const res = await update(' Fixed.Address@BA.com ');
    expect(res.json()).toEqual({ oldEmail: member.email, newEmail: 'fixed.address@ba.com' });
  });

  it('admin e-mail edits follow the server rule: a crew domain or ADMIN_EMAIL', async () => {
    const admin = await injectAs(t.app, await buildAdmin(t.database.db));
    const member = await pendingMember();
    const res = await admin({
      method: 'POST',
      url: `/api/admin/users/${member.id}/update-email`,
      payload: { email: 'member.private@gmail.com' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'Email must be a valid British Airways email or admin email',
      field: 'email',
    });
    const [still] = await t.database.db.select().from(users).where(eq(users.id, member.id));
    expect(still!.email).toBe(member.email);
  });

  it.each([
    ['POST', '/api/admin/approve-user/999999'],
    ['POST', '/api/admin/reject-user/999999'],
    ['POST', '/api/admin/users/999999/update-email'],
  ])('%s %s: unknown id is 404', async (method, url) => {
    const admin = await injectAs(t.app, await buildAdmin(t.database.db));
    const res = await admin({ method: method as 'POST', url, payload: { email: 'z@ba.com' } });
    expect(res.statusCode).toBe(404);
  });

  it.each(['abc', '0', '-1', '99999999999', '1.5'])('id %s is a 400, never a 500', async (id) => {
    const admin = await injectAs(t.app, await buildAdmin(t.database.db));
    const res = await admin({ method: 'POST', url: `/api/admin/approve-user/${id}` });
    expect(res.statusCode).toBe(400);
  });

  it('crew, demo and anonymous callers cannot approve', async () => {
    const member = await pendingMember();
    const crew = await injectAs(t.app, await buildCrew(t.database.db));
    expect(
      (await crew({ method: 'POST', url: `/api/admin/approve-user/${member.id}` })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/admin/approve-user/${member.id}` }))
        .statusCode,
    ).toBe(401);
    const [still] = await t.database.db.select().from(users).where(eq(users.id, member.id));
    expect(still!.approvalStatus).toBe('pending');
  });
});
