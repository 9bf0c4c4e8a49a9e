import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * A stopping server closes connections that never began a request, and takes no new ones.
 *
 * `forceCloseConnections: 'idle'` lets in-flight requests finish and closes kept-alive idle
 * connections, but Node counts a connection that has sent nothing yet as awaiting its headers,
 * not idle: the server's close then waits for its 60 s headers timeout. Browsers open such
 * connections ahead of use, and a page gone offline opens them and never sends on them (the
 * real-time client's reconnects, measured: five in the 2 s the sockets' close grace takes), so
 * the process outlived its 15 s limit for a clean stop and exited 1 with the database open.
 * Nothing is lost by closing them: no request on them was read, so none was acknowledged.
 */
export function registerGracefulClose(app: FastifyInstance) {
  const fresh = new Set<Socket>();
  let closing = false;
  app.server.on('connection', (socket: Socket) => {
    if (closing) {
      socket.destroy();
      return;
    }
    fresh.add(socket);
    socket.once('close', () => fresh.delete(socket));
  });
  // A request (or an upgrade) began: the connection is in use, and is left to finish.
  app.server.on('request', (request: { socket: Socket }) => fresh.delete(request.socket));
  app.server.on('upgrade', (request: { socket: Socket }) => fresh.delete(request.socket));
  app.addHook('preClose', async () => {
    closing = true;
    for (const socket of fresh) socket.destroy();
    fresh.clear();
  });
}
