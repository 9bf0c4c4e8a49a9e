// @pglite-only: the processes it spawns stop on their configuration before opening any database
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { RUN_TYPESCRIPT } from './test/processes';

const base = { APP_SECRET: 'x'.repeat(64), STRIPE_WEBHOOK_SECRET: 'whsec_config_test' };

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig(base);
    expect(config.port).toBe(5000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.crewEmailDomains).toEqual(['ba.com']);
    expect(config.airlineCode).toBe('BA');
    expect(config.demoPasscode).toBe('0000');
    expect(config.publicUrl).toBe('http://localhost:5000');
    expect(config.limits.flightsPerDay).toBe(200);
    expect(loadConfig({ ...base, FLIGHTS_PER_DAY: '5' }).limits.flightsPerDay).toBe(5);
    expect(config.limits.testPushesPerMinute).toBe(3);
    expect(
      loadConfig({ ...base, RATE_LIMIT_TEST_PUSH_PER_MINUTE: '9' }).limits.testPushesPerMinute,
    ).toBe(9);
    expect(config.telegram).toBeNull();
  });

  it('turns Telegram on with a token and chat, at api.telegram.org unless told otherwise', () => {
    const on = { ...base, TELEGRAM_BOT_TOKEN: '123:abc', TELEGRAM_CHAT_ID: '-100200' };
    expect(loadConfig(on).telegram).toEqual({
      botToken: '123:abc',
      chatId: '-100200',
      apiUrl: 'https://api.telegram.org',
    });
    expect(loadConfig({ ...on, TELEGRAM_API_URL: 'http://127.0.0.1:9/' }).telegram?.apiUrl).toBe(
      'http://127.0.0.1:9',
    );
  });

  it.each([
    [{ PORT: 'abc' }, /^PORT: /],
    [{ PORT: '70000' }, /^PORT: /],
    [
      { ADMIN_EMAIL: 'a@ba.com', ADMIN_PASSCODE: '12a4' },
      /^ADMIN_PASSCODE: must be exactly 4 digits/,
    ],
    [{ ADMIN_EMAIL: 'a@ba.com' }, /^ADMIN_PASSCODE: /],
    [{ CREW_EMAIL_DOMAINS: '' }, /^CREW_EMAIL_DOMAINS: must list at least one domain/],
    [{ CREW_EMAIL_DOMAINS: ' , ' }, /^CREW_EMAIL_DOMAINS: /],
    [{ PUBLIC_URL: 'ftp://x' }, /^PUBLIC_URL: /],
    [{ DEMO_PASSCODE: '123' }, /^DEMO_PASSCODE: /],
    [{ TELEGRAM_BOT_TOKEN: '123:abc' }, /^TELEGRAM_CHAT_ID: required with TELEGRAM_BOT_TOKEN/],
    [{ TELEGRAM_API_URL: 'api.telegram.org' }, /^TELEGRAM_API_URL: /],
    [{ FLIGHTS_PER_DAY: '0' }, /^FLIGHTS_PER_DAY: must be a positive whole number/],
    [{ PRICE_MONTHLY: '1.99' }, /^PRICE_MONTHLY: must be a positive whole number/],
    [{ PRICE_CURRENCY: 'pounds' }, /^PRICE_CURRENCY: /],
    [{ STRIPE_SECRET_KEY: 'sk_test_1' }, /^STRIPE_PRICE_MONTHLY: required with STRIPE_SECRET_KEY/],
    [
      { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: '' },
      /^STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY/,
    ],
    [
      { NODE_ENV: 'production' },
      /^LOCAL_CHECKOUT: with NODE_ENV=production and no STRIPE_SECRET_KEY/,
    ],
    [
      { NODE_ENV: 'production', LOCAL_CHECKOUT: 'false' },
      /^LOCAL_CHECKOUT: with NODE_ENV=production/,
    ],
    [{ NODE_ENV: 'production', LOCAL_CHECKOUT: 'yes' }, /^LOCAL_CHECKOUT: must be true or false/],
    [
      {
        STRIPE_SECRET_KEY: 'sk_test_1',
        STRIPE_PRICE_MONTHLY: 'price_m',
        STRIPE_PRICE_YEARLY: 'price_y',
        LOCAL_CHECKOUT: 'true',
      },
      /^LOCAL_CHECKOUT: cannot be true with STRIPE_SECRET_KEY/,
    ],
  ])('refuses %o naming the variable', (env, message) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(message);
  });

  it('reads the price table (minor units) with £1.99 / £12.99 GBP by default', () => {
    expect(loadConfig(base).prices).toEqual({
      currency: 'gbp',
      plans: {
        monthly: { amount: 199, interval: 'month' },
        yearly: { amount: 1299, interval: 'year' },
      },
    });
    const custom = loadConfig({
      ...base,
      PRICE_MONTHLY: '250',
      PRICE_YEARLY: '2000',
      PRICE_CURRENCY: 'EUR',
    });
    expect(custom.prices.currency).toBe('eur');
    expect(custom.prices.plans.monthly.amount).toBe(250);
    expect(custom.prices.plans.yearly.amount).toBe(2000);
  });

  it('generates the webhook secret once into DATA_DIR (whsec_, mode 0600) unless set', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'jumpseat-config-'));
    const env = { APP_SECRET: base.APP_SECRET, DATA_DIR: dir };
    const first = loadConfig(env).stripe.webhookSecret;
    expect(first).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect(loadConfig(env).stripe.webhookSecret).toBe(first);
    expect(statSync(path.join(dir, 'webhook-secret')).mode & 0o777).toBe(0o600);
    expect(loadConfig({ ...env, STRIPE_WEBHOOK_SECRET: 'whsec_given' }).stripe.webhookSecret).toBe(
      'whsec_given',
    );
  });

  it('generates the VAPID key pair once into DATA_DIR (mode 0600) unless set, and checks its subject', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'jumpseat-config-'));
    const env = { ...base, DATA_DIR: dir };
    const first = loadConfig(env).push.vapid;
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
    expect(loadConfig(env).push.vapid).toEqual(first);
    expect(statSync(path.join(dir, 'vapid-keys.json')).mode & 0o777).toBe(0o600);
    const given = { VAPID_PUBLIC_KEY: first.publicKey, VAPID_PRIVATE_KEY: first.privateKey };
    expect(loadConfig({ ...base, ...given }).push.vapid).toEqual(first);
    expect(() => loadConfig({ ...base, VAPID_PUBLIC_KEY: first.publicKey })).toThrow(
      /^VAPID_PRIVATE_KEY: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY together/,
    );
    expect(() => loadConfig({ ...base, ...given, VAPID_PUBLIC_KEY: 'abc' })).toThrow(
      /^VAPID_PUBLIC_KEY: must be an uncompressed P-256 public key/,
    );
    expect(() => loadConfig({ ...base, VAPID_SUBJECT: 'http://jumpseat.example' })).toThrow(
      /^VAPID_SUBJECT: must be a mailto: address or an https: URL/,
    );
    expect(loadConfig({ ...base, VAPID_SUBJECT: 'mailto:ops@jumpseat.example' }).push.subject).toBe(
      'mailto:ops@jumpseat.example',
    );
    expect(loadConfig(base).push.endpointHosts).toContain('fcm.googleapis.com');
    expect(
      loadConfig({ ...base, PUSH_ENDPOINT_HOSTS: '127.0.0.1:4000' }).push.endpointHosts,
    ).toEqual(['127.0.0.1:4000']);
    expect(() => loadConfig({ ...base, PUSH_ENDPOINT_HOSTS: 'http://x/' })).toThrow(
      /^PUSH_ENDPOINT_HOSTS: must be host names/,
    );
  });

  it('runs the local checkout in production only with LOCAL_CHECKOUT=true or a Stripe key', () => {
    const production = { ...base, NODE_ENV: 'production' };
    expect(loadConfig({ ...production, LOCAL_CHECKOUT: 'true' }).stripe.secretKey).toBeUndefined();
    const stripe = {
      ...production,
      STRIPE_SECRET_KEY: 'sk_live_1',
      STRIPE_PRICE_MONTHLY: 'price_m',
      STRIPE_PRICE_YEARLY: 'price_y',
    };
    expect(loadConfig(stripe).stripe.secretKey).toBe('sk_live_1');
    // A fresh clone's npm start (NODE_ENV unset) and development keep the local checkout.
    expect(() => loadConfig(base)).not.toThrow();
    expect(() => loadConfig({ ...base, NODE_ENV: 'development' })).not.toThrow();
  });

  it('requires APP_SECRET with DATABASE_URL', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/db' })).toThrow(
      /^APP_SECRET: required when DATABASE_URL is set/,
    );
  });

  it('generates APP_SECRET once into DATA_DIR with mode 0600', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'jumpseat-config-'));
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.appSecret).toHaveLength(64);
    expect(second.appSecret).toBe(first.appSecret);
    const file = path.join(dir, 'app-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first.appSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});

describe('server start with a bad configuration', () => {
  const start = (env: Record<string, string>, timeout = 15_000) =>
    spawnSync(process.execPath, [...RUN_TYPESCRIPT, 'server/main.ts'], {
      env: { PATH: process.env.PATH, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'js-')), ...env },
      encoding: 'utf8',
      timeout,
    });

  it('exits 1 with one line naming the variable', () => {
    const result = start({ PORT: 'abc' });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain('PORT: must be a port number');
  });

  it('refuses TRUST_PROXY=true in one line saying what to write instead', () => {
    const result = start({ TRUST_PROXY: 'true' });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain(
      "TRUST_PROXY: 'true' would trust every X-Forwarded-For entry; write the number of proxies",
    );
  });

  it('refuses NODE_ENV=production without a Stripe key or LOCAL_CHECKOUT=true', () => {
    const result = start({ NODE_ENV: 'production', APP_SECRET: 'y'.repeat(64) });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain(
      'Configuration error: LOCAL_CHECKOUT: with NODE_ENV=production',
    );
  });

  // No retry loop: a refused connection ends the start with its one line. A hang would be killed
  // at the spawn's cap (status null). The cap is not a budget: loading the server's modules alone
  // took 11-14 s on a loaded 2-core CI box, where a 10 s deadline failed a correct start.
  it('exits 1 (no retry loop) when DATABASE_URL cannot be reached', { timeout: 35_000 }, () => {
    const result = start(
      { DATABASE_URL: 'postgres://u:p@127.0.0.1:1/db', APP_SECRET: 'y'.repeat(64) },
      30_000,
    );
    expect(result.signal).toBeNull();
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe('cannot connect to DATABASE_URL (127.0.0.1:1): ECONNREFUSED');
  });
});
