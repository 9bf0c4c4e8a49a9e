import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  appealDecisionRequestSchema,
  appealDecisionResponseSchema,
  appealInfoSchema,
  appealListSchema,
  appealRequestSchema,
  appealResponseSchema,
  appealTokenQuerySchema,
  idParamSchema,
  MEMBER_LIMITS,
  moderationDecisionRequestSchema,
  moderationDecisionResponseSchema,
  moderationQueueSchema,
  reportRequestSchema,
  reportResponseSchema,
} from '../../../domain';
import { currentUser } from '../../plugins/access';
import { createDecisionsService } from './decisions-service';
import { createReportsService } from './reports-service';

/** Reports (members), the moderation queue and appeals (admins), and the appeal link (public). */
export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  const reportsService = createReportsService(app.deps);
  const decisions = createDecisionsService(app.deps);
  const tags = ['moderation'];
  const admin = { access: 'admin' as const, memberLimit: MEMBER_LIMITS.admin };

  app.post(
    '/api/reports',
    {
      config: { access: 'user', notDemo: true, memberLimit: MEMBER_LIMITS.reports },
      schema: { tags, body: reportRequestSchema, response: { 201: reportResponseSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await reportsService.report(currentUser(request), request.body)),
  );

  app.get(
    '/api/admin/moderation/reports',
    { config: admin, schema: { tags, response: { 200: moderationQueueSchema } } },
    async () => reportsService.queue(),
  );

  app.post(
    '/api/admin/moderation/reports/:id/decision',
    {
      config: admin,
      schema: {
        tags,
        params: idParamSchema,
        body: moderationDecisionRequestSchema,
        response: { 200: moderationDecisionResponseSchema },
      },
    },
    async (request) => decisions.decide(currentUser(request), request.params.id, request.body),
  );

  app.get(
    '/api/admin/moderation/appeals',
    { config: admin, schema: { tags, response: { 200: appealListSchema } } },
    async () => decisions.openAppeals(),
  );

  app.post(
    '/api/admin/moderation/appeals/:id/decision',
    {
      config: admin,
      schema: {
        tags,
        params: idParamSchema,
        body: appealDecisionRequestSchema,
        response: { 200: appealDecisionResponseSchema },
      },
    },
    async (request) =>
      decisions.decideAppeal(currentUser(request), request.params.id, request.body.outcome),
  );

  // Public: a suspended or banned member cannot sign in, so the mailed token is the credential.
  app.get(
    '/api/appeals',
    {
      config: { access: 'public' },
      schema: { tags, querystring: appealTokenQuerySchema, response: { 200: appealInfoSchema } },
    },
    async (request) => decisions.appealInfo(request.query.token),
  );

  app.post(
    '/api/appeals',
    {
      config: { access: 'public' },
      schema: { tags, body: appealRequestSchema, response: { 201: appealResponseSchema } },
    },
    async (request, reply) => reply.status(201).send(await decisions.appeal(request.body)),
  );
};
