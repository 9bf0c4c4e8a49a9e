import { once } from 'node:events';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/build-test-app';

/**
 * A connection that never sends a request (a browser's preconnect, or a page gone offline) must
 * not hold a stopping server: Node counts it as awaiting headers and would wait 60 s for it,
 * past the process's 15 s limit for a clean stop.
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
    // Without it: Node's 60 s headers timeout (the test's own 40 s cap fails first).
    expect(took).toBeLessThan(10_000);
  }, 40_000);
});
