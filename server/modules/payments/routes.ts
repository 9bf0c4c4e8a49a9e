import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkoutRedirectSchema,
  checkoutSessionParamSchema,
  convertTrialRequestSchema,
  convertTrialResponseSchema,
  localCheckoutOutcomeSchema,
  localCheckoutSchema,
  MEMBER_LIMITS,
  makeCreatePendingRequestSchema,
  priceTableSchema,
  renewalCheckoutRequestSchema,
  verifyPaymentRequestSchema,
  verifyPaymentResponseSchema,
  webhookAckSchema,
} from '../../../domain';
import { currentUser } from '../../plugins/access';
import { takeCheckEmailSlot, takeRegisterSlot } from '../registration/service';
import { createPaymentProvider } from './provider';
import { createPaymentsService } from './service';
import { createWebhookHandler } from './webhook';

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const webhook = createWebhookHandler(app.deps);
  const payments = createPaymentsService(app.deps, createPaymentProvider(app.deps.config), webhook);

  app.get(
    '/api/prices',
    {
      config: { access: 'public' },
      schema: {
        tags: ['payments'],
        summary: 'The price table (minor units)',
        response: { 200: priceTableSchema },
      },
    },
    async () => app.deps.config.prices,
  );

  app.post(
    '/api/register/create-pending',
    {
      config: { access: 'public', refusedInput: takeRegisterSlot },
      schema: {
        tags: ['payments'],
        summary: 'Register for a paid plan: an activation-pending account and its checkout',
        body: makeCreatePendingRequestSchema(app.deps.config.crewEmailDomains),
        response: { 200: checkoutRedirectSchema },
      },
    },
    async (request) => payments.createPending(request.body, request.ip),
  );

  app.post(
    '/api/stripe/create-checkout-session',
    {
      // Charged like an e-mail check: a pair of user id and e-mail is otherwise probeable.
      config: { access: 'public', refusedInput: takeCheckEmailSlot },
      schema: {
        tags: ['payments'],
        summary: 'Renewal checkout for an expired or cancelled membership',
        body: renewalCheckoutRequestSchema,
        response: { 200: checkoutRedirectSchema },
      },
    },
    async (request) => {
      await takeCheckEmailSlot(app.deps, request.ip, app.deps.clock.now());
      return payments.renewalCheckout(request.body);
    },
  );

  app.post(
    '/api/convert-trial-to-subscription',
    {
      config: { access: 'user', notDemo: true, memberLimit: MEMBER_LIMITS.account },
      schema: {
        tags: ['payments'],
        summary: 'Trial member: checkout for a paid plan (keeps the PIN)',
        body: convertTrialRequestSchema,
        response: { 200: convertTrialResponseSchema },
      },
    },
    async (request) => payments.convertTrial(currentUser(request).id, request.body.membershipType),
  );

  app.post(
    '/api/stripe/verify-payment',
    {
      config: { access: 'public' },
      schema: {
        tags: ['payments'],
        summary: 'What the webhook recorded for a checkout session',
        body: verifyPaymentRequestSchema,
        response: { 200: verifyPaymentResponseSchema },
      },
    },
    async (request) => payments.verifyPayment(request.body.sessionId),
  );

  app.get(
    '/api/checkout/local/:sessionId',
    {
      config: { access: 'public' },
      schema: {
        tags: ['payments'],
        summary: 'Local checkout (no Stripe key): what the page shows',
        params: checkoutSessionParamSchema,
        response: { 200: localCheckoutSchema },
      },
    },
    async (request) => payments.localCheckout(request.params.sessionId),
  );

  app.post(
    '/api/checkout/local/:sessionId/pay',
    {
      config: { access: 'public' },
      schema: {
        tags: ['payments'],
        summary: 'Local checkout: pay (a signed checkout.session.completed through the webhook)',
        params: checkoutSessionParamSchema,
        response: { 200: localCheckoutOutcomeSchema },
      },
    },
    async (request) => payments.localPay(request.params.sessionId),
  );

  app.post(
    '/api/checkout/local/:sessionId/cancel',
    {
      config: { access: 'public' },
      schema: {
        tags: ['payments'],
        summary: 'Local checkout: cancel',
        params: checkoutSessionParamSchema,
        response: { 200: localCheckoutOutcomeSchema },
      },
    },
    async (request) => payments.localCancel(request.params.sessionId),
  );

  // Its own scope: the signature is over the exact bytes, so this route alone reads the body raw.
  await app.register(async (raw) => {
    raw.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
      done(null, body),
    );
    raw.post(
      '/api/stripe/webhook',
      {
        // Stripe calls server-to-server (no Origin, no cookies), so the CSRF check passes it.
        config: { access: 'public' },
        schema: {
          tags: ['payments'],
          summary: 'Stripe webhook (signed with STRIPE_WEBHOOK_SECRET)',
          response: { 200: webhookAckSchema },
        },
      },
      async (request) =>
        webhook.handle(
          request.body as Buffer,
          typeof request.headers['stripe-signature'] === 'string'
            ? request.headers['stripe-signature']
            : undefined,
        ),
    );
  });
};
