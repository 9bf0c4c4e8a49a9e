// @postgres: a send while the database cannot be reached, over a listening server’s socket
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { UNAVAILABLE_CODE, UNAVAILABLE_MESSAGE } from '../../../domain';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { buildChatPair } from '../../test/factories';
import { injectAs } from '../../test/inject-as';
import { openSocket, sessionCookie } from '../../test/socket-client';
import { groupCommit } from '../messages/group-commit';

/**
 * Issue 39: a send while the database cannot be reached is refused over the socket as over
 * HTTP (503 'unavailable'): with the `unavailable` code the web client resends on, not the
 * generic error it drops. The outage is the pool's own error (a connection refused), as
 * database-outage.test.ts gets it from a stopped PostgreSQL.
 */
describe('socket sends during a database outage', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it("answers the socket's send with the `unavailable` refusal, as HTTP answers 503", async () => {
    const { a, wave } = await buildChatPair(t.database.db, { daysAhead: 30 });
    const socket = await openSocket(t.app, {
      cookie: await sessionCookie(t.app, a.id, t.clock.now()),
    });
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });
    const send = vi.spyOn(groupCommit(t.app.deps), 'send').mockRejectedValue(refused);
    try {
      const clientId = randomUUID();
      socket.send({ type: 'new_message', waveId: wave.id, content: 'down', clientId });
      expect(await socket.next('error')).toEqual({
        type: 'error',
        clientId,
        message: UNAVAILABLE_MESSAGE,
        code: UNAVAILABLE_CODE,
      });
      const http = await (await injectAs(t.app, a))({
        method: 'POST',
        url: '/api/messages',
        payload: { waveId: wave.id, content: 'down', clientId },
      });
      expect(http.statusCode).toBe(503);
      expect(http.json()).toEqual({ message: UNAVAILABLE_MESSAGE, error: UNAVAILABLE_CODE });
    } finally {
      send.mockRestore();
      socket.close();
    }
  });
});
