import { createECDH, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_PRICES } from '../domain/rules/pricing';
import { DEFAULT_PUSH_ENDPOINT_HOSTS, TEST_PUSHES_PER_WINDOW } from '../domain/rules/push';
import type { priceTableSchema } from '../domain/schemas/payments';
import { parseTrustProxy, type TrustProxy } from './lib/trust-proxy';

/** Thrown for a configuration problem; main.ts prints its message as one line and exits 1. */
export class ConfigError extends Error {}

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const port = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === '') return undefined;
    const n = Number(v);
    if (!/^\d+$/.test(v) || n < 0 || n > 65535) {
      ctx.addIssue({ code: 'custom', message: 'must be a port number (0-65535)' });
      return z.NEVER;
    }
    return n;
  });

const positiveInt = (fallback: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return fallback;
      if (!/^\d+$/.test(v) || Number(v) < 1) {
        ctx.addIssue({ code: 'custom', message: 'must be a positive whole number' });
        return z.NEVER;
      }
      return Number(v);
    });

const envSchema = z.object({
  NODE_ENV: optionalString,
  PORT: port,
  HOST: optionalString,
  DATA_DIR: optionalString,
  DATABASE_URL: optionalString.refine(
    (v) => v === undefined || /^postgres(ql)?:\/\//.test(v),
    'must be a postgres:// URL',
  ),
  APP_SECRET: optionalString.refine(
    (v) => v === undefined || v.length >= 32,
    'must be at least 32 characters',
  ),
  ADMIN_EMAIL: optionalString.refine(
    (v) => v === undefined || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v),
    'must be an e-mail address',
  ),
  ADMIN_PASSCODE: optionalString.refine(
    (v) => v === undefined || /^\d{4}$/.test(v),
    'must be exactly 4 digits',
  ),
  CREW_EMAIL_DOMAINS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return ['ba.com'];
      const list = v
        .split(',')
        .map((d) => d.trim().toLowerCase())
        .filter(Boolean);
      if (list.length === 0) {
        ctx.addIssue({ code: 'custom', message: 'must list at least one domain' });
        return z.NEVER;
      }
      return list;
    }),
  AIRLINE_CODE: optionalString.refine(
    (v) => v === undefined || /^[A-Z0-9]{2}$/.test(v),
    'must be a two-character IATA airline code',
  ),
  AIRLINE_NAME: optionalString,
  SMTP_URL: optionalString,
  MAIL_FROM: optionalString,
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_PRICE_MONTHLY: optionalString,
  STRIPE_PRICE_YEARLY: optionalString,
  LOCAL_CHECKOUT: optionalString.refine(
    (v) => v === undefined || v === 'true' || v === 'false',
    'must be true or false',
  ),
  TELEGRAM_BOT_TOKEN: optionalString,
  TELEGRAM_CHAT_ID: optionalString,
  TELEGRAM_API_URL: optionalString.refine(
    (v) => v === undefined || /^https?:\/\/[^\s]+$/.test(v),
    'must be an http(s) URL such as https://api.telegram.org',
  ),
  PUBLIC_URL: optionalString.refine(
    (v) => v === undefined || /^https?:\/\/[^/]+\/?$/.test(v),
    'must be an http(s) origin such as https://jumpseat.example',
  ),
  DEMO_PASSCODE: optionalString.refine(
    (v) => v === undefined || /^\d{4}$/.test(v),
    'must be exactly 4 digits',
  ),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const parsed = parseTrustProxy(v);
      if (parsed !== false && 'error' in parsed) {
        ctx.addIssue({ code: 'custom', message: parsed.error });
        return z.NEVER;
      }
      return parsed;
    }),
  LOG_LEVEL: optionalString,
  VAPID_PUBLIC_KEY: optionalString.refine(
    (v) => v === undefined || base64urlBytes(v) === 65,
    'must be an uncompressed P-256 public key, base64url (65 bytes), as web-push generate-vapid-keys prints',
  ),
  VAPID_PRIVATE_KEY: optionalString.refine(
    (v) => v === undefined || base64urlBytes(v) === 32,
    'must be a P-256 private key, base64url (32 bytes)',
  ),
  VAPID_SUBJECT: optionalString.refine(
    (v) => v === undefined || /^mailto:[^\s@]+@[^\s@]+$/.test(v) || /^https:\/\/[^\s/]+/.test(v),
    'must be a mailto: address or an https: URL (push services contact you there)',
  ),
  PUSH_ENDPOINT_HOSTS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return DEFAULT_PUSH_ENDPOINT_HOSTS;
      const list = v
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean);
      if (list.some((h) => !/^(\*\.)?[a-z0-9.-]+(:\d+)?$/.test(h))) {
        ctx.addIssue({
          code: 'custom',
          message: 'must be host names (host, *.domain or host:port)',
        });
        return z.NEVER;
      }
      return list;
    }),
  RATE_LIMIT_LOGIN_PER_IP: positiveInt(20),
  RATE_LIMIT_LOGIN_PER_ACCOUNT: positiveInt(20),
  RATE_LIMIT_RESET_PER_HOUR: positiveInt(2),
  RATE_LIMIT_RESET_PER_DAY: positiveInt(5),
  RATE_LIMIT_REGISTER_PER_IP: positiveInt(10),
  RATE_LIMIT_CHECK_EMAIL_PER_IP: positiveInt(30),
  LOGIN_LOCK_THRESHOLD: positiveInt(5),
  LOGIN_HARD_LOCK_THRESHOLD: positiveInt(10),
  FLIGHTS_PER_DAY: positiveInt(200),
  RATE_LIMIT_TEST_PUSH_PER_MINUTE: positiveInt(TEST_PUSHES_PER_WINDOW),
  PRICE_MONTHLY: positiveInt(DEFAULT_PRICES.plans.monthly.amount),
  PRICE_YEARLY: positiveInt(DEFAULT_PRICES.plans.yearly.amount),
  PRICE_CURRENCY: optionalString.refine(
    (v) => v === undefined || /^[a-zA-Z]{3}$/.test(v),
    'must be a three-letter ISO currency code such as gbp',
  ),
});

