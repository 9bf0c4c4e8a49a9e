import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MEMBER_LIMITS,
  pushSubscriptionRequestSchema,
  pushSubscriptionResponseSchema,
  pushUnsubscribeRequestSchema,
  vapidPublicKeyResponseSchema,
} from '../../../domain';
import { currentUser } from '../../plugins/access';
import { createPushService } from './service';

/** Web Push: the server's VAPID key, and the signed-in member's devices. */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const push = createPushService(app.deps);

  app.get(
    '/api/push/vapid-public-key',
    {
      config: { access: 'user' },
      schema: {
        tags: ['push'],
        summary: "The server's VAPID public key (PushManager.subscribe's applicationServerKey)",
        response: { 200: vapidPublicKeyResponseSchema },
      },
    },
    async () => ({ publicKey: app.deps.push.publicKey }),
  );

  app.post(
    '/api/push/subscriptions',
    {
      config: { access: 'user', memberLimit: MEMBER_LIMITS.pushSubscriptions },
      schema: {
        tags: ['push'],
        summary: "Save this device's push subscription for the signed-in member",
        body: pushSubscriptionRequestSchema,
        response: { 200: pushSubscriptionResponseSchema },
      },
    },
    async (request) => push.subscribe(currentUser(request), request.body),
  );

  app.delete(
    '/api/push/subscriptions',
    {
      config: { access: 'user', memberLimit: MEMBER_LIMITS.pushSubscriptions },
      schema: {
        tags: ['push'],
        summary: "Forget this device's push subscription",
        body: pushUnsubscribeRequestSchema,
        response: { 200: pushSubscriptionResponseSchema },
      },
    },
    async (request) => push.unsubscribe(currentUser(request), request.body.endpoint),
  );
};
