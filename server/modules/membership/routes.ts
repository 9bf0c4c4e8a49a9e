import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ACCESS_REASONS,
  cancelSubscriptionResponseSchema,
  MEMBER_LIMITS,
  renewalEligibilitySchema,
  renewalRequestSchema,
  trialStatusResponseSchema,
  verifyEmailRequestSchema,
  verifyEmailResponseSchema,
} from '../../../domain';
import { currentUser } from '../../plugins/access';
import { createMembershipService, takeEmailProbeSlot } from './service';

/** A renewal form is one short field; anything longer is not one. */
const FORM_BODY_LIMIT = 4 * 1024;

export const membershipRoutes: FastifyPluginAsyncZod = async (app) => {
  const membership = createMembershipService(app.deps);

  app.get(
    '/api/trial-status',
    {
      config: { access: 'user' },
      schema: {
        tags: ['membership'],
        summary: "The signed-in member's trial: days left and whether it has expired",
        response: { 200: trialStatusResponseSchema },
      },
    },
    async (request) => membership.trialStatusOf(currentUser(request)),
  );

  app.post(
    '/api/cancel-subscription',
    {
      config: {
        access: 'user',
        notDemo: true,
        demoMessage: ACCESS_REASONS.demoCancel,
        memberLimit: MEMBER_LIMITS.account,
      },
      schema: {
        tags: ['membership'],
        summary: 'Ask the admin team to cancel your paid subscription (a request, not a cancel)',
        response: { 200: cancelSubscriptionResponseSchema },
      },
    },
    async (request) => membership.requestCancellation(currentUser(request)),
  );

  app.post(
    '/api/auth/verify-email',
    {
      config: { access: 'public', refusedInput: takeEmailProbeSlot },
      schema: {
        tags: ['membership'],
        summary: 'Does this e-mail have an account, and may it renew?',
        body: verifyEmailRequestSchema,
        response: { 200: verifyEmailResponseSchema },
      },
    },
    async (request) => membership.verifyEmail(request.body.email, request.ip),
  );

  // The renewal page may post a plain HTML form: its parser lives in this child plugin only,
  // so no other route starts accepting form bodies.
  await app.register(async (form) => {
    form.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => {
        // URLSearchParams never throws: a malformed escape stays literal and fails validation.
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );
    form.withTypeProvider<ZodTypeProvider>().post(
      '/api/auth/renew-membership-form',
      {
        config: { access: 'public', refusedInput: takeEmailProbeSlot },
        schema: {
          tags: ['membership'],
          summary: 'Renewal eligibility for an e-mail (JSON or an HTML form post)',
          body: renewalRequestSchema,
          response: { 200: renewalEligibilitySchema },
        },
      },
      async (request) => membership.renewalEligibility(request.body.email, request.ip),
    );
  });
};