export type Config = {
  env: 'production' | 'development' | 'test';
  /**
   * NODE_ENV=production was set explicitly. An unset NODE_ENV runs as production (secure
   * defaults) but a fresh clone's `npm start` still gets the dev mail viewer when no SMTP is set.
   */
  declaredProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  appSecret: string;
  adminEmail: string | undefined;
  adminPasscode: string | undefined;
  crewEmailDomains: string[];
  airlineCode: string;
  airlineName: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** What each plan costs, in minor units: the one table every page and checkout reads. */
  prices: z.infer<typeof priceTableSchema>;
  stripe: {
    /** Unset: the local checkout sells the plans (no Stripe account needed). */
    secretKey: string | undefined;
    /** STRIPE_WEBHOOK_SECRET, or one generated into DATA_DIR for the local checkout. */
    webhookSecret: string;
    priceMonthly: string | undefined;
    priceYearly: string | undefined;
    /** Where the SDK sends its calls; tests point it at a loopback stand-in of Stripe's API. */
    api?: { host: string; port: number; protocol: 'http' | 'https' };
  };
  /**
   * New-registration notices through Telegram's Bot API; null when TELEGRAM_BOT_TOKEN is unset.
   * `apiUrl` is Telegram's, or a loopback stand-in in tests.
   */
  telegram: { botToken: string; chatId: string; apiUrl: string } | null;
  publicUrl: string;
  demoPasscode: string;
  /** The proxies believed about the client's address (X-Forwarded-For); false: none. */
  trustProxy: TrustProxy;
  logLevel: string;
  /**
   * Web Push: the VAPID key pair (from the environment, or generated once into DATA_DIR) and the
   * only hosts a subscription's endpoint may name (domain/rules/push.ts).
   */
  push: {
    /** VAPID_SUBJECT: how push services contact the operator (mailto: or https:). */
    subject: string;
    readonly vapid: { publicKey: string; privateKey: string };
    endpointHosts: string[];
  };
  limits: {
    loginPerIp: number;
    /** Sign-ins with the right PIN per account per 10 minutes (each stores a session). */
    loginPerAccount: number;
    resetPerHour: number;
    resetPerDay: number;
    registerPerIp: number;
    checkEmailPerIp: number;
    loginLockThreshold: number;
    loginHardLockThreshold: number;
    /** New flights one member may create per UTC day (manual adds and roster rows). */
    flightsPerDay: number;
    /** Test pushes (every device of the target, on demand) one member may send per minute. */
    testPushesPerMinute: number;
  };
};

