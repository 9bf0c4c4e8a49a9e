import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { telegramStatusSchema } from '../../../domain';
import { users } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { buildAdmin, buildCrew } from '../../test/factories';
import { injectAs } from '../../test/inject-as';

const TOKEN = '123456:test-token';
const CHAT = '-1001234';
let n = 0;
const ip = () => `10.77.0.${++n}`;

type Received = { method: string; url: string; body: unknown };

/**
 * A loopback stand-in for api.telegram.org: records each call and answers as the Bot API does,
 * or, while `down` is set, with 502 (an outage).
 */
function fakeTelegram() {
  const calls: Received[] = [];
  const waiting: ((call: Received) => void)[] = [];
  const state = { down: false, hang: false };
  /** Calls held unanswered while `hang` is set, released by `release()`. */
  const held: ServerResponse[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      const call = {
        method: req.method ?? '',
        url: req.url ?? '',
        body: raw ? JSON.parse(raw) : null,
      };
      calls.push(call);
      for (const resolve of waiting.splice(0)) resolve(call);
      res.setHeader('content-type', 'application/json');
      if (state.hang) {
        held.push(res);
      } else if (state.down) {
        res.statusCode = 502;
        res.end(JSON.stringify({ ok: false, description: 'Bad Gateway' }));
      } else if (req.url === `/bot${TOKEN}/getMe`) {
        res.end(
          JSON.stringify({ ok: true, result: { id: 1, is_bot: true, username: 'JumpseatBot' } }),
        );
      } else {
        res.end(JSON.stringify({ ok: true, result: { message_id: calls.length } }));
      }
    });
  });
  return {
    server,
    calls,
    state,
    /** Resolves with the next call the stand-in receives: tests wait on it, never on a timer. */
    release: () => {
      for (const res of held.splice(0)) res.end(JSON.stringify({ ok: true, result: {} }));
    },
    nextCall: () => new Promise<Received>((resolve) => waiting.push(resolve)),
    url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  };
}

describe('Telegram notices of new registrations (Bot API stand-in on loopback)', () => {
  const telegram = fakeTelegram();
  let t: TestApp;
  beforeAll(async () => {
    telegram.server.listen(0, '127.0.0.1');
    await once(telegram.server, 'listening');
    t = await buildTestApp({
      config: { telegram: { botToken: TOKEN, chatId: CHAT, apiUrl: telegram.url() } },
    });
    await buildAdmin(t.database.db);
  });
  afterAll(async () => {
    await t.close();
    telegram.server.close();
  });
  afterEach(() => {
    telegram.state.down = false;
    telegram.state.hang = false;
    telegram.release();
  });

  const register = (email: string, name: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/register/initiate',
      payload: { email, name, role: 'IFL', membership: 'trial' },
      remoteAddress: ip(),
    });

  it('a trial registration posts sendMessage with the chat and the notice', async () => {
    const call = telegram.nextCall();
    const res = await register('tele.one@ba.com', 'Tess Trial');
    expect(res.statusCode).toBe(201);
    expect(await call).toEqual({
      method: 'POST',
      url: `/bot${TOKEN}/sendMessage`,
      body: {
        chat_id: CHAT,
        text: 'New registration: Tess Trial tele.one@ba.com (trial) awaiting approval',
      },
    });
  });

  it('a paid registration is announced once its payment completed, with its plan', async () => {
    const pending = await t.app.inject({
      method: 'POST',
      url: '/api/register/create-pending',
      payload: { email: 'tele.paid@ba.com', name: 'Pat Paid', role: 'IFM', membership: 'yearly' },
      remoteAddress: ip(),
    });
    expect(pending.statusCode).toBe(200);
    const before = telegram.calls.length;
    const call = telegram.nextCall();
    const { sessionId } = pending.json() as { sessionId: string };
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/checkout/local/${sessionId}/pay`,
      remoteAddress: ip(),
    });
    expect(paid.statusCode).toBe(200);
    expect((await call).body).toEqual({
      chat_id: CHAT,
      text: 'New registration: Pat Paid tele.paid@ba.com (yearly) awaiting approval',
    });
    // Nothing was sent for the unpaid attempt itself.
    expect(telegram.calls.length).toBe(before + 1);
  });

  it('a Telegram outage does not fail the registration', async () => {
    telegram.state.down = true;
    const call = telegram.nextCall();
    const res = await register('tele.outage@ba.com', 'Otto Outage');
    expect(res.statusCode).toBe(201);
    await call;
    const [user] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'tele.outage@ba.com'));
    expect(user?.approvalStatus).toBe('pending');
  });

  it('a Telegram that never answers does not hold the registration up', async () => {
    telegram.state.hang = true;
    const call = telegram.nextCall();
    // Were the notice awaited, this would wait for the stand-in, which answers only on release.
    const res = await register('tele.hang@ba.com', 'Hal Hang');
    expect(res.statusCode).toBe(201);
    await call;
  });

  it('GET /api/admin/telegram answers the bot link from getMe, asked once', async () => {
    const asAdmin = await injectAs(t.app, await buildAdmin(t.database.db));
    const first = await asAdmin({ method: 'GET', url: '/api/admin/telegram' });
    expect(first.statusCode).toBe(200);
    expect(telegramStatusSchema.parse(first.json())).toEqual({
      enabled: true,
      botLink: 'https://t.me/JumpseatBot',
    });
    await asAdmin({ method: 'GET', url: '/api/admin/telegram' });
    expect(telegram.calls.filter((c) => c.url.endsWith('/getMe'))).toHaveLength(1);

    const asCrew = await injectAs(t.app, await buildCrew(t.database.db));
    expect((await asCrew({ method: 'GET', url: '/api/admin/telegram' })).statusCode).toBe(403);
  });

  it('sends nothing while no admin keeps telegramNotifications on', async () => {
    await t.database.db
      .update(users)
      .set({ telegramNotifications: false })
      .where(eq(users.isAdmin, true));
    const before = telegram.calls.length;
    expect((await register('tele.quiet@ba.com', 'Quinn Quiet')).statusCode).toBe(201);
    // The next notice proves the quiet one was skipped, not merely late: calls are in order.
    await t.database.db
      .update(users)
      .set({ telegramNotifications: true })
      .where(eq(users.isAdmin, true));
    const call = telegram.nextCall();
    await register('tele.loud@ba.com', 'Lou Loud');
    expect(((await call).body as { text: string }).text).toContain('tele.loud@ba.com');
    expect(telegram.calls.slice(before).map((c) => (c.body as { text: string }).text)).toEqual([
      'New registration: Lou Loud tele.loud@ba.com (trial) awaiting approval',
    ]);
  });
});

describe('Telegram without TELEGRAM_BOT_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('GET /api/admin/telegram answers disabled with no link', async () => {
    const asAdmin = await injectAs(t.app, await buildAdmin(t.database.db));
    const res = await asAdmin({ method: 'GET', url: '/api/admin/telegram' });
    expect(res.json()).toEqual({ enabled: false, botLink: null });
  });
});
