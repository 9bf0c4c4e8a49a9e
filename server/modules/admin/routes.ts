import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  approveUserResponseSchema,
  idParamSchema,
  MEMBER_LIMITS,
  makeUpdateEmailRequestSchema,
  pendingApprovalListSchema,
  pendingCountSchema,
  rejectUserRequestSchema,
  rejectUserResponseSchema,
  telegramStatusSchema,
  updateEmailResponseSchema,
} from '../../../domain';
import { currentUser } from '../../plugins/access';
import { createApprovalsService } from './approvals-service';
import { telegramStatus } from './telegram-service';

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const approvals = createApprovalsService(app.deps);
  const admin = { access: 'admin' as const, memberLimit: MEMBER_LIMITS.admin };
  const updateEmailRequest = makeUpdateEmailRequestSchema(app.deps.config);

  app.get(
    '/api/admin/pending-approvals',
    { config: admin, schema: { tags: ['admin'], response: { 200: pendingApprovalListSchema } } },
    async () => approvals.pendingList(),
  );

  app.get(
    '/api/admin/pending-count',
    { config: admin, schema: { tags: ['admin'], response: { 200: pendingCountSchema } } },
    async () => approvals.pendingCount(),
  );

  app.get(
    '/api/admin/telegram',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: 'Whether new registrations are sent to Telegram, and the bot to open',
        response: { 200: telegramStatusSchema },
      },
    },
    async () => telegramStatus(app.deps),
  );

  app.post(
    '/api/admin/approve-user/:id',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        params: idParamSchema,
        response: { 200: approveUserResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return approvals.approve(currentUser(request).id, request.params.id);
    },
  );

  app.post(
    '/api/admin/reject-user/:id',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        params: idParamSchema,
        body: rejectUserRequestSchema,
        response: { 200: rejectUserResponseSchema },
      },
    },
    async (request) =>
      approvals.reject(currentUser(request).id, request.params.id, request.body.reason),
  );

  app.post(
    '/api/admin/users/:id/update-email',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        params: idParamSchema,
        body: updateEmailRequest,
        response: { 200: updateEmailResponseSchema },
      },
    },
    async (request) =>
      approvals.updateEmail(currentUser(request).id, request.params.id, request.body.email),
  );
};
