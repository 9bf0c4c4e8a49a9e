import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../lib/errors';
import { currentUser } from '../../plugins/access';
import { allowedOrigins, isAllowedOrigin } from '../../plugins/csrf';
import { createMessagesService } from '../messages/service';
import { createWavesService } from '../waves/service';

const pushTestRequest = z.object({
  targetUserId: z.number().int().positive().max(2_147_483_647).nullable().optional(),
  message: z.string().trim().max(500).optional(),
});
const pushTestResponse = z.object({
  success: z.boolean(),
  results: z.object({ websocket: z.number().int(), email: z.boolean() }),
});

/**
 * The WebSocket endpoint. The access guard refuses an upgrade without a valid session (401)
 * before it happens; the handshake's Origin must be ours, so another site cannot open a socket
 * riding on the member's cookie.
 */
export const realtimeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { realtime } = app.deps;
  const origins = allowedOrigins(app.deps.config);
  const wavesService = createWavesService(app.deps);
  const messagesService = createMessagesService(app.deps);
  realtime.setHandlers({
    sendMessage: async (user, input) => (await messagesService.send(user, input)).message,
    respondToWave: (user, waveId, status) => wavesService.respond(user, waveId, status),
  });

  app.get(
    '/ws',
    {
      websocket: true,
      config: { access: 'user' },
      schema: { hide: true },
      preValidation: async (request) => {
        const origin = request.headers.origin;
        if (origin !== undefined && !isAllowedOrigin(request, origin, origins)) {
          throw forbidden('Cross-site WebSocket refused');
        }
      },
    },
    (socket, request) => {
      const session = request.session!;
      void realtime.attach(socket, { userId: session.user.id, tokenHash: session.tokenHash });
      // The upgrade's request lives as long as the socket (the plugin keeps it for errors);
      // drop the user row it carries so an idle connection costs as little as possible.
      request.session = null;
    },
  );

  app.post(
    '/api/test-cross-env-push',
    {
      config: { access: 'user' },
      schema: {
        tags: ['realtime'],
        summary: 'Send a test notification',
        body: pushTestRequest,
        response: { 200: pushTestResponse },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const target = request.body.targetUserId ?? user.id;
      if (target !== user.id && !user.isAdmin)
        throw forbidden('Only admins can send a test to another member');
      const message = request.body.message || 'Test notification from Jumpseat';
      const websocket = realtime.countSockets([target]);
      realtime.publish({
        e: 'push',
        to: [target],
        title: 'Test Notification',
        message,
        url: '/home',
      });
      return { success: true, results: { websocket, email: false } };
    },
  );

  app.get(
    '/api/test-push-notification',
    {
      config: { access: 'user' },
      schema: {
        tags: ['realtime'],
        summary: 'Send yourself a test notification',
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      realtime.publish({
        e: 'push',
        to: [user.id],
        title: 'Test Notification',
        message: 'Push notifications are working',
        url: '/home',
      });
      return { message: 'Test notification sent' };
    },
  );
};
