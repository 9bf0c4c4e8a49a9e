import type { FastifyPluginAsync } from 'fastify';

/**
 * The WebSocket endpoint. The access guard refuses an upgrade without a valid session (401)
 * before it happens; the frames themselves arrive with the realtime work.
 */
export const realtimeRoutes: FastifyPluginAsync = async (app) => {
  app.get('/ws', { websocket: true, config: { access: 'user' } }, (socket) => {
    socket.on('message', () => {
      socket.send(JSON.stringify({ type: 'error', message: 'Not available yet' }));
    });
  });
};