/**
 * Reads the environment into a typed config. Problems are reported as
 * `VARIABLE: problem` so an operator sees exactly what to fix.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`${String(issue.path[0])}: ${issue.message}`);
  }
  const e = parsed.data;
  if (e.DATABASE_URL && !e.APP_SECRET) {
    throw new ConfigError(
      'APP_SECRET: required when DATABASE_URL is set (every instance must share it)',
    );
  }
  if (Boolean(e.ADMIN_EMAIL) !== Boolean(e.ADMIN_PASSCODE)) {
    throw new ConfigError(
      `${e.ADMIN_EMAIL ? 'ADMIN_PASSCODE' : 'ADMIN_EMAIL'}: set ADMIN_EMAIL and ADMIN_PASSCODE together`,
    );
  }
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError(
      "STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY (the webhook endpoint's signing secret)",
    );
  }
  if (e.STRIPE_SECRET_KEY && !(e.STRIPE_PRICE_MONTHLY && e.STRIPE_PRICE_YEARLY)) {
    throw new ConfigError(
      `${e.STRIPE_PRICE_MONTHLY ? 'STRIPE_PRICE_YEARLY' : 'STRIPE_PRICE_MONTHLY'}: required with STRIPE_SECRET_KEY (the Stripe price id of each plan)`,
    );
  }
  // The local checkout takes no money: in production it runs only when asked for by name.
  if (e.NODE_ENV === 'production' && !e.STRIPE_SECRET_KEY && e.LOCAL_CHECKOUT !== 'true') {
    throw new ConfigError(
      'LOCAL_CHECKOUT: with NODE_ENV=production and no STRIPE_SECRET_KEY the local checkout would give every plan away free; set STRIPE_SECRET_KEY (README, Payments), or LOCAL_CHECKOUT=true to run it on purpose',
    );
  }
  if (e.STRIPE_SECRET_KEY && e.LOCAL_CHECKOUT === 'true') {
    throw new ConfigError(
      'LOCAL_CHECKOUT: cannot be true with STRIPE_SECRET_KEY (Stripe sells the plans then)',
    );
  }
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError(
      `${e.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'}: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY together`,
    );
  }
  if (e.TELEGRAM_BOT_TOKEN && !e.TELEGRAM_CHAT_ID) {
    throw new ConfigError(
      'TELEGRAM_CHAT_ID: required with TELEGRAM_BOT_TOKEN (the chat or group to notify)',
    );
  }
  const nodeEnv = e.NODE_ENV === 'test' || e.NODE_ENV === 'development' ? e.NODE_ENV : 'production';
  const portNumber = e.PORT ?? 5000;
  const dataDir = path.resolve(e.DATA_DIR ?? './data');
  let vapidKeys: { publicKey: string; privateKey: string } | undefined;
  return {
    env: nodeEnv,
    declaredProduction: e.NODE_ENV === 'production',
    port: portNumber,
    host: e.HOST ?? '127.0.0.1',
    dataDir,
    databaseUrl: e.DATABASE_URL,
    appSecret: e.APP_SECRET ?? readOrCreateSecret(dataDir, 'app-secret', 'hex'),
    adminEmail: e.ADMIN_EMAIL?.toLowerCase(),
    adminPasscode: e.ADMIN_PASSCODE,
    crewEmailDomains: e.CREW_EMAIL_DOMAINS,
    airlineCode: e.AIRLINE_CODE ?? 'BA',
    airlineName: e.AIRLINE_NAME ?? 'British Airways',
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'Jumpseat <no-reply@jumpseat.local>',
    prices: {
      currency: (e.PRICE_CURRENCY ?? DEFAULT_PRICES.currency).toLowerCase(),
      plans: {
        monthly: { amount: e.PRICE_MONTHLY, interval: 'month' },
        yearly: { amount: e.PRICE_YEARLY, interval: 'year' },
      },
    },
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      webhookSecret:
        e.STRIPE_WEBHOOK_SECRET ?? readOrCreateSecret(dataDir, 'webhook-secret', 'whsec'),
      priceMonthly: e.STRIPE_PRICE_MONTHLY,
      priceYearly: e.STRIPE_PRICE_YEARLY,
    },
    telegram:
      e.TELEGRAM_BOT_TOKEN && e.TELEGRAM_CHAT_ID
        ? {
            botToken: e.TELEGRAM_BOT_TOKEN,
            chatId: e.TELEGRAM_CHAT_ID,
            apiUrl: (e.TELEGRAM_API_URL ?? 'https://api.telegram.org').replace(/\/$/, ''),
          }
        : null,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${portNumber}`).replace(/\/$/, ''),
    demoPasscode: e.DEMO_PASSCODE ?? '0000',
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    push: {
      subject:
        e.VAPID_SUBJECT ??
        (e.PUBLIC_URL?.startsWith('https:')
          ? e.PUBLIC_URL.replace(/\/$/, '')
          : `mailto:${e.ADMIN_EMAIL ?? 'no-reply@jumpseat.local'}`),
      // Read (or generated) on first use, when the app is built: a config read by a script or a
      // test that never sends a push leaves DATA_DIR alone.
      get vapid() {
        vapidKeys ??=
          e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
            ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
            : readOrCreateVapidKeys(dataDir);
        return vapidKeys;
      },
      endpointHosts: e.PUSH_ENDPOINT_HOSTS,
    },
    limits: {
      loginPerIp: e.RATE_LIMIT_LOGIN_PER_IP,
      loginPerAccount: e.RATE_LIMIT_LOGIN_PER_ACCOUNT,
      resetPerHour: e.RATE_LIMIT_RESET_PER_HOUR,
      resetPerDay: e.RATE_LIMIT_RESET_PER_DAY,
      registerPerIp: e.RATE_LIMIT_REGISTER_PER_IP,
      checkEmailPerIp: e.RATE_LIMIT_CHECK_EMAIL_PER_IP,
      loginLockThreshold: e.LOGIN_LOCK_THRESHOLD,
      loginHardLockThreshold: e.LOGIN_HARD_LOCK_THRESHOLD,
      flightsPerDay: e.FLIGHTS_PER_DAY,
      testPushesPerMinute: e.RATE_LIMIT_TEST_PUSH_PER_MINUTE,
    },
  };
}

/**
 * A generated secret lives beside the data it protects, readable only by its owner. The webhook
 * secret has Stripe's `whsec_` form so the local checkout signs exactly as Stripe would.
 */
