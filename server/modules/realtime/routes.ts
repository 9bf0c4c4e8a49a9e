import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { WebSocketServer } from 'ws';
import { z } from 'zod';
import { idSchema, MEMBER_LIMITS } from '../../../domain';
import { forbidden } from '../../lib/errors';
import { trustProxyFn } from '../../lib/trust-proxy';
import { currentUser, sessionCookieName } from '../../plugins/access';
import { allowedOrigins, isAllowedOrigin } from '../../plugins/csrf';
import { createMessagesService } from '../messages/service';
import { takeTestPushSlot } from '../push/service';
import { createWavesService } from '../waves/service';

export const MAX_FRAME_BYTES = 64 * 1024;

const pushTestRequest = z.object({
  targetUserId: idSchema.nullable().optional(),
  message: z.string().trim().max(500).optional(),
});
const pushTestResponse = z.object({
  success: z.boolean(),
  results: z.object({
    websocket: z.number().int(),
    email: z.boolean(),
    /** Devices the Web Push reached (push services that accepted it). */
    webpush: z.number().int(),
  }),
});

/**
 * The WebSocket endpoint. Upgrades are taken on the HTTP server directly (not through a Fastify
 * route) so an open socket keeps only the `ws` object and our small connection record, not a
 * request and reply for its whole life. The same rules apply as to every route: a valid session
 * cookie (401 otherwise) and an Origin of ours (403 otherwise), checked before the upgrade.
 */
export const realtimeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { realtime, config, sessions, clock } = app.deps;
  const origins = allowedOrigins(config);
  const cookieName = sessionCookieName(config.publicUrl);
  const trustsPeer = trustProxyFn(config.trustProxy) || undefined;
  const wavesService = createWavesService(app.deps);
  const messagesService = createMessagesService(app.deps);
  realtime.setHandlers({
    // Its HTTP route's member limit is the live budget, which the frame drew on as it arrived.
    sendMessage: async (user, input) => (await messagesService.send(user, input)).message,
    // Its HTTP route's member limit (`waves`), taken as that route's hook takes it: over the
    // socket, the frame budget alone let a member answer waves past it.
    respondToWave: async (user, waveId, status) => {
      await app.takeMemberLimit(user.id, MEMBER_LIMITS.waves);
      return wavesService.respond(user, waveId, status);
    },
  });
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_FRAME_BYTES,
    perMessageDeflate: false,
  });

  const refuse = (socket: Duplex, status: number, text: string, headers = '') => {
    socket.end(
      `HTTP/1.1 ${status} ${text}\r\n${headers}Connection: close\r\nContent-Length: 0\r\n\r\n`,
    );
    // The HTTP server keeps half-open sockets: a peer that vanished after asking would hold
    // this one (and a stopping server's close) until it sent its FIN.
    (socket as Duplex & { setTimeout?(ms: number, cb: () => void): void }).setTimeout?.(2000, () =>
      socket.destroy(),
    );
  };

  async function onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    socket.on('error', () => socket.destroy());
    if ((req.url ?? '').split('?')[0] !== '/ws') return refuse(socket, 404, 'Not Found');
    const origin = req.headers.origin;
    // As Fastify reads request.protocol: the proxy's word only when the peer is a trusted proxy,
    // and its own (right-most) entry, not one the client sent ahead of it.
    const forwardedProto = trustsPeer?.(req.socket.remoteAddress ?? '', 0)
      ? String(req.headers['x-forwarded-proto'] ?? '')
          .split(',')
          .at(-1)
          ?.trim()
      : '';
    const encrypted = (req.socket as { encrypted?: boolean }).encrypted === true;
    const protocol = forwardedProto === 'https' || encrypted ? 'https' : 'http';
    if (
      origin !== undefined &&
      !isAllowedOrigin({ protocol, host: req.headers.host ?? '' }, origin, origins)
    ) {
      return refuse(socket, 403, 'Forbidden');
    }
    const token = app.parseCookie(req.headers.cookie ?? '')[cookieName];
    const session = token ? await sessions.resolve(token, clock.now()).catch(() => null) : null;
    if (!session) return refuse(socket, 401, 'Unauthorized');
    // Stopping (see realtime `stopping`): the client retries with backoff, reaching an instance
    // still serving.
    if (realtime.isStopping()) return refuse(socket, 503, 'Service Unavailable');
    // A member whose socket was just closed for flooding waits out the cool-down: reconnecting
    // at once would bring the flood back, with an upgrade's database work each time.
    const refusedUntil = realtime.socketRefusedUntil(session.user.id);
    if (refusedUntil) {
      const seconds = Math.ceil((refusedUntil.getTime() - clock.now().getTime()) / 1000);
      return refuse(socket, 429, 'Too Many Requests', `Retry-After: ${seconds}\r\n`);
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      void realtime.attach(ws, { user: session.user, tokenHash: session.tokenHash });
    });
  }

  app.addHook('onReady', async () => {
    app.server.on('upgrade', (req, socket, head) => {
      onUpgrade(req, socket, head).catch(() => socket.destroy());
    });
  });
  // Runs after realtime.stop (a root hook: the root's preClose hooks run before this
  // encapsulated plugin's), which closed the hub's sockets with their grace. Whatever `ws` still
  // holds is cut: sockets that left the hub while closing (replaced by a member's newer one)
  // wait on an answer for ws's 30 s close timeout, past the process's 15 s limit.
  app.addHook('preClose', async () => {
    wss.close();
    for (const socket of wss.clients) socket.terminate();
  });

  // A plain GET of /ws (no upgrade) is declared like every route, and says what it is for.
  app.get('/ws', { config: { access: 'user' }, schema: { hide: true } }, async (_request, reply) =>
    reply
      .status(426)
      .header('upgrade', 'websocket')
      .send({ message: 'Upgrade to a WebSocket to use this endpoint' }),
  );

  app.post(
    '/api/test-cross-env-push',
    {
      config: { access: 'user', memberLimit: MEMBER_LIMITS.testPush },
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
      // Every device at once on demand: limited per caller, before anything is sent.
      await takeTestPushSlot(app.deps, user.id);
      const message = request.body.message || 'Test notification from Jumpseat';
      const websocket = realtime.countSockets([target]);
      realtime.send([target], {
        type: 'push_notification',
        data: { title: 'Test Notification', message, url: '/home' },
      });
      // Every device, open tab or not: this is the test of the push channel itself.
      const webpush = await app.deps.push.sendToMember(target, {
        title: 'Test Notification',
        body: message,
        url: '/home',
        tag: 'test-push',
      });
      return { success: true, results: { websocket, email: false, webpush } };
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
      realtime.send([user.id], {
        type: 'push_notification',
        data: {
          title: 'Test Notification',
          message: 'Push notifications are working',
          url: '/home',
        },
      });
      return { message: 'Test notification sent' };
    },
  );
};
