import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig, testConfig } from '../config';
import type { Database } from '../db/client';
import { createTestDatabase } from '../test/test-database';

const base = { NODE_ENV: 'test', APP_SECRET: 'x'.repeat(64), STRIPE_WEBHOOK_SECRET: 'whsec_t' };

/**
 * The address the app believes for a request behind a proxy that appends the peer it saw to
 * X-Forwarded-For: the client's own (forged) entries are to the left of it.
 */
describe('TRUST_PROXY', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  async function appWith(trustProxy: string): Promise<FastifyInstance> {
    const app = await buildApp({
      config: testConfig({
        trustProxy: loadConfig({ ...base, TRUST_PROXY: trustProxy }).trustProxy,
      }),
      database,
      webDist: null,
    });
    app.get('/test/ip', { config: { access: 'public' } }, async (request) => ({
      ip: request.ip,
      protocol: request.protocol,
    }));
    await app.ready();
    return app;
  }

  const seen = async (app: FastifyInstance, remoteAddress: string, forwardedFor: string) => {
    const res = await app.inject({
      method: 'GET',
      url: '/test/ip',
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor, 'x-forwarded-proto': 'https' },
    });
    return res.json() as { ip: string; protocol: string };
  };

  it('with a hop count of 1, a forged left-most entry gains nothing', async () => {
    const app = await appWith('1');
    expect(await seen(app, '127.0.0.1', '6.6.6.6, 203.0.113.7')).toEqual({
      ip: '203.0.113.7',
      protocol: 'https',
    });
    expect((await seen(app, '127.0.0.1', '203.0.113.7')).ip).toBe('203.0.113.7');
    await app.close();
  });

  it('with a list of proxies, only their word counts', async () => {
    const app = await appWith('127.0.0.1, 10.0.0.0/8');
    expect((await seen(app, '10.1.2.3', '6.6.6.6, 203.0.113.7')).ip).toBe('203.0.113.7');
    // Two proxies of ours in a row: the client is the first address neither of them is.
    expect((await seen(app, '127.0.0.1', '6.6.6.6, 203.0.113.7, 10.9.9.9')).ip).toBe('203.0.113.7');
    // A peer that is not one of our proxies is the client, whatever its header says.
    expect(await seen(app, '198.51.100.4', '6.6.6.6, 203.0.113.7')).toEqual({
      ip: '198.51.100.4',
      protocol: 'http',
    });
    await app.close();
  });

  it('unset, the header is ignored', async () => {
    const app = await appWith('');
    expect((await seen(app, '198.51.100.4', '203.0.113.7')).ip).toBe('198.51.100.4');
    await app.close();
  });

  it.each([
    ['true', /^TRUST_PROXY: 'true' would trust every X-Forwarded-For entry; write the number/],
    ['TRUE', /^TRUST_PROXY: 'true' would trust every/],
    ['proxy.local', /^TRUST_PROXY: 'proxy.local' is not an IP address or CIDR; write the number/],
    ['10.0.0.0/33', /^TRUST_PROXY: '10.0.0.0\/33' is not an IP address or CIDR/],
  ])('refuses TRUST_PROXY=%s saying what to write instead', (value, message) => {
    expect(() => loadConfig({ ...base, TRUST_PROXY: value })).toThrow(message);
  });
});
