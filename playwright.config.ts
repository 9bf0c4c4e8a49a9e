import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test';
import { journeyLaunchOptions } from './e2e/browsers';
import { ensureMigratedDataDir, newServerDataDir } from './server/test/processes';

// This file is read by the runner and again by each worker: what one run shares (data
// directories) goes into the environment once, and workers inherit it.
const port = Number(process.env.E2E_PORT ?? 5099);
// Every PGlite server of the run (the shared one, each journey's own) starts on a copy of one
// migrated data directory: `npm test` makes it beside the quality gates, a run alone makes it
// here (server/test/processes.ts). Workers inherit its name. Not for a run on E2E_DATABASE_URL.
if (!process.env.E2E_DATABASE_URL) ensureMigratedDataDir(import.meta.dirname);
// A fresh data directory per run; workers inherit it to read the dev mail folder.
process.env.E2E_DATA_DIR ??= newServerDataDir('jumpseat-e2e-');
process.env.ADMIN_EMAIL ??= 'admin@ba.com';
process.env.ADMIN_PASSCODE ??= '4826';

// With TEST_DATABASE_URL (a PostgreSQL server, as `npm test` and CI have), the same run also
// starts a second server on a scratch database of that server and runs the core journeys
// (tagged @postgres) against it as the project 'postgres': one browser, one build, one run for
// both databases. The scratch database is created and dropped by that server's wrapper
// (scripts/e2e-postgres-server.mjs), whatever way the run ends short of a SIGKILL.
const postgresServer = process.env.TEST_DATABASE_URL;
const postgresPort = Number(process.env.E2E_POSTGRES_PORT ?? 5098);
if (postgresServer) {
  process.env.E2E_POSTGRES_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'jumpseat-e2e-pg-'));
}

/** What both e2e servers are started with, beside their port, data and database. */
const serverEnv = {
  ADMIN_EMAIL: process.env.ADMIN_EMAIL,
  ADMIN_PASSCODE: process.env.ADMIN_PASSCODE,
  LOG_LEVEL: 'warn',
  // Every e2e member registers from this one address.
  RATE_LIMIT_REGISTER_PER_IP: '1000',
  RATE_LIMIT_CHECK_EMAIL_PER_IP: '1000',
  // Every sign-in counts, right PIN or not, and all come from 127.0.0.1; the admin signs in
  // once per approved member. A run makes well under 1000 of either.
  RATE_LIMIT_LOGIN_PER_IP: '1000',
  RATE_LIMIT_LOGIN_PER_ACCOUNT: '1000',
  // Forgot-passcode is limited per address (2 an hour): two journeys ask for a reset, so a run
  // sat exactly at the limit, and `--repeat-each` went past it (429 on the second round).
  RATE_LIMIT_RESET_PER_HOUR: '1000',
  RATE_LIMIT_RESET_PER_DAY: '1000',
};

/**
 * The run's shared servers, started side by side by one launcher (scripts/e2e-servers.mjs), each
 * with its own environment: Playwright starts its webServers one after the other and polls each
 * for readiness, about 2 s more before the first journey on a quiet 2-core machine.
 */
const servers = [
  {
    name: 'e2e-pglite',
    port,
    postgres: false,
    env: {
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR,
      // E2E_DATABASE_URL runs the same journeys against a PostgreSQL server instead of PGlite
      // (a shared database needs a shared APP_SECRET, as every instance would have).
      ...(process.env.E2E_DATABASE_URL
        ? { DATABASE_URL: process.env.E2E_DATABASE_URL, APP_SECRET: 'e2e'.repeat(22) }
        : {}),
      ...serverEnv,
    },
  },
  ...(postgresServer
    ? [
        {
          name: 'e2e-postgres',
          port: postgresPort,
          postgres: true,
          env: {
            PORT: String(postgresPort),
            DATA_DIR: process.env.E2E_POSTGRES_DATA_DIR!,
            E2E_POSTGRES_SERVER: postgresServer,
            APP_SECRET: 'e2e'.repeat(22),
            ...serverEnv,
          },
        },
      ]
    : []),
];

const webServer: PlaywrightTestConfig['webServer'] = {
  // The one build of the run: `npm test` builds before the quality gates and the journeys
  // (E2E_WEB_BUILT); `npx playwright test` alone builds here, before any server starts.
  command: `${process.env.E2E_WEB_BUILT ? '' : 'npm run build && '}node scripts/e2e-servers.mjs`,
  // Ready when every server has printed its ready line (the launcher says so), not on a poll.
  wait: { stdout: /e2e servers ready/ },
  timeout: 120_000,
  // SIGTERM, not the default SIGKILL: the launcher stops the servers, and the PostgreSQL one's
  // wrapper drops its scratch database, whatever way the run ends short of a SIGKILL.
  gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
  env: { E2E_SERVERS: JSON.stringify(servers) },
};

export default defineConfig({
  testDir: 'e2e',
  // Kills an own server whose journey's worker was killed before its fixture could stop it.
  globalTeardown: './e2e/global-teardown.ts',
  fullyParallel: true,
  workers: 2,
  // A cap, not a wait: every step waits on an event. A journey that needs more says so with
  // test.setTimeout and why (the own-server journeys, the screen sweeps, the idle minute).
  timeout: 60_000,
  // Also a cap: an assertion waits for its element, and 5 s (the default) was too short for a
  // lazily loaded pane and its API answer with two journeys running on a busy 2-core CI box
  // (desk Home's flight detail failed twice at 5 s there, and passes in 3 s on a quiet one).
  expect: { timeout: 15_000 },
  // No retries, in CI either: a journey that passes only on its second try hides a race (the
  // presence race one exposed was a product bug). A failure is fixed, not retried.
  retries: 0,
  reporter: [
    ['list'],
    [
      'json',
      { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '.test-output/playwright.json' },
    ],
  ],
  use: {
    baseURL: `http://localhost:${port}`,
    // Off unless asked for (E2E_TRACE=retain-on-failure, or `--trace on`): with no retries,
    // 'on-first-retry' would never record, and recording every attempt (screencast and DOM
    // snapshots) kept Chromium's browser and GPU processes at ~20% of a core each for the whole
    // run (13 journeys at 2 workers: 4.3 min with it, 2.5 min without). A failure still leaves
    // its screenshot and error context.
    trace: (process.env.E2E_TRACE as 'off' | 'on' | 'retain-on-failure' | undefined) ?? 'off',
    screenshot: 'only-on-failure',
    launchOptions: journeyLaunchOptions,
    // No service worker unless a journey is about it (installable.spec.ts allows it): in every
    // new context the worker precaches the whole build (~150 files), and with it the journeys
    // took 15% more CPU (22 journeys: 182 s against 154 s of CPU, 108 s against 99 s of wall).
    // It also answers from its cache past page.route. What it does is the installable journey's
    // and the quality gates' to check.
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'] },
      metadata: { dataDir: process.env.E2E_DATA_DIR },
    },
    ...(postgresServer
      ? [
          {
            // The core journeys again on PostgreSQL. Not all of them: the server suites already
            // run on both databases; these cover what only a real server and browser show
            // together (sign-up to chat, live updates over the LISTEN/NOTIFY bus, sessions ended
            // everywhere, payments, moderation, the offline queue's exactly-once send).
            name: 'postgres',
            grep: /@postgres/,
            use: {
              ...devices['Desktop Chrome'],
              baseURL: `http://localhost:${postgresPort}`,
            },
            metadata: { dataDir: process.env.E2E_POSTGRES_DATA_DIR },
          },
        ]
      : []),
  ],
  webServer,
});
