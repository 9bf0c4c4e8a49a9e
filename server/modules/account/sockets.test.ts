import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { UserRow } from '../../db/schema';
import { sessionCookieName } from '../../plugins/access';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { buildCrew } from '../../test/factories';

/** Deletion and 'sign out of all devices' end the account's open sockets too, not only cookies. */
describe('account sockets', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  const cookieFor = async (user: UserRow) =>
    `${sessionCookieName(t.app.deps.config.publicUrl)}=${await t.app.deps.sessions.create(user.id, t.clock.now())}`;

  /** An open socket and a promise of its close code (null if it stays open for `waitMs`). */
  function open(
    cookie: string,
  ): Promise<{ ws: WebSocket; closed: (waitMs: number) => Promise<number | null> }> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`ws://${base}/ws`, {
        headers: { origin: `http://${base}`, cookie },
      });
      let code: number | null = null;
      ws.on('close', (c) => {
        code = c;
      });
      const closed = async (waitMs: number) => {
        const until = Date.now() + waitMs;
        while (code === null && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
        return code;
      };
      ws.once('open', () => resolve({ ws, closed }));
      ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
      ws.once('error', reject);
    });
  }

  it.each([['/api/auth/delete-account'], ['/api/auth/logout-all']])(
    '%s closes every socket of the account at once; others stay open',
    async (url) => {
      const user = await buildCrew(t.database.db);
      const phoneCookie = await cookieFor(user);
      const phone = await open(phoneCookie);
      const laptop = await open(await cookieFor(user));
      const bystander = await open(await cookieFor(await buildCrew(t.database.db)));

      const res = await t.app.inject({ method: 'POST', url, headers: { cookie: phoneCookie } });
      expect(res.statusCode).toBe(200);
      expect(await phone.closed(1000)).toBe(4401);
      expect(await laptop.closed(1000)).toBe(4401);
      expect(await bystander.closed(100)).toBeNull();
      await expect(open(phoneCookie)).rejects.toThrow('HTTP 401');
      bystander.ws.close();
    },
  );
});
