import type { FastifyPluginAsync } from 'fastify';

/**
 * The WebSocket endpoint. Authentication by session cookie arrives with the sessions work;
 * until then every socket is told it is not authenticated and closed.
 */
export const realtimeRoutes: FastifyPluginAsync = async (app) => {
  app.get('/ws', { websocket: true }, (socket) => {
    socket.send(JSON.stringify({ type: 'auth_error', message: 'Not signed in' }));
    socket.close(4401, 'unauthenticated');
  });
};
