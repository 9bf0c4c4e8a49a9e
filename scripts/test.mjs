// `npm test`: type-check, lint, every Vitest suite, then Playwright. With TEST_DATABASE_URL set,
// the server suites and the browser journeys run again on that PostgreSQL. Ends with one line
// `N passed, N failed` summing every suite.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { findChromium } from './find-chromium.mjs';
import { createScratchDatabase } from './scratch-database.mjs';
import { playwrightFailures, vitestFailures } from './test-failures.mjs';

// The project runs on the Node its package.json declares (the npm package 'node', first on an npm
// script's PATH); a run on another Node tests something CI and production never run.
const nodeMajor = Number(process.versions.node.split('.')[0]);
console.log(`Node ${process.version}`);
if (nodeMajor < 24) {
  console.log(
    `Node ${process.version} is not the project's Node 24: run \`npm test\`, not \`node scripts/test.mjs\``,
  );
  if (process.env.CI === 'true') process.exit(1);
}

const out = '.test-output';
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
let passed = 0;
let failed = 0;
/** What failed, repeated beside the total: CI often keeps only the tail of a long run's output. */
const failures = [];

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

function step(label, cmd, args) {
  if (run(label, cmd, args)) passed += 1;
  else {
    failed += 1;
    failures.push(label);
  }
}

function vitest(label, args, jsonFile, env) {
  const ok = run(
    label,
    'npx',
    [
      'vitest',
      'run',
      ...args,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${jsonFile}`,
    ],
    env,
  );
  if (!existsSync(jsonFile)) {
    failed += 1;
    failures.push(`${label}: no report`);
    return;
  }
  const report = JSON.parse(readFileSync(jsonFile, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  const named = vitestFailures(report, label);
  failures.push(...named);
  // A suite that fails to load has no failed tests but is still a failure.
  if (!ok && report.numFailedTests === 0) failed += 1;
  if (!ok && named.length === 0) failures.push(`${label}: exited without a failed test`);
}

step('type-check', 'npx', ['tsc', '--noEmit', '-p', '.']);
step('lint', 'npx', ['biome', 'check', '.']);
vitest('vitest (domain, server on PGlite, web)', [], `${out}/vitest.json`, {});
if (process.env.TEST_DATABASE_URL) {
  vitest('vitest (server on PostgreSQL)', ['--project', 'server'], `${out}/vitest-postgres.json`, {
    JUMPSEAT_TEST_DB: 'postgres',
  });
}

const chromium = findChromium();
if (!chromium) {
  if (process.env.CI === 'true') {
    console.log('\ne2e: FAILED (no Chromium found; apt-get install chromium)');
    failed += 1;
    failures.push('e2e: no Chromium');
  } else {
    console.log('\ne2e: SKIPPED (no Chromium found; apt-get install chromium)');
  }
} else {
  playwright('e2e (Playwright, Chromium)', `${out}/playwright.json`, [], {});
  if (process.env.TEST_DATABASE_URL) {
    // The core journeys (tagged @postgres) again against PostgreSQL, in a scratch database of
    // that server. Not all of them: a full browser pass takes ~19 min on a 2-core CI box, and
    // the server suites already run on both databases; these cover what only a real server and
    // browser show together (sign-up to chat, live updates over the LISTEN/NOTIFY bus, sessions
    // ended everywhere, payments, moderation, the offline queue's exactly-once send).
    const { url, drop } = await createScratchDatabase(
      process.env.TEST_DATABASE_URL,
      'jumpseat_e2e',
    );
    try {
      playwright(
        'e2e core journeys on PostgreSQL (Playwright, Chromium)',
        `${out}/playwright-postgres.json`,
        ['--project', 'chromium', '--grep', '@postgres'],
        { E2E_DATABASE_URL: url, E2E_PORT: '5098' },
      );
    } finally {
      await drop();
    }
  }
}

if (chromium) {
  // Lighthouse (mobile) on five screens, installability and the landing's JS budget. Performance
  // is gated on the median of five runs per screen (scripts/quality-gates.mjs).
  if (
    run(
      'quality gates (Lighthouse, installability, landing JS)',
      'node',
      ['scripts/quality-gates.mjs'],
      { CHROME_PATH: chromium, QUALITY_RUNS: '5' },
    )
  )
    passed += 1;
  else {
    failed += 1;
    failures.push('quality gates');
  }
}

function playwright(label, jsonFile, args, env) {
  const ok = run(label, 'npx', ['playwright', 'test', ...args], {
    CHROME_PATH: chromium,
    PLAYWRIGHT_JSON_OUTPUT_NAME: jsonFile,
    ...env,
  });
  if (existsSync(jsonFile)) {
    const report = JSON.parse(readFileSync(jsonFile, 'utf8'));
    const stats = report.stats;
    passed += stats.expected + stats.flaky;
    failed += stats.unexpected;
    failures.push(...playwrightFailures(report, label));
    // A run that failed with no test failed (a crashed web server, a timeout) still fails.
    if (!ok && stats.unexpected === 0) {
      failed += 1;
      failures.push(`${label}: exited without a failed test`);
    }
  } else {
    failed += 1;
    failures.push(`${label}: no report`);
  }
}

if (failures.length > 0) console.log(`\nFailed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
