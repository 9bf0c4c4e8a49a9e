import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
// @ts-expect-error plain ESM helper shared with scripts/test.mjs
import { findChromium } from './scripts/find-chromium.mjs';

const port = Number(process.env.E2E_PORT ?? 5099);
// A fresh data directory per run; workers inherit it to read the dev mail folder.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'jumpseat-e2e-'));
process.env.ADMIN_EMAIL ??= 'admin@ba.com';
process.env.ADMIN_PASSCODE ??= '4826';

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  // A cap, not a wait: every step waits on an event. Journeys drive two or three browsers; with
  // Chromium 156 (full headless: each new page costs ~0.6 s of CPU) on a busy 2-core CI box, a
  // passing journey went past 60 s, with every step slow and none stuck.
  timeout: 120_000,
  // Also a cap: an assertion waits for its element, and 5 s (the default) was too short for a
  // lazily loaded pane and its API answer with two journeys running on a busy 2-core CI box
  // (desk Home's flight detail failed twice at 5 s there, and passes in 3 s on a quiet one).
  expect: { timeout: 15_000 },
  retries: process.env.CI === 'true' ? 1 : 0,
  reporter: [
    ['list'],
    [
      'json',
      { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '.test-output/playwright.json' },
    ],
  ],
  use: {
    baseURL: `http://localhost:${port}`,
    // Recorded on the retry only (CI retries once): recording every attempt (screencast and DOM
    // snapshots) kept Chromium's browser and GPU processes at ~20% of a core each for the whole
    // run; 13 journeys at 2 workers took 4.3 min with it and 2.5 min without.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: findChromium() ?? undefined,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'] }, testIgnore: /idle\.spec\.ts/ },
    // Measured alone, after everything else: other members' activity is not idleness.
    {
      name: 'idle',
      use: { ...devices['Desktop Chrome'] },
      testMatch: /idle\.spec\.ts/,
      dependencies: ['chromium'],
    },
  ],
  webServer: {
    command: 'npm run build && node --import tsx server/main.ts',
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR,
      // E2E_DATABASE_URL runs the same journeys against a PostgreSQL server instead of PGlite.
      // (a shared database needs a shared APP_SECRET, as every instance would have).
      ...(process.env.E2E_DATABASE_URL
        ? { DATABASE_URL: process.env.E2E_DATABASE_URL, APP_SECRET: 'e2e'.repeat(22) }
        : {}),
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
    },
  },
});
