// @postgres: a listening server stopping with sockets open (its pool closes under it)
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
    expect((await polite.waitClosed())?.code).toBe(1001);
    // Under ws's 30 s close timeout (what it took before), with room for a busy CI box.
    expect(took).toBeLessThan(20_000);
    expect(took).toBeGreaterThanOrEqual(CLOSE_GRACE_MS - 50);
  }, 40_000);

  it('refuses a socket that arrives while it stops (503), and the stop does not wait on it', async () => {
    const t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const [early, late] = [await buildCrew(t.database.db), await buildCrew(t.database.db)];
    const polite = await openSocket(t.app, {
      cookie: await sessionCookie(t.app, early.id, t.clock.now()),
    });
    const lateCookie = await sessionCookie(t.app, late.id, t.clock.now());

    // The stop's first step (app.close runs it first, as a preClose hook): the listener still
    // takes connections, as it does for the whole of the sockets' close grace.
    await t.app.deps.realtime.stop();
    expect((await polite.waitClosed())?.code).toBe(1001);
    const attempt = await openSocket(t.app, { cookie: lateCookie }).catch((e: Error) => e);
    // Taken in, it would stay open (nothing closes it) and so would the server: cut it here so
    // the failure is this assertion, not a hang.
    if (!(attempt instanceof Error)) attempt.ws.terminate();
    expect(attempt instanceof Error ? attempt.message : 'opened').toBe('HTTP 503');
    await t.app.close();
    await t.database.close();
  }, 40_000);
});
