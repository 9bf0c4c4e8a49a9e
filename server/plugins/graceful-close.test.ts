// @postgres: a listening server closing with connections open (its pool closes under it)
import { once } from 'node:events';
import net from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/build-test-app';
import { registerGracefulClose } from './graceful-close';

/**
 * A connection that never sends a request (a browser's preconnect, or a page gone offline) must
 * not hold a stopping server: Node neither counts it idle nor times it out once closing, so the
 * close would wait on the peer, past the process's 15 s limit for a clean stop. A request under
 * way is another matter: it must finish.
 */
describe('closing with a connection that never sent a request', () => {
  it('closes it and stops at once', async () => {
    const t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as net.AddressInfo;
    const accepted = once(t.app.server, 'connection');
    const silent = net.connect(port, '127.0.0.1');
    silent.on('error', () => undefined);
    await accepted;
    const cut = once(silent, 'close');

    const started = Date.now();
    await t.app.close();
    const took = Date.now() - started;
    await cut;
    await t.database.close();
    // Without it: held for as long as the peer stays (the test's own 40 s cap fails first).
    expect(took).toBeLessThan(10_000);
  }, 40_000);

  it('closes one that arrives after the stop began, while the listener is still open', async () => {
    // The app's stop runs its preClose hooks (the sockets' 2 s grace among them) before the
    // listener closes: a page gone offline opens connections all along. One made by a hook that
    // runs after the cut is one that arrived in that window.
    const app = Fastify({ forceCloseConnections: 'idle' });
    registerGracefulClose(app);
    let late: net.Socket | undefined;
    app.addHook('preClose', async () => {
      const accepted = once(app.server, 'connection');
      late = net.connect((app.server.address() as net.AddressInfo).port, '127.0.0.1');
      late.on('error', () => undefined);
      await accepted;
    });
    await app.listen({ port: 0, host: '127.0.0.1' });

    const started = Date.now();
    await app.close();
    const took = Date.now() - started;
    // Cut by the server: the client sees its end.
    if (!late!.destroyed) await once(late!, 'close');
    // Without it: held for as long as the peer stays (the test's own 40 s cap fails first).
    expect(took).toBeLessThan(10_000);
  }, 40_000);

  it('lets a request under way finish: its body arrives after the stop began, and it is answered', async () => {
    const t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as net.AddressInfo;
    const body = JSON.stringify({ email: 'nobody@ba.com', passcode: '1234' });
    const client = net.connect(port, '127.0.0.1');
    client.on('error', () => undefined);
    // The answer's first bytes, or '' when the connection closes without one.
    const answered = new Promise<string>((resolve) => {
      client.once('data', (chunk) => resolve(chunk.toString()));
      client.once('close', () => resolve(''));
    });
    const headersRead = once(t.app.server, 'request');
    client.write(
      `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );
    await headersRead;

    const closing = t.app.close();
    // Not end(): a client's FIN ends an HTTP/1.1 exchange before its answer (Node's http server
    // does not keep half-open connections), which is not what is tested here.
    client.write(body.slice(10));
    const answer = await answered;
    client.destroy();
    await closing;
    await t.database.close();
    // The login is refused (no such member), but answered: the request was not cut.
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
  }, 40_000);
});
