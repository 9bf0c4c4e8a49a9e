import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app';
import { buildCrew } from '../../test/factories';
import { openSocket, sessionCookie } from '../../test/socket-client';
import { CLOSE_GRACE_MS } from './service';

/**
 * A server stopping with a socket whose peer never answers the close frame (a phone gone
 * offline) still closes: the socket is cut after a grace, not held for ws's 30 s close timeout,
 * which outlasted the process's 15 s limit for a clean stop (exit 1 instead of 0).
 */
describe('shutdown with sockets open', () => {
  it('closes answering sockets with 1001 and cuts a silent one after the grace', async () => {
    const t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const answering = await buildCrew(t.database.db);
    const silent = await buildCrew(t.database.db);
    const polite = await openSocket(t.app, {
      cookie: await sessionCookie(t.app, answering.id, t.clock.now()),
    });
    const mute = await openSocket(t.app, {
      cookie: await sessionCookie(t.app, silent.id, t.clock.now()),
    });
    mute.ws.on('error', () => undefined);
    // Stops reading: the server's close frame is never seen, so never answered.
    (mute.ws as unknown as { _socket: Socket })._socket.pause();

    const started = Date.now();
    await t.app.close();
    const took = Date.now() - started;
    await t.database.close();
    expect((await polite.waitClosed(5000))?.code).toBe(1001);
    // Under ws's 30 s close timeout (what it took before), with room for a busy CI box.
    expect(took).toBeLessThan(20_000);
    expect(took).toBeGreaterThanOrEqual(CLOSE_GRACE_MS - 50);
  }, 40_000);

  it('refuses a socket that arrives while it stops (503), so the stop never waits on it', async () => {
    const t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const [answering, silent, late] = [
      await buildCrew(t.database.db),
      await buildCrew(t.database.db),
      await buildCrew(t.database.db),
    ];
    const polite = await openSocket(t.app, {
      cookie: await sessionCookie(t.app, answering.id, t.clock.now()),
    });
    const mute = await openSocket(t.app, {
      cookie: await sessionCookie(t.app, silent.id, t.clock.now()),
    });
    mute.ws.on('error', () => undefined);
    // The silent peer holds the stop in its grace, while the listener still takes connections.
    (mute.ws as unknown as { _socket: Socket })._socket.pause();
    const lateCookie = await sessionCookie(t.app, late.id, t.clock.now());

    const closing = t.app.close();
    // The stop has begun: it said 1001 to the polite socket, and waits out the silent one.
    expect((await polite.waitClosed(5000))?.code).toBe(1001);
    const attempt = await openSocket(t.app, { cookie: lateCookie }).catch((e: Error) => e);
    // Taken in, it would stay open (nothing closes it) and so would the server: cut it here so
    // the failure is this assertion, not a hang.
    if (!(attempt instanceof Error)) attempt.ws.terminate();
    expect(attempt instanceof Error ? attempt.message : 'opened').toBe('HTTP 503');
    await closing;
    await t.database.close();
  }, 40_000);
});
