import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCESS_REASONS,
  deleteAccountResponseSchema,
  idParamSchema,
  MEMBER_LIMITS,
  restoreAccountResponseSchema,
} from '../../../domain';
import { currentUser } from '../../plugins/access';
import { clearSessionCookie } from '../auth/session-cookie';
import { createAccountService } from './service';

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const accounts = createAccountService(app.deps);

  app.post(
    '/api/auth/logout-all',
    {
      config: { access: 'user', memberLimit: MEMBER_LIMITS.account },
      schema: {
        tags: ['auth'],
        summary: 'Sign out of all devices: ends every session of the account',
        response: { 200: z.object({ success: z.boolean() }) },
      },
    },
    async (request, reply) => {
      const result = await accounts.signOutEverywhere(currentUser(request).id);
      clearSessionCookie(reply, app.deps.config);
      return result;
    },
  );

  app.post(
    '/api/auth/delete-account',
    {
      config: {
        access: 'user',
        notDemo: true,
        demoMessage: ACCESS_REASONS.demoDeleteAccount,
        memberLimit: MEMBER_LIMITS.account,
      },
      schema: {
        tags: ['auth'],
        summary: 'Delete your account: access ends now, data is kept for the 30-day grace',
        response: { 200: deleteAccountResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await accounts.deleteOwn(currentUser(request).id);
      clearSessionCookie(reply, app.deps.config);
      return result;
    },
  );

  app.post(
    '/api/admin/restore-account/:id',
    {
      config: { access: 'admin', memberLimit: MEMBER_LIMITS.admin },
      schema: {
        tags: ['admin'],
        summary: 'Restore a self-deleted account within its grace period',
        params: idParamSchema,
        response: { 200: restoreAccountResponseSchema },
      },
    },
    async (request) => accounts.restore(currentUser(request).id, request.params.id),
  );
};
