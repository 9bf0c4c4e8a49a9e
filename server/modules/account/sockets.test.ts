// @postgres: a listening server: sockets over real connections, each request its own pool connection
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { buildCrew } from '../../test/factories';
import { openSocket, sessionCookie } from '../../test/socket-client';

/** Deletion and 'sign out of all devices' end the account's open sockets too, not only cookies. */
describe('account sockets', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const cookieFor = (user: UserRow) => sessionCookie(t.app, user.id, t.clock.now());
  const open = (cookie: string) => openSocket(t.app, { cookie });

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
      expect((await phone.waitClosed())?.code).toBe(4401);
      expect((await laptop.waitClosed())?.code).toBe(4401);
      // A bounded "nothing arrives" window: the account's own closes came first, at once.
      expect(await bystander.waitClosed(100)).toBeNull();
      await expect(open(phoneCookie)).rejects.toThrow('HTTP 401');
      bystander.ws.close();
    },
  );

  it('a PIN change closes the sockets of every other session, not this one', async () => {
    const user = await buildCrew(t.database.db);
    const phoneCookie = await cookieFor(user);
    const phone = await open(phoneCookie);
    const laptop = await open(await cookieFor(user));

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/set-passcode',
      payload: { passcode: '4321' },
      headers: { cookie: phoneCookie },
    });
    expect(res.statusCode).toBe(200);
    expect((await laptop.waitClosed())?.code).toBe(4401);
    // A bounded "nothing arrives" window: the laptop's close came first, at once.
    expect(await phone.waitClosed(100)).toBeNull();
    phone.ws.close();
  });
});
