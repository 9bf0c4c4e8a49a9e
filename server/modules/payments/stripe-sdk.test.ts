import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutSessions } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { buildExpired } from '../../test/factories';

type Captured = { method: string; path: string; auth: string | undefined; form: URLSearchParams };

/**
 * A loopback stand-in of Stripe's API for the one call we make (create a Checkout Session): the
 * real SDK talks HTTP to it through its host/port/protocol options, and we read what it sent.
 */
async function stripeStandIn(options: { fail?: boolean } = {}) {
  const calls: Captured[] = [];
  let created = 0;
  const server: Server = createServer(async (req: IncomingMessage, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    calls.push({
      method: req.method ?? '',
      path: req.url ?? '',
      auth: req.headers.authorization,
      form: new URLSearchParams(body),
    });
    res.setHeader('content-type', 'application/json');
    if (options.fail || req.url !== '/v1/checkout/sessions') {
      res.statusCode = options.fail ? 500 : 404;
      res.end(JSON.stringify({ error: { type: 'api_error', message: 'stand-in refused' } }));
      return;
    }
    const id = `cs_test_standin_${++created}`;
    res.end(
      JSON.stringify({
        id,
        object: 'checkout.session',
        mode: 'subscription',
        url: `https://checkout.stripe.test/c/pay/${id}`,
        status: 'open',
      }),
    );
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return { calls, port, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('Stripe provider through the SDK', () => {
  let t: TestApp;
  let stand: Awaited<ReturnType<typeof stripeStandIn>>;
  let n = 0;
  const ip = () => `10.63.0.${++n}`;

  beforeAll(async () => {
    stand = await stripeStandIn();
    t = await buildTestApp({
      config: {
        publicUrl: 'https://jumpseat.test',
        stripe: {
          secretKey: 'sk_test_standin',
          webhookSecret: 'whsec_standin',
          priceMonthly: 'price_monthly_123',
          priceYearly: 'price_yearly_456',
          api: { host: '127.0.0.1', port: stand.port, protocol: 'http' },
        },
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await stand.close();
  });

  it('create-pending creates a subscription Checkout Session with our price id and stores it', async () => {
    const email = 'stripe.payer@ba.com';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register/create-pending',
      payload: { email, name: 'Sam Stripe', role: 'IFL', membership: 'yearly' },
      remoteAddress: ip(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      sessionId: 'cs_test_standin_1',
      url: 'https://checkout.stripe.test/c/pay/cs_test_standin_1',
    });
    const call = stand.calls.at(-1)!;
    expect(call.method).toBe('POST');
    expect(call.path).toBe('/v1/checkout/sessions');
    expect(call.auth).toBe('Bearer sk_test_standin');
    expect(call.form.get('mode')).toBe('subscription');
    expect(call.form.get('line_items[0][price]')).toBe('price_yearly_456');
    expect(call.form.get('line_items[0][quantity]')).toBe('1');
    expect(call.form.get('customer_email')).toBe(email);
    expect(call.form.get('success_url')).toBe(
      'https://jumpseat.test/payment?session_id={CHECKOUT_SESSION_ID}',
    );
    expect(call.form.get('cancel_url')).toBe('https://jumpseat.test/payment');
    const [stored] = await t.database.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, 'cs_test_standin_1'));
    expect(stored).toMatchObject({ purpose: 'registration', plan: 'yearly', amount: 1299, email });
    expect(call.form.get('client_reference_id')).toBe(String(stored!.userId));
  });

  it('a renewal uses the monthly price id and returns to /payment-success or /renew', async () => {
    const member = await buildExpired(t.database.db, { membershipType: 'paid' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/create-checkout-session',
      payload: { userId: member.id, customerEmail: member.email, membershipType: 'monthly' },
      remoteAddress: ip(),
    });
    expect(res.statusCode).toBe(200);
    const call = stand.calls.at(-1)!;
    expect(call.form.get('line_items[0][price]')).toBe('price_monthly_123');
    expect(call.form.get('customer_email')).toBe(member.email);
    expect(call.form.get('success_url')).toBe(
      'https://jumpseat.test/payment-success?session_id={CHECKOUT_SESSION_ID}',
    );
    expect(call.form.get('cancel_url')).toBe(
      `https://jumpseat.test/renew?email=${encodeURIComponent(member.email)}`,
    );
  });
});

describe('Stripe provider failing', () => {
  it('a Stripe error is a 502 with the spec text, and nothing is stored for the session', async () => {
    const stand = await stripeStandIn({ fail: true });
    const t = await buildTestApp({
      config: {
        stripe: {
          secretKey: 'sk_test_standin',
          webhookSecret: 'whsec_standin',
          priceMonthly: 'price_m',
          priceYearly: 'price_y',
          api: { host: '127.0.0.1', port: stand.port, protocol: 'http' },
        },
      },
    });
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/register/create-pending',
        payload: { email: 'down@ba.com', name: 'D', role: 'IFL', membership: 'monthly' },
        remoteAddress: '10.63.1.1',
      });
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe('Failed to create payment session. Please try again.');
      expect(await t.database.db.select().from(checkoutSessions)).toEqual([]);
    } finally {
      await t.close();
      await stand.close();
    }
  });
});
