// @postgres: a listening server receives a refused body over a real connection (how much is read before the close)
import { once } from 'node:events';
import type { Socket } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  JSON_DEPTH_MAX,
  TOO_DEEPLY_NESTED,
  TOO_MANY_INVALID_REQUESTS,
  TOO_MANY_MESSAGES,
} from '../../domain';
import { loginAttempts } from '../db/schema';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { buildChatPair, buildCrew } from '../test/factories';
import { injectAs } from '../test/inject-as';
import { baseUrl } from '../test/nested-attack';

/** A JSON body nesting `depth` arrays: depth 100,000 is 200 KB. */
const nested = (depth: number, inner = '') => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;
const tooDeep = { message: TOO_DEEPLY_NESTED, error: 'validation' };

describe('JSON bodies nested too deep', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const post = (url: string, payload: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { 'content-type': 'application/json', ...headers },
    });

  it('answers a depth-100,000 body to an anonymous route with a 400, not a 500', async () => {
    for (const url of ['/api/auth/login', '/api/stripe/verify-payment']) {
      const res = await post(url, `{"email":${nested(100_000)}}`);
      expect(res.statusCode, `${url} ${res.body}`).toBe(400);
      expect(res.json()).toEqual(tooDeep);
    }
  });

  it('refuses one level past the limit and lets the limit itself through to the schema', async () => {
    const over = await post('/api/stripe/verify-payment', nested(JSON_DEPTH_MAX + 1));
    expect(over.json()).toEqual(tooDeep);
    // Brackets inside text are not nesting.
    const atLimit = await post(
      '/api/stripe/verify-payment',
      `{"sessionId":"${'['.repeat(40)}","x":${nested(JSON_DEPTH_MAX - 1)}}`,
    );
    expect(atLimit.json().message).not.toBe(TOO_DEEPLY_NESTED);
  });

  it('refuses an address over its limit from memory: a flood of refused bodies writes nothing', async () => {
    const ip = '10.39.0.1';
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: `{"email":${nested(100_000)}}`,
        headers: { 'content-type': 'application/json' },
        remoteAddress: ip,
      });
    const attempts = async () =>
      (await t.database.db.select().from(loginAttempts).where(eq(loginAttempts.ip, ip))).length;
    const limit = t.app.deps.config.limits.loginPerIp;
    for (let i = 0; i < limit; i++) expect((await attempt()).statusCode).toBe(400);
    const first = await attempt();
    expect(first.statusCode).toBe(429);
    const counted = await attempts();
    expect(counted).toBe(limit + 1);
    for (let i = 0; i < 30; i++) expect((await attempt()).json()).toEqual(first.json());
    expect(await attempts()).toBe(counted);
    // Once the refusal's time is over, the database decides again.
    t.clock.set(new Date(Date.parse(first.json().retryAt) + 1));
    expect((await attempt()).statusCode).toBe(400);
  });

  it('refuses deep JSON whatever the content type claims (the unload beacon is text/plain)', async () => {
    const as = await injectAs(t.app, await buildCrew(t.database.db));
    const res = await as({
      method: 'POST',
      url: '/api/users/online-status',
      payload: `{"isOnline":${nested(50_000, 'true')}}`,
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(tooDeep);
  });

  it('counts a signed-in member’s refused requests against their own budget', async () => {
    const { a, b, wave } = await buildChatPair(t.database.db);
    const asA = await injectAs(t.app, a);
    const refused = (payload: string) =>
      asA({
        method: 'PATCH',
        url: '/api/users/me',
        payload,
        headers: { 'content-type': 'application/json' },
      });
    // Deep, malformed and invalid alike: each is a 400 until the member's second is spent.
    const bodies = [nested(100_000), '{', '{"name":42}'];
    for (let i = 0; i < 20; i++) expect((await refused(bodies[i % 3]!)).statusCode).toBe(400);
    const over = await refused(nested(100_000));
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ message: TOO_MANY_INVALID_REQUESTS });
    // The same budget as their messages: the second is spent for those too.
    const message = await asA({
      method: 'POST',
      url: '/api/messages',
      payload: { waveId: wave.id, content: 'hi' },
    });
    expect(message.statusCode).toBe(429);
    expect(message.json()).toMatchObject({ message: TOO_MANY_MESSAGES });
    // Another member's budget is their own.
    const asB = await injectAs(t.app, b);
    const fromB = await asB({
      method: 'PATCH',
      url: '/api/users/me',
      payload: '{',
      headers: { 'content-type': 'application/json' },
    });
    expect(fromB.statusCode).toBe(400);
    // The next second is a new budget.
    t.clock.advance(1000);
    expect((await refused('{')).statusCode).toBe(400);
  });
});

describe('a body nested too deep, over a real connection', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('is answered at once and its connection closed: the rest of the body is never read', async () => {
    let socket: Socket | undefined;
    let bodyRead: Promise<unknown> | undefined;
    t.app.server.once('connection', (s: Socket) => {
      socket = s;
    });
    t.app.server.once('request', (req) => {
      bodyRead = once(req, 'end');
    });
    // 900 KB, under the 1 MiB body limit: far more than one read of the socket.
    const body = `{"sessionId":${nested(450_000)}}`;
    const res = await fetch(`${baseUrl(t.app)}/api/stripe/verify-payment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('connection')).toBe('close');
    expect(await res.json()).toEqual(tooDeep);
    // The server closes the connection; had it read the body on, the body's end comes first.
    if (socket && !socket.destroyed) await Promise.race([once(socket, 'close'), bodyRead]);
    expect(socket?.destroyed).toBe(true);
    // Read up to the chunk that went too deep (one read of a socket is at most 64 KB), no more:
    // reading on took whatever the client had sent meanwhile (195 KB here before this change).
    expect(socket?.bytesRead).toBeLessThan(2 * 64 * 1024);
  });
});
