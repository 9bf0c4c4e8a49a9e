// @postgres: concurrent deliveries of one event through a listening server really overlap on PostgreSQL (upserts)
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, checkoutSessions, paymentEvents, users } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { buildAdmin, buildCrew } from '../../test/factories';
import { injectAs } from '../../test/inject-as';
import { mailTo } from '../../test/mailbox';

/**
 * The webhook is the only way a payment changes a membership: Stripe-signed events only,
 * each applied once, checked against the checkout session we stored. Runs on PostgreSQL too
 * (JUMPSEAT_TEST_DB=postgres), where the concurrent deliveries really overlap.
 */
let n = 0;
const ip = () => `10.61.0.${++n}`;

describe('Stripe webhook', () => {
  let t: TestApp;
  /** A listening server, so concurrent deliveries really overlap (inject runs them in turn). */
  let address: string;
  beforeAll(async () => {
    t = await buildTestApp();
    address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000);
  const sign = (payload: string, timestamp = nowSeconds(), secret?: string) =>
    Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: secret ?? t.app.deps.config.stripe.webhookSecret,
      timestamp,
    });

  /** A paid registration through the public API: its account and its stored checkout. */
  async function pendingRegistration(plan: 'monthly' | 'yearly' = 'monthly') {
    const email = `paid.${++n}@ba.com`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register/create-pending',
      payload: { email, name: 'Pat Payer', role: 'IFL', membership: plan },
      remoteAddress: ip(),
    });
    expect(res.statusCode).toBe(200);
    const { sessionId } = res.json() as { sessionId: string };
    return { email, sessionId };
  }

  function completedEvent(
    sessionId: string,
    overrides: {
      id?: string;
      amount?: number;
      subtotal?: number;
      currency?: string;
      paymentStatus?: string;
      type?: string;
      /** Stripe's `customer_details.email`: the address the payment was made with. */
      payerEmail?: string;
    } = {},
  ) {
    return JSON.stringify({
      id: overrides.id ?? `evt_test_${++n}`,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: nowSeconds(),
      livemode: false,
      type: overrides.type ?? 'checkout.session.completed',
      data: {
        object: {
          id: sessionId,
          object: 'checkout.session',
          mode: 'subscription',
          amount_subtotal: overrides.subtotal ?? overrides.amount ?? 199,
          amount_total: overrides.amount ?? 199,
          currency: overrides.currency ?? 'gbp',
          customer_email: 'ignored@example.com',
          customer: `cus_${n}`,
          subscription: `sub_${n}`,
          payment_status: overrides.paymentStatus ?? 'paid',
          status: 'complete',
          ...(overrides.payerEmail ? { customer_details: { email: overrides.payerEmail } } : {}),
        },
      },
    });
  }

  /** A signed event of `type` about `object`, created `ageSeconds` before now. */
  const stripeEvent = (id: string, type: string, object: unknown, ageSeconds = 0) =>
    JSON.stringify({
      id,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: nowSeconds() - ageSeconds,
      type,
      data: { object },
    });
  const invoicePaid = (id: string, subscription: string, periodEnd: unknown) =>
    stripeEvent(id, 'invoice.paid', {
      id: `in_${id}`,
      object: 'invoice',
      parent: { subscription_details: { subscription } },
      lines: { data: [{ period: { start: 1, end: periodEnd } }] },
    });

  const deliver = (payload: string, signature?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: {
        'content-type': 'application/json',
        ...(signature === undefined ? {} : { 'stripe-signature': signature }),
      },
      payload,
    });

  const userByEmail = async (email: string) =>
    (await t.database.db.select().from(users).where(eq(users.email, email)))[0]!;
  const sessionRow = async (id: string) =>
    (await t.database.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id)))[0]!;

  it('a valid checkout.session.completed activates the registration (approval still pending)', async () => {
    const { email, sessionId } = await pendingRegistration('yearly');
    const payload = completedEvent(sessionId, { amount: 1299 });
    const res = await deliver(payload, sign(payload));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    const user = await userByEmail(email);
    expect(user).toMatchObject({
      membershipType: 'paid',
      subscriptionStatus: 'active',
      approvalStatus: 'pending',
      subscriptionExpiresAt: new Date('2031-06-15T12:00:00.000Z'),
      passcodeEncrypted: null,
    });
    expect(await sessionRow(sessionId)).toMatchObject({ status: 'completed' });
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, user.id));
    expect(entries.map((e) => e.action)).toContain('payment.completed');
  });

  it("stores the registration's paymentEmail and shows it to the approving admin", async () => {
    const { email, sessionId } = await pendingRegistration();
    expect((await userByEmail(email)).paymentEmail).toBeNull();
    const payload = completedEvent(sessionId, { payerEmail: ' Pat.Payer@Example.com ' });
    expect((await deliver(payload, sign(payload))).statusCode).toBe(200);
    expect((await userByEmail(email)).paymentEmail).toBe('pat.payer@example.com');
    const asAdmin = await injectAs(t.app, await buildAdmin(t.database.db));
    const pending = await asAdmin({ method: 'GET', url: '/api/admin/pending-approvals' });
    expect(pending.statusCode).toBe(200);
    expect(pending.json()).toContainEqual(
      expect.objectContaining({ email, payment_email: 'pat.payer@example.com' }),
    );

    // Without Stripe's receipt address: the address the checkout was opened for.
    const second = await pendingRegistration();
    const plain = completedEvent(second.sessionId);
    expect((await deliver(plain, sign(plain))).statusCode).toBe(200);
    expect((await userByEmail(second.email)).paymentEmail).toBe(second.email);
  });

  it.each([
    ['unsigned', (p: string) => [p, undefined] as const],
    ['signed with another secret', (p: string) => [p, sign(p, undefined, 'whsec_other')] as const],
    [
      'tampered after signing',
      (p: string, s: string) => [p.replace('"amount_total":199', '"amount_total":1'), s] as const,
    ],
    ['stale (signed 301 s ago)', (p: string) => [p, sign(p, nowSeconds() - 301)] as const],
  ])('%s → 400 and nothing changes', async (_name, tamper) => {
    const { email, sessionId } = await pendingRegistration();
    const original = completedEvent(sessionId);
    const [payload, signature] = tamper(original, sign(original));
    const res = await deliver(payload, signature);
    expect(res.statusCode).toBe(400);
    expect(await userByEmail(email)).toMatchObject({ subscriptionStatus: 'pending' });
    expect(await sessionRow(sessionId)).toMatchObject({ status: 'open' });
  });

  it('a signature within the 300 s tolerance is accepted', async () => {
    const { email, sessionId } = await pendingRegistration();
    const payload = completedEvent(sessionId);
    expect((await deliver(payload, sign(payload, nowSeconds() - 290))).statusCode).toBe(200);
    expect(await userByEmail(email)).toMatchObject({ subscriptionStatus: 'active' });
  });

  it('an unknown session or a wrong amount/currency → 400, no change, and no event recorded', async () => {
    const unknown = completedEvent('cs_test_never_created');
    expect((await deliver(unknown, sign(unknown))).statusCode).toBe(400);

    const { email, sessionId } = await pendingRegistration('monthly');
    for (const wrong of [{ amount: 1 }, { amount: 1299 }, { currency: 'usd' }]) {
      const payload = completedEvent(sessionId, { id: 'evt_wrong_amount', ...wrong });
      const res = await deliver(payload, sign(payload));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/amount or currency/);
    }
    expect(await userByEmail(email)).toMatchObject({ subscriptionStatus: 'pending' });
    expect(await sessionRow(sessionId)).toMatchObject({ status: 'open' });
    const stored = await t.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.id, 'evt_wrong_amount'));
    expect(stored).toEqual([]);
  });

  it('a replayed event (same id) applies once: a renewal is extended by one period only', async () => {
    const member = await buildCrew(t.database.db, {
      membershipType: 'paid',
      subscriptionStatus: 'expired',
      subscriptionExpiresAt: new Date('2030-06-01T00:00:00.000Z'),
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/create-checkout-session',
      payload: { userId: member.id, customerEmail: member.email, membershipType: 'monthly' },
      remoteAddress: ip(),
    });
    expect(res.statusCode).toBe(200);
    const payload = completedEvent(res.json().sessionId);
    const first = await deliver(payload, sign(payload));
    const again = await deliver(payload, sign(payload));
    expect(first.json()).toEqual({ received: true });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ received: true, duplicate: true });
    expect(await userByEmail(member.email)).toMatchObject({
      subscriptionStatus: 'active',
      subscriptionExpiresAt: new Date('2030-07-15T12:00:00.000Z'),
    });
  });

  it('5 simultaneous deliveries of one event through a listening server have exactly one effect', async () => {
    const member = await buildCrew(t.database.db, {
      membershipType: 'paid',
      subscriptionStatus: 'active',
      subscriptionId: 'sub_concurrent',
      subscriptionExpiresAt: new Date('2030-06-20T00:00:00.000Z'),
    });
    {
      // An invoice.paid whose effect is visible per delivery: each applied one would add an
      // audit row, so exactly one row proves one effect.
      const payload = JSON.stringify({
        id: 'evt_concurrent_invoice',
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: nowSeconds(),
        type: 'invoice.paid',
        data: {
          object: {
            id: 'in_concurrent',
            object: 'invoice',
            parent: { subscription_details: { subscription: 'sub_concurrent' } },
            lines: { data: [{ period: { start: 1, end: Date.UTC(2030, 6, 20) / 1000 } }] },
          },
        },
      });
      const signature = sign(payload);
      const answers = await Promise.all(
        Array.from({ length: 5 }, () =>
          fetch(`${address}/api/stripe/webhook`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'stripe-signature': signature },
            body: payload,
          }).then(async (r) => ({ status: r.status, body: await r.json() })),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
      expect(answers.filter((a) => !a.body.duplicate)).toHaveLength(1);
      const entries = await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.targetId, member.id));
      expect(entries.filter((e) => e.action === 'payment.invoice_paid')).toHaveLength(1);
      expect(await userByEmail(member.email)).toMatchObject({
        subscriptionExpiresAt: new Date('2030-07-20T00:00:00.000Z'),
      });
    }
  });

  it('5 simultaneous deliveries of one checkout completion extend a renewal once', async () => {
    const member = await buildCrew(t.database.db, {
      membershipType: 'paid',
      subscriptionStatus: 'cancelled',
      subscriptionExpiresAt: new Date('2030-07-01T00:00:00.000Z'),
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/create-checkout-session',
      payload: { userId: member.id, customerEmail: member.email, membershipType: 'monthly' },
      remoteAddress: ip(),
    });
    const payload = completedEvent(res.json().sessionId);
    const signature = sign(payload);
    {
      const statuses = await Promise.all(
        Array.from({ length: 5 }, () =>
          fetch(`${address}/api/stripe/webhook`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'stripe-signature': signature },
            body: payload,
          }).then((r) => r.status),
        ),
      );
      expect(statuses).toEqual([200, 200, 200, 200, 200]);
    }
    // From the later of now and the current expiry (1 July), one month: 1 August, not later.
    expect(await userByEmail(member.email)).toMatchObject({
      subscriptionStatus: 'active',
      subscriptionExpiresAt: new Date('2030-08-01T00:00:00.000Z'),
    });
  });

  it('subscription updated / deleted map the status; unknown event types are acknowledged and ignored', async () => {
    const member = await buildCrew(t.database.db, {
      membershipType: 'paid',
      subscriptionStatus: 'active',
      subscriptionId: 'sub_lifecycle',
      subscriptionExpiresAt: new Date('2030-07-01T00:00:00.000Z'),
    });
    const event = (id: string, type: string, object: unknown) =>
      JSON.stringify({ id, object: 'event', created: nowSeconds(), type, data: { object } });
    const pastDue = event('evt_sub_upd', 'customer.subscription.updated', {
      id: 'sub_lifecycle',
      object: 'subscription',
      status: 'past_due',
    });
    expect((await deliver(pastDue, sign(pastDue))).statusCode).toBe(200);
    expect(await userByEmail(member.email)).toMatchObject({ subscriptionStatus: 'suspended' });
    const deleted = event('evt_sub_del', 'customer.subscription.deleted', {
      id: 'sub_lifecycle',
      object: 'subscription',
      status: 'canceled',
    });
    expect((await deliver(deleted, sign(deleted))).statusCode).toBe(200);
    expect(await userByEmail(member.email)).toMatchObject({ subscriptionStatus: 'cancelled' });
    const other = event('evt_other', 'charge.succeeded', { id: 'ch_1' });
    const res = await deliver(other, sign(other));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, ignored: true });
  });

  it('a signed event with a malformed object answers 400, never 500', async () => {
    const payload = JSON.stringify({
      id: 'evt_bad_shape',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id: 42 } },
    });
    expect((await deliver(payload, sign(payload))).statusCode).toBe(400);
    expect((await deliver('not json', sign('not json'))).statusCode).toBe(400);
  });

  it('a late, older subscription event is ignored (200): a cancelled member stays cancelled', async () => {
    const member = await buildCrew(t.database.db, {
      membershipType: 'paid',
      subscriptionStatus: 'active',
      subscriptionId: 'sub_order',
      subscriptionExpiresAt: new Date('2030-07-01T00:00:00.000Z'),
    });
    const subscription = { id: 'sub_order', object: 'subscription' };
    const deleted = stripeEvent('evt_order_del', 'customer.subscription.deleted', {
      ...subscription,
      status: 'canceled',
    });
    expect((await deliver(deleted, sign(deleted))).statusCode).toBe(200);
    // Made a minute before the deletion, delivered after it (Stripe's retries keep no order).
    const late = stripeEvent(
      'evt_order_upd',
      'customer.subscription.updated',
      { ...subscription, status: 'active' },
      60,
    );
    const res = await deliver(late, sign(late));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, ignored: true });
    expect(await userByEmail(member.email)).toMatchObject({ subscriptionStatus: 'cancelled' });
    const [recorded] = await t.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.id, 'evt_order_upd'));
    expect(recorded).toMatchObject({ outcome: 'ignored' });
    // A late invoice of the old period revives nothing either.
    const invoice = invoicePaid('evt_order_inv', 'sub_order', Date.UTC(2030, 7, 1) / 1000);
    const older = JSON.stringify({ ...JSON.parse(invoice), created: nowSeconds() - 30 });
    expect((await deliver(older, sign(older))).json()).toEqual({ received: true, ignored: true });
    expect(await userByEmail(member.email)).toMatchObject({
      subscriptionStatus: 'cancelled',
      subscriptionExpiresAt: new Date('2030-07-01T00:00:00.000Z'),
    });
    // An event of the same second as the last applied one still applies (Stripe's clock is in
    // whole seconds, and one change often sends several events at once).
    const revived = stripeEvent('evt_order_same', 'customer.subscription.updated', {
      ...subscription,
      status: 'active',
    });
    expect((await deliver(revived, sign(revived))).json()).toEqual({ received: true });
    expect(await userByEmail(member.email)).toMatchObject({ subscriptionStatus: 'active' });
  });

  it('a subscription deleted before its checkout’s completion arrives: the member ends cancelled', async () => {
    const { email, sessionId } = await pendingRegistration();
    const completion = JSON.parse(completedEvent(sessionId));
    const subscription: string = completion.data.object.subscription;
    const deleted = stripeEvent(`evt_del_${subscription}`, 'customer.subscription.deleted', {
      id: subscription,
      object: 'subscription',
      status: 'canceled',
    });
    expect((await deliver(deleted, sign(deleted))).json()).toEqual({ received: true });
    // The completion was made a minute before the deletion, and delivered after it.
    const late = JSON.stringify({ ...completion, created: nowSeconds() - 60 });
    expect((await deliver(late, sign(late))).json()).toEqual({ received: true });
    expect(await sessionRow(sessionId)).toMatchObject({ status: 'completed' });
    expect(await userByEmail(email)).toMatchObject({
      membershipType: 'paid',
      subscriptionStatus: 'cancelled',
      subscriptionId: subscription,
    });
  });

  it('a completed checkout with payment_status unpaid activates nothing until its async payment succeeds', async () => {
    const { email, sessionId } = await pendingRegistration();
    const unpaid = completedEvent(sessionId, { paymentStatus: 'unpaid' });
    const res = await deliver(unpaid, sign(unpaid));
    expect(res.statusCode).toBe(200);
    expect(await userByEmail(email)).toMatchObject({ subscriptionStatus: 'pending' });
    expect(await sessionRow(sessionId)).toMatchObject({ status: 'open' });
    const verify = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/verify-payment',
      payload: { sessionId },
    });
    expect(verify.json()).toMatchObject({ success: false, status: 'pending' });

    const succeeded = completedEvent(sessionId, {
      type: 'checkout.session.async_payment_succeeded',
    });
    expect((await deliver(succeeded, sign(succeeded))).json()).toEqual({ received: true });
    expect(await userByEmail(email)).toMatchObject({ subscriptionStatus: 'active' });
    expect(await sessionRow(sessionId)).toMatchObject({ status: 'completed' });
  });

  it('a failed async payment marks the checkout failed, leaves the member as they were and mails them', async () => {
    const { email, sessionId } = await pendingRegistration();
    const unpaid = completedEvent(sessionId, { paymentStatus: 'unpaid' });
    expect((await deliver(unpaid, sign(unpaid))).statusCode).toBe(200);
    const failed = completedEvent(sessionId, {
      type: 'checkout.session.async_payment_failed',
      paymentStatus: 'unpaid',
    });
    expect((await deliver(failed, sign(failed))).json()).toEqual({ received: true });
    expect(await userByEmail(email)).toMatchObject({ subscriptionStatus: 'pending' });
    expect(await sessionRow(sessionId)).toMatchObject({ status: 'failed' });
    const verify = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/verify-payment',
      payload: { sessionId },
    });
    expect(verify.json()).toMatchObject({ success: false, status: 'failed' });
    // The member is told: a bank debit fails days after the checkout page said 'processing'.
    const [mail, ...more] = await mailTo(t.database.db, email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Your Jumpseat payment did not go through');
    expect(mail?.text).toContain('Hello Pat Payer,');
    expect(mail?.text).toContain('nothing was charged');
    expect(mail?.text).toContain(`${t.app.deps.config.publicUrl}/register`);
    // A success reported after the failure (out of order) cannot revive a failed checkout.
    const late = completedEvent(sessionId, { type: 'checkout.session.async_payment_succeeded' });
    expect((await deliver(late, sign(late))).json()).toEqual({ received: true, ignored: true });
    expect(await userByEmail(email)).toMatchObject({ subscriptionStatus: 'pending' });
  });

  it('no_payment_required (a 100% discount) activates when the price before the discount is the plan', async () => {
    const { email, sessionId } = await pendingRegistration();
    const wrongPrice = completedEvent(sessionId, {
      paymentStatus: 'no_payment_required',
      amount: 0,
      subtotal: 1,
    });
    expect((await deliver(wrongPrice, sign(wrongPrice))).statusCode).toBe(400);
    const free = completedEvent(sessionId, { paymentStatus: 'no_payment_required', amount: 0 });
    const freeWithSubtotal = free.replace('"amount_subtotal":0', '"amount_subtotal":199');
    expect((await deliver(freeWithSubtotal, sign(freeWithSubtotal))).statusCode).toBe(200);
    expect(await userByEmail(email)).toMatchObject({ subscriptionStatus: 'active' });
  });

  it.each([
    ['year 275760', Date.UTC(275760, 8, 13) / 1000],
    ['beyond any date', 1e300],
    ['negative', -86_400],
    ['not a whole second', 1_900_000_000.5],
    ['ten years ahead', Date.UTC(2040, 5, 15) / 1000],
  ])('a signed invoice.paid with a period end %s → 400, nothing changes', async (_name, end) => {
    const member = await buildCrew(t.database.db, {
      membershipType: 'paid',
      subscriptionStatus: 'active',
      subscriptionId: `sub_absurd_${++n}`,
      subscriptionExpiresAt: new Date('2030-07-01T00:00:00.000Z'),
    });
    const payload = invoicePaid(`evt_absurd_${n}`, member.subscriptionId!, end);
    const res = await deliver(payload, sign(payload));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Webhook event has an unexpected shape');
    expect(await userByEmail(member.email)).toMatchObject({
      subscriptionExpiresAt: new Date('2030-07-01T00:00:00.000Z'),
    });
  });

  it.each([
    ['in the future', 3600],
    ['negative', 'negative'],
    ['absurd', 1e300],
  ])('a signed event created %s → 400 (it could hold back every later event)', async (_n, c) => {
    const event = JSON.parse(
      stripeEvent(`evt_created_${++n}`, 'customer.subscription.updated', {
        id: 'sub_created',
        status: 'active',
      }),
    );
    event.created = c === 'negative' ? -5 : c === 3600 ? nowSeconds() + 3600 : c;
    const payload = JSON.stringify(event);
    expect((await deliver(payload, sign(payload))).statusCode).toBe(400);
  });

  it('a deletion and an older update delivered at once through a listening server: cancelled either way', async () => {
    for (let round = 0; round < 5; round++) {
      const subscriptionId = `sub_race_${round}`;
      const member = await buildCrew(t.database.db, {
        membershipType: 'paid',
        subscriptionStatus: 'active',
        subscriptionId,
        subscriptionExpiresAt: new Date('2030-07-01T00:00:00.000Z'),
      });
      const subscription = { id: subscriptionId, object: 'subscription' };
      const events = [
        stripeEvent(`evt_race_del_${round}`, 'customer.subscription.deleted', {
          ...subscription,
          status: 'canceled',
        }),
        stripeEvent(
          `evt_race_upd_${round}`,
          'customer.subscription.updated',
          { ...subscription, status: 'active' },
          60,
        ),
      ];
      const statuses = await Promise.all(
        events.map((payload) =>
          fetch(`${address}/api/stripe/webhook`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'stripe-signature': sign(payload) },
            body: payload,
          }).then((r) => r.status),
        ),
      );
      expect(statuses).toEqual([200, 200]);
      expect(await userByEmail(member.email)).toMatchObject({ subscriptionStatus: 'cancelled' });
    }
  });
});
