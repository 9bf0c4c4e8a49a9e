import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userSchema } from '../../../domain';
import { currentUser } from '../../plugins/access';
import { presentSelf } from '../users/presenter';
import { clearSessionCookie } from './session-cookie';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/auth/me',
    {
      config: { access: 'user' },
      schema: { tags: ['auth'], summary: 'The signed-in user', response: { 200: userSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return presentSelf(currentUser(request));
    },
  );

  app.post(
    '/api/auth/logout',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'End this session',
        response: { 200: z.object({ success: z.boolean() }) },
      },
    },
    async (request, reply) => {
      if (request.session) await app.deps.sessions.revoke(request.session.tokenHash);
      clearSessionCookie(reply, app.deps.config);
      return { success: true };
    },
  );
};
