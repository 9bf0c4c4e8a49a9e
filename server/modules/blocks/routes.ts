import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BLOCK_REASONS,
  blockedMembersResponseSchema,
  idParamSchema,
  MEMBER_LIMITS,
  successResponseSchema,
} from '../../../domain';
import { currentUser } from '../../plugins/access';
import { createBlocksService } from './service';

const tags = ['users'];
const notDemo = {
  access: 'user',
  notDemo: true,
  demoMessage: BLOCK_REASONS.demo,
  memberLimit: MEMBER_LIMITS.block,
} as const;

export const blocksRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createBlocksService(app.deps);

  app.get(
    '/api/users/blocked',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The members you blocked, for the profile's 'Blocked members' list",
        response: { 200: blockedMembersResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.list(currentUser(request));
    },
  );

  app.post(
    '/api/users/:id/block',
    {
      config: notDemo,
      schema: {
        tags,
        summary: 'Block a member: both of you disappear for each other, your waves and chats go',
        params: idParamSchema,
        response: { 200: successResponseSchema },
      },
    },
    async (request) => {
      await service.block(currentUser(request), request.params.id);
      return { success: true };
    },
  );

  app.delete(
    '/api/users/:id/block',
    {
      config: notDemo,
      schema: {
        tags,
        summary: 'Unblock a member you blocked (waves and chats deleted by the block stay gone)',
        params: idParamSchema,
        response: { 200: successResponseSchema },
      },
    },
    async (request) => {
      await service.unblock(currentUser(request), request.params.id);
      return { success: true };
    },
  );
};
