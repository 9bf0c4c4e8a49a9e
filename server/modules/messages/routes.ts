import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCESS_REASONS,
  MEMBER_LIMITS,
  messageListSchema,
  messageSchema,
  sendMessageRequestSchema,
  waveIdParamSchema,
} from '../../../domain';
import { currentUser } from '../../plugins/access';
import { createMessagesService } from './service';

export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const messagesService = createMessagesService(app.deps);
  const tags = ['messages'];

  app.get(
    '/api/messages/:waveId',
    {
      config: { access: 'user' },
      schema: { tags, params: waveIdParamSchema, response: { 200: messageListSchema } },
    },
    async (request) => messagesService.list(currentUser(request), request.params.waveId),
  );

  app.post(
    '/api/messages',
    {
      config: {
        access: 'user',
        notDemo: true,
        demoMessage: ACCESS_REASONS.demoMessage,
        memberLimit: MEMBER_LIMITS.messages,
      },
      schema: { tags, body: sendMessageRequestSchema, response: { 201: messageSchema } },
    },
    async (request, reply) => {
      // Its member limit (declared above) is the budget socket frames draw from too.
      const { message } = await messagesService.send(currentUser(request), request.body);
      return reply.status(201).send(message);
    },
  );
};