function readOrCreateSecret(dataDir: string, name: string, form: 'hex' | 'whsec'): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const random = randomBytes(32).toString('hex');
  const secret = form === 'whsec' ? `whsec_${random}` : random;
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

function base64urlBytes(v: string): number {
  return /^[A-Za-z0-9_-]+={0,2}$/.test(v) ? Buffer.from(v, 'base64url').length : -1;
}

/** A fresh VAPID key pair (P-256), in the base64url form browsers and web-push use. */
function generateVapidKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const priv = ecdh.getPrivateKey();
  return {
    publicKey: ecdh.getPublicKey('base64url'),
    privateKey: Buffer.concat([Buffer.alloc(32 - priv.length), priv]).toString('base64url'),
  };
}

/**
 * Generated VAPID keys are kept in DATA_DIR and reused: a new key pair would orphan every
 * browser's subscription (push services bind a subscription to the key it was made with).
 */
function readOrCreateVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.join(dataDir, 'vapid-keys.json');
  if (existsSync(file)) {
    const keys = JSON.parse(readFileSync(file, 'utf8')) as {
      publicKey: string;
      privateKey: string;
    };
    if (base64urlBytes(keys.publicKey) === 65 && base64urlBytes(keys.privateKey) === 32)
      return keys;
    throw new ConfigError(`${file}: not a VAPID key pair; remove it to generate a new one`);
  }
  mkdirSync(dataDir, { recursive: true });
  const keys = generateVapidKeys();
  writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return keys;
}

/** One key pair for every test config of this process: generating is cheap, files are not. */
let testVapidKeys: { publicKey: string; privateKey: string } | undefined;

/** A config for tests: no files touched, every limit explicit. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  testVapidKeys ??= generateVapidKeys();
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      APP_SECRET: 'test-secret-'.padEnd(64, 'x'),
      STRIPE_WEBHOOK_SECRET: 'whsec_test_'.padEnd(64, 'x'),
      VAPID_PUBLIC_KEY: testVapidKeys.publicKey,
      VAPID_PRIVATE_KEY: testVapidKeys.privateKey,
    }),
    dataDir: path.resolve('.test-output/data'),
    ...overrides,
  };
}
