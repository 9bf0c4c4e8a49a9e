import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * A stopping server closes the connections that never began a request.
 *
 * `forceCloseConnections: 'idle'` lets requests under way finish and closes kept-alive idle
 * connections, but Node counts a connection that has sent nothing yet as neither idle nor late
 * (its headers timeout starts at the first request line, and `close()` stops those checks), so
 * the server's close waits on the peer. Browsers open such connections ahead of use, and a page
 * gone offline opens them and never sends on them (measured: five during the sockets' 2 s close
 * grace), so the process outlived its 15 s limit for a clean stop and exited 1 with the
 * database open. Closing them loses nothing: no request on them was read.
 *
 * Plain HTTP only: behind TLS, 'connection' gives the TCP socket and a request the TLS one, so
 * nothing would leave `fresh` and the stop would cut requests under way.
 */
export function registerGracefulClose(app: FastifyInstance) {
  if (app.initialConfig.https) return;
  const fresh = new Set<Socket>();
  // From the stop on, a new connection is cut as it arrives: the listener stays open until the
  // last preClose hook has run, and a connection that came in after the cut below held the close
  // as the first ones did (the offline journey's first server exited 1 so in a clean-clone run).
  // A client that meant to send on it retries, and reaches an instance still serving.
  let closing = false;
  app.server.on('connection', (socket: Socket) => {
    if (closing) {
      socket.destroy();
      return;
    }
    fresh.add(socket);
    socket.once('close', () => fresh.delete(socket));
  });
  // Emitted as soon as the headers are read, so a request under way is never taken for fresh.
  // ('upgrade': handled by the real-time routes, which answer every upgrade.)
  app.server.on('request', (request: { socket: Socket }) => fresh.delete(request.socket));
  app.server.on('upgrade', (request: { socket: Socket }) => fresh.delete(request.socket));
  app.addHook('preClose', async () => {
    closing = true;
    for (const socket of fresh) socket.destroy();
    fresh.clear();
  });
}
