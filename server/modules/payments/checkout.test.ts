import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutSessions, users } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { buildAdmin, buildCrew, buildDemo, buildExpired, DEFAULT_PIN } from '../../test/factories';
import { injectAs } from '../../test/inject-as';

let n = 0;
const ip = () => `10.62.0.${++n}`;
const email = () => `checkout.${++n}@ba.com`;

describe('checkout: local provider (no STRIPE_SECRET_KEY)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { publicUrl: 'https://jumpseat.test' } });
  });
  afterAll(() => t.close());

  const post = (url: string, payload?: unknown) =>
    t.app.inject({
      method: 'POST',
      url,
      remoteAddress: ip(),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const createPending = (address: string, membership = 'yearly') =>
    post('/api/register/create-pending', {
      email: address,
      name: 'Yara Yearly',
      role: 'IFM',
      membership,
    });
  const userByEmail = async (address: string) =>
    (await t.database.db.select().from(users).where(eq(users.email, address)))[0]!;
  const login = (address: string, passcode = DEFAULT_PIN) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: address, passcode },
      remoteAddress: ip(),
    });

  it('GET /api/prices serves the configured table', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/prices' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      currency: 'gbp',
      plans: {
        monthly: { amount: 199, interval: 'month' },
        yearly: { amount: 1299, interval: 'year' },
      },
    });
  });

  it('create-pending → local checkout → pay → verify-payment completed; active, awaiting approval', async () => {
    const address = email();
    const admin = await buildAdmin(t.database.db);
    const asAdmin = await injectAs(t.app, admin);
    const pendingIds = async () =>
      (
        (await asAdmin({ method: 'GET', url: '/api/admin/pending-approvals' })).json() as {
          id: number;
        }[]
      ).map((u) => u.id);

    const res = await createPending(address);
    expect(res.statusCode).toBe(200);
    const { sessionId, url } = res.json() as { sessionId: string; url: string };
    expect(sessionId).toMatch(/^cs_local_[0-9a-f]{32}$/);
    expect(url).toBe(`https://jumpseat.test/checkout/${sessionId}`);
    const user = await userByEmail(address);
    expect(user).toMatchObject({
      approvalStatus: 'pending',
      subscriptionStatus: 'pending',
      membershipType: 'paid',
      name: 'Yara Yearly',
    });
    // The amount is ours, whatever a browser might have sent.
    const [stored] = await t.database.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, sessionId));
    expect(stored).toMatchObject({
      purpose: 'registration',
      plan: 'yearly',
      amount: 1299,
      currency: 'gbp',
      userId: user.id,
      status: 'open',
    });

    // Before paying: sign-in says activation pending; the admins do not see it yet.
    const early = await login(address);
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toBe(
      'Account activation pending. Please complete your subscription payment to access the product.',
    );
    expect(await pendingIds()).not.toContain(user.id);
    const tooEarly = await asAdmin({ method: 'POST', url: `/api/admin/approve-user/${user.id}` });
    expect(tooEarly.statusCode).toBe(400);

    const page = await t.app.inject({ method: 'GET', url: `/api/checkout/local/${sessionId}` });
    expect(page.json()).toEqual({
      sessionId,
      plan: 'yearly',
      amount: 1299,
      currency: 'gbp',
      customerEmail: address,
      status: 'open',
    });
    const pending = await post('/api/stripe/verify-payment', { sessionId });
    expect(pending.json()).toMatchObject({ success: false, status: 'pending' });

    const paid = await post(`/api/checkout/local/${sessionId}/pay`);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toEqual({
      redirectUrl: `https://jumpseat.test/payment?session_id=${sessionId}`,
    });

    const verified = await post('/api/stripe/verify-payment', { sessionId });
    expect(verified.json()).toEqual({
      success: true,
      status: 'completed',
      session: { amount_total: 1299, customer_email: address },
      isRenewal: false,
      purpose: 'registration',
      message: 'Payment received. Your registration is awaiting admin approval.',
    });
    expect(await userByEmail(address)).toMatchObject({
      subscriptionStatus: 'active',
      approvalStatus: 'pending',
      subscriptionExpiresAt: new Date('2031-06-15T12:00:00.000Z'),
    });
    expect(await pendingIds()).toContain(user.id);

    // Approval issues the PIN and keeps the paid year (no trial starts).
    expect(
      (await asAdmin({ method: 'POST', url: `/api/admin/approve-user/${user.id}` })).statusCode,
    ).toBe(200);
    expect(await userByEmail(address)).toMatchObject({
      approvalStatus: 'approved',
      membershipType: 'paid',
      subscriptionStatus: 'active',
      subscriptionExpiresAt: new Date('2031-06-15T12:00:00.000Z'),
      trialExpiresAt: null,
    });
    // Paying again is a no-op that lands on the same page.
    expect((await post(`/api/checkout/local/${sessionId}/pay`)).statusCode).toBe(200);
  });

  it('an unpaid attempt gets a fresh checkout; any other existing account is USER_EXISTS', async () => {
    const address = email();
    const first = (await createPending(address, 'monthly')).json();
    const again = await createPending(address, 'yearly');
    expect(again.statusCode).toBe(200);
    expect(again.json().sessionId).not.toBe(first.sessionId);
    const sessions = await t.database.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.email, address));
    expect(sessions.map((s) => s.plan).sort()).toEqual(['monthly', 'yearly']);

    const active = await buildCrew(t.database.db);
    const taken = await createPending(active.email);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'USER_EXISTS', canRenew: false });
  });

  it('cancel leaves the account activation-pending and returns to /payment; a cancelled checkout cannot be paid', async () => {
    const address = email();
    const { sessionId } = (await createPending(address)).json();
    const cancelled = await post(`/api/checkout/local/${sessionId}/cancel`);
    expect(cancelled.json()).toEqual({ redirectUrl: 'https://jumpseat.test/payment' });
    expect((await post(`/api/checkout/local/${sessionId}/pay`)).statusCode).toBe(400);
    expect((await post('/api/stripe/verify-payment', { sessionId })).json()).toMatchObject({
      success: false,
      status: 'failed',
    });
    expect(await userByEmail(address)).toMatchObject({ subscriptionStatus: 'pending' });
  });

  it('unknown sessions are 404', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/checkout/local/cs_local_nope' })).statusCode,
    ).toBe(404);
    expect((await post('/api/checkout/local/cs_local_nope/pay')).statusCode).toBe(404);
    expect(
      (await post('/api/stripe/verify-payment', { sessionId: 'cs_local_nope' })).statusCode,
    ).toBe(404);
  });

  it('renewal: refused unless the id and e-mail name one renewable account; nothing stored', async () => {
    const expired = await buildExpired(t.database.db, { membershipType: 'paid' });
    const active = await buildCrew(t.database.db, {
      membershipType: 'paid',
      subscriptionExpiresAt: new Date('2030-09-01T00:00:00Z'),
    });
    const other = await buildCrew(t.database.db);
    const renew = (userId: number, customerEmail: string) =>
      post('/api/stripe/create-checkout-session', {
        userId,
        customerEmail,
        membershipType: 'annual',
      });
    const countFor = async (address: string) =>
      (
        await t.database.db
          .select()
          .from(checkoutSessions)
          .where(eq(checkoutSessions.email, address))
      ).length;

    const mismatch = await renew(expired.id, other.email);
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe('No account matches this user and e-mail.');
    expect((await renew(999_999, expired.email)).statusCode).toBe(400);
    const notEligible = await renew(active.id, active.email);
    expect(notEligible.statusCode).toBe(403);
    expect(notEligible.json().message).toBe(
      'Only expired or cancelled memberships can be renewed.',
    );
    expect(await countFor(active.email)).toBe(0);
    expect(await countFor(other.email)).toBe(0);

    const ok = await renew(expired.id, expired.email.toUpperCase());
    expect(ok.statusCode).toBe(200);
    const { sessionId } = ok.json();
    const paid = await post(`/api/checkout/local/${sessionId}/pay`);
    expect(paid.json().redirectUrl).toBe(
      `https://jumpseat.test/payment-success?session_id=${sessionId}`,
    );
    expect((await post('/api/stripe/verify-payment', { sessionId })).json()).toMatchObject({
      success: true,
      isRenewal: true,
      session: { amount_total: 1299 },
    });
    expect(await userByEmail(expired.email)).toMatchObject({
      subscriptionStatus: 'active',
      subscriptionExpiresAt: new Date('2031-06-15T12:00:00.000Z'),
    });
    expect((await login(expired.email)).statusCode).toBe(200);
  });

  it('conversion: trial members only, demo refused; completing it keeps the PIN', async () => {
    const trial = await buildCrew(t.database.db);
    const paidMember = await buildCrew(t.database.db, {
      membershipType: 'paid',
      subscriptionExpiresAt: new Date('2030-09-01T00:00:00Z'),
    });
    const demo = await buildDemo(t.database.db);
    const convert = async (user: typeof trial) =>
      (await injectAs(t.app, user))({
        method: 'POST',
        url: '/api/convert-trial-to-subscription',
        payload: { membershipType: 'monthly' },
      });

    const refused = await convert(paidMember);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/^Not on Trial/);
    expect((await convert(demo)).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/convert-trial-to-subscription',
          payload: { membershipType: 'monthly' },
        })
      ).statusCode,
    ).toBe(401);

    const res = await convert(trial);
    expect(res.statusCode).toBe(200);
    const { checkoutUrl, sessionId } = res.json();
    expect(checkoutUrl).toBe(`https://jumpseat.test/checkout/${sessionId}`);
    const paid = await post(`/api/checkout/local/${sessionId}/pay`);
    expect(paid.json().redirectUrl).toBe(
      `https://jumpseat.test/payment-success?session_id=${sessionId}`,
    );
    const after = await userByEmail(trial.email);
    expect(after).toMatchObject({
      membershipType: 'paid',
      subscriptionStatus: 'active',
      subscriptionExpiresAt: new Date('2030-07-15T12:00:00.000Z'),
      passcodeEncrypted: trial.passcodeEncrypted,
    });
    expect((await login(trial.email, DEFAULT_PIN)).statusCode).toBe(200);
  });
});

describe('checkout: with a Stripe key the local checkout does not exist', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      config: {
        stripe: {
          secretKey: 'sk_test_unused',
          webhookSecret: 'whsec_x',
          priceMonthly: 'price_m',
          priceYearly: 'price_y',
        },
      },
    });
  });
  afterAll(() => t.close());

  it('answers 404 for a stored session when the Stripe provider is active', async () => {
    const member = await buildCrew(t.database.db);
    await t.database.db.insert(checkoutSessions).values({
      id: 'cs_test_real',
      purpose: 'conversion',
      plan: 'monthly',
      amount: 199,
      currency: 'gbp',
      email: member.email,
      userId: member.id,
      createdAt: t.clock.now(),
    });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/checkout/local/cs_test_real' })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/checkout/local/cs_test_real/pay' }))
        .statusCode,
    ).toBe(404);
  });
});
