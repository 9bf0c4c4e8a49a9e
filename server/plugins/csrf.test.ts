import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { buildCrew } from '../test/factories';
import { type Injector, injectAs } from '../test/inject-as';

describe('CSRF guard on state-changing requests', () => {
  let t: TestApp;
  let dev: TestApp;
  let asCrew: Injector;
  beforeAll(async () => {
    t = await buildTestApp({ config: { publicUrl: 'https://jumpseat.example' } });
    dev = await buildTestApp({ config: { env: 'development' } });
    asCrew = await injectAs(t.app, await buildCrew(t.database.db));
  });
  afterAll(async () => {
    await t.close();
    await dev.close();
  });

  // POST /api/auth/logout is public and changes state: the simplest probe.
  const logout = (app: TestApp['app'], headers: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { host: 'app.local:5000', ...headers },
    });

  it.each([
    ['no Origin and no Sec-Fetch-Site (non-browser client)', {}, 200],
    [
      'same-origin fetch',
      { origin: 'http://app.local:5000', 'sec-fetch-site': 'same-origin' },
      200,
    ],
    ['Origin equal to PUBLIC_URL', { origin: 'https://jumpseat.example' }, 200],
    [
      'sendBeacon from our own origin',
      {
        origin: 'http://app.local:5000',
        'sec-fetch-site': 'same-origin',
        'sec-fetch-mode': 'no-cors',
        'content-type': 'text/plain',
      },
      200,
    ],
    ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }, 403],
    [
      'Sec-Fetch-Site cross-site even with our Origin',
      { origin: 'http://app.local:5000', 'sec-fetch-site': 'cross-site' },
      403,
    ],
    ['a foreign Origin', { origin: 'https://evil.example' }, 403],
    ['Origin null (sandboxed frame)', { origin: 'null' }, 403],
    ['the Vite dev server outside development', { origin: 'http://localhost:5173' }, 403],
  ])('%s', async (_name, headers, status) => {
    const res = await logout(t.app, headers as Record<string, string>);
    expect(res.statusCode).toBe(status);
    if (status === 403) expect(res.json().message).toBe('Cross-site request refused');
  });

  it('admits the Vite dev server in development', async () => {
    expect((await logout(dev.app, { origin: 'http://localhost:5173' })).statusCode).toBe(200);
  });

  it('lets cross-site GETs read nothing they should not, but does not block them', async () => {
    const res = await asCrew({
      method: 'GET',
      url: '/api/auth/me',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a cross-site write before it reaches the handler (session survives)', async () => {
    const res = await asCrew({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect((await asCrew({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
  });
});
