// `npm test`: the web build, the quality gates beside type-check, lint and the suites without a
// server, the server suites on PGlite with the PostgreSQL pass beside them, then Playwright. With
// TEST_DATABASE_URL set, the server test files where the engine matters (docs/testing.md) run
// again on that PostgreSQL, and the one Playwright run also runs the core browser journeys
// (@postgres) against a server on it. Prints each stage's wall time and each suite's ten slowest
// files, then a table of stages, and ends with one line `N passed, N failed` summing every stage.
// `npm test -- --only <stage>[,<stage>]` (or `npm run test:<stage>`) runs only those stages.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findChromium, findHeadlessShell } from './find-chromium.mjs';
import { postgresPassFiles } from './postgres-pass.mjs';
import { playwrightFailures, vitestFailures } from './test-failures.mjs';
import { playwrightFileTimes, slowestFiles, stageTable, vitestFileTimes } from './test-timings.mjs';
import { SERVER_PROJECTS, WEB_PROJECTS } from './vitest-projects.mjs';

const STAGES = [
  'typecheck',
  'lint',
  'vitest',
  'vitest-web',
  'vitest-postgres',
  'e2e',
  'e2e-postgres',
  'quality',
];

function parseOnly(argv) {
  const at = argv.findIndex((a) => a === '--only' || a.startsWith('--only='));
  if (at === -1) return null;
  const value = argv[at].includes('=') ? argv[at].split('=')[1] : argv[at + 1];
  const names = (value ?? '').split(',').filter(Boolean);
  const unknown = names.filter((n) => !STAGES.includes(n));
  if (names.length === 0 || unknown.length > 0) {
    console.log(`--only takes one or more of: ${STAGES.join(', ')} (got '${value ?? ''}')`);
    process.exit(2);
  }
  return new Set(names);
}
const only = parseOnly(process.argv.slice(2));
const wanted = (stage) => !only || only.has(stage);

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

// Node's on-disk cache of compiled code, for every process this run starts: a server spawned by a
// test, a Playwright or Vitest worker, a script. Dozens of them load the same modules (a spawned
// server's start took ~1 CPU second less with it). Node checks each entry against its source.
process.env.NODE_COMPILE_CACHE ??= path.resolve('node_modules/.cache/node-compile-cache');

const out = '.test-output';
// A stage run alone keeps the other stages' reports.
if (!only) rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
/** What failed, repeated beside the total: CI often keeps only the tail of a long run's output. */
const failures = [];
/** Each stage that ran: its name, wall time and counts, for the closing table. */
const stages = [];

/**
 * Where a stage's output goes: the terminal, or (a stage running beside another) a buffer that
 * is printed whole once the stage is collected, so two stages never interleave their lines.
 */
const toTerminal = { write: (text) => process.stdout.write(text), quiet: false };

function run(label, cmd, args, env = {}, output = toTerminal) {
  output.write(`\n=== ${label} ===\n`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      stdio: output.quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
    });
    if (output.quiet) {
      child.stdout.on('data', (chunk) => output.write(chunk));
      child.stderr.on('data', (chunk) => output.write(chunk));
    }
    child.once('error', (error) => {
      output.write(`${cmd}: ${error.message}\n`);
      resolve(false);
    });
    child.once('close', (code) => resolve(code === 0));
  });
}

/** Runs one stage, timed; `body` returns its counts `{ passed, failed }`. */
async function stage(name, body) {
  if (!wanted(name)) return;
  const started = Date.now();
  const counts = await body(toTerminal);
  record(name, Date.now() - started, counts);
}

function record(name, ms, counts, beside) {
  stages.push({ name, ms, ...counts, ...(beside && { beside }) });
  console.log(
    `\n--- ${name}: ${(ms / 1000).toFixed(1)} s, ${counts.passed} passed, ${counts.failed} failed` +
      (beside ? ` (beside ${beside})` : ''),
  );
}

/**
 * Starts a stage beside the next ones (`beside`, their names): a stage that leaves most of a core
 * idle shares the machine with one that does not, instead of waiting its turn. Its output is
 * kept and printed whole, with its own timing, when `collect` is awaited after those stages.
 */
function besideNext(name, beside, body) {
  if (!wanted(name)) return { collect: async () => undefined };
  // Bytes, joined once: a character split between two chunks stays whole.
  const chunks = [];
  const output = { write: (chunk) => chunks.push(Buffer.from(chunk)), quiet: true };
  const started = Date.now();
  // A stage that throws (an unreadable report) is one failure when collected, not an unhandled
  // rejection that ends the runner while the stages beside it still run.
  const done = body(output)
    .catch((error) => {
      failures.push(`${name}: ${error.message}`);
      return { passed: 0, failed: 1 };
    })
    .then((counts) => ({ counts, ms: Date.now() - started }));
  return {
    async collect() {
      const { counts, ms } = await done;
      writeSync(1, Buffer.concat(chunks));
      const shown = beside.filter(wanted).join(', ');
      record(name, ms, counts, shown || undefined);
    },
  };
}

async function step(label, cmd, args, env, output) {
  if (await run(label, cmd, args, env, output)) return { passed: 1, failed: 0 };
  failures.push(label);
  return { passed: 0, failed: 1 };
}

function printSlowest(label, times, output = toTerminal) {
  if (times.length === 0) return;
  output.write(`\nSlowest files, ${label}:\n${slowestFiles(times, 10).join('\n')}\n`);
}

async function vitest(label, args, jsonFile, env, output = toTerminal) {
  const ok = await run(
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
    output,
  );
  if (!existsSync(jsonFile)) {
    failures.push(`${label}: no report`);
    return { passed: 0, failed: 1 };
  }
  const report = JSON.parse(readFileSync(jsonFile, 'utf8'));
  let failed = report.numFailedTests;
  const named = vitestFailures(report, label);
  failures.push(...named);
  // A suite that fails to load has no failed tests but is still a failure.
  if (!ok && report.numFailedTests === 0) failed += 1;
  if (!ok && named.length === 0) failures.push(`${label}: exited without a failed test`);
  printSlowest(label, vitestFileTimes(report), output);
  return { passed: report.numPassedTests, failed };
}

/** Passed and failed tests of each Playwright project (`chromium` on PGlite, `postgres`). */
function countsByProject(report) {
  const byProject = new Map();
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const counts = byProject.get(test.projectName) ?? { passed: 0, failed: 0 };
        if (test.status === 'expected' || test.status === 'flaky') counts.passed += 1;
        if (test.status === 'unexpected') counts.failed += 1;
        byProject.set(test.projectName, counts);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return byProject;
}

async function playwright(label, jsonFile, args, env) {
  const ok = await run(label, 'npx', ['playwright', 'test', ...args], {
    CHROME_PATH: chromium,
    PLAYWRIGHT_JSON_OUTPUT_NAME: jsonFile,
    // Built at the start of this run (above); the journeys' server serves that build.
    E2E_WEB_BUILT: '1',
    ...env,
  });
  if (!existsSync(jsonFile)) {
    failures.push(`${label}: no report`);
    return { passed: 0, failed: 1 };
  }
  const report = JSON.parse(readFileSync(jsonFile, 'utf8'));
  const stats = report.stats;
  let failed = stats.unexpected;
  failures.push(...playwrightFailures(report, label));
  // A run that failed with no test failed (a crashed web server, a timeout) still fails.
  if (!ok && stats.unexpected === 0) {
    failed += 1;
    failures.push(`${label}: exited without a failed test`);
  }
  printSlowest(label, playwrightFileTimes(report));
  const databases = { chromium: 'PGlite', postgres: 'PostgreSQL' };
  const split = [...countsByProject(report)].map(
    ([project, c]) => `${databases[project] ?? project} ${c.passed} passed, ${c.failed} failed`,
  );
  if (split.length > 0) console.log(`\n${label}: ${split.join('; ')}`);
  return { passed: stats.expected + stats.flaky, failed };
}

/** A stage that cannot run here: skipped with its reason, or failed under CI. */
function missing(name, reason) {
  if (!wanted(name)) return;
  if (process.env.CI === 'true') {
    console.log(`\n${name}: FAILED (${reason})`);
    failures.push(`${name}: ${reason}`);
    stages.push({ name, ms: 0, passed: 0, failed: 1 });
  } else {
    console.log(`\n${name}: SKIPPED (${reason})`);
  }
}

const started = Date.now();
const chromium = findChromium();
const browserStages = ['e2e', 'e2e-postgres', 'quality'].filter(wanted);
if (!chromium && browserStages.length > 0) {
  // One line for the browser stages, as before: `e2e: SKIPPED (…)` (or the one asked for).
  missing(browserStages[0], 'no Chromium found; apt-get install chromium');
}
let withBrowser = Boolean(chromium) && browserStages.length > 0;

// One build of the web app for the quality gates and the journeys, first: their servers serve
// it (E2E_WEB_BUILT below tells playwright.config.ts not to build again). A failed build fails
// them both without running them: an older web/dist would still be there to be measured.
if (withBrowser) {
  const buildStarted = Date.now();
  const built = await step('web build', 'npm', ['run', 'build']);
  record('build', Date.now() - buildStarted, built);
  if (built.failed > 0) {
    for (const name of browserStages) {
      failures.push(`${name}: not run, the web build failed`);
      stages.push({ name, ms: 0, passed: 0, failed: 1 });
    }
    withBrowser = false;
  }
}

/**
 * Makes the run's migrated data directory for the journeys' servers (server/test/processes.ts,
 * newServerDataDir), beside whatever runs then; its output is shown only if it fails. Resolves
 * to its path, or to '' when it could not be made: that is one failure of the run (the
 * migrations are broken), and the journeys' servers then start on empty directories, each
 * migrating its own database as a first start does.
 */
async function makeMigratedDataDir() {
  if (!wanted('e2e') && !(wanted('e2e-postgres') && process.env.TEST_DATABASE_URL)) return;
  // Imported here, after the Node version check: an older Node cannot load a .ts module.
  const { migratedDataDirCommand } = await import('../server/test/processes.ts');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'jumpseat-migrated-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  process.once('exit', remove);
  const chunks = [];
  const output = { write: (chunk) => chunks.push(Buffer.from(chunk)), quiet: true };
  const made = await run(
    'migrated data directory',
    process.execPath,
    migratedDataDirCommand(dir),
    {},
    output,
  );
  if (made) return dir;
  writeSync(1, Buffer.concat(chunks));
  failures.push('migrated data directory');
  stages.push({ name: 'migrated data directory', ms: 0, passed: 0, failed: 1 });
  remove();
  return '';
}

/**
 * Whether this process may raise its priority (root or CAP_SYS_NICE): asked of a child, so the
 * runner's own priority stays as it is.
 */
function canRaisePriority() {
  const probe = spawnSync(process.execPath, ['-e', 'require("node:os").setPriority(-10)']);
  return probe.status === 0;
}

// The journeys' migrated data directory, made while the quality gates start their own server
// and browser (~4 s and ~6 CPU seconds, done before the gates' first measurement; beside the
// build it added as much to the build's wall time). The gates' own server starts on an empty
// directory, a first start, as before. Where the gates run alone, it is made before them.
const migratedDataDir = withBrowser
  ? makeMigratedDataDir().catch((error) => {
      console.log(`\nmigrated data directory: ${error.message}`);
      failures.push('migrated data directory');
      stages.push({ name: 'migrated data directory', ms: 0, passed: 0, failed: 1 });
      return '';
    })
  : Promise.resolve(undefined);

const runQuality = (output) =>
  // Lighthouse (mobile) on five screens, installability and the landing's JS budget.
  // Performance is gated on the median of up to five runs per screen.
  step(
    'quality gates (Lighthouse, installability, landing JS)',
    'node',
    ['scripts/quality-gates.mjs'],
    { CHROME_PATH: chromium, QUALITY_RUNS: '5' },
    output,
  );
// The quality gates beside the type-check, lint and the suites without a server (web, domain,
// architecture: one Vitest worker, nothing else). Lighthouse leaves most of the machine idle (its
// waits for a quiet network and CPU: a third of the two cores on average), and it measures in the
// headless shell at a raised priority, which one busy process beside it does not move
// (docs/testing.md, 'Lighthouse's verdict'). More than that does, whatever its priority: beside
// the PostgreSQL pass (a Vitest worker, its PostgreSQL server and the servers its tests spawn) a
// screen's median fell to 98 and took up to 10 runs, and the gates 170-290 s. Where it cannot
// measure that way (no shell, or no right to raise a priority: a developer's account), it runs
// after them, alone, as before.
const qualityBeside = withBrowser && Boolean(findHeadlessShell()) && canRaisePriority();
/** The suites without a server or database: the web app in jsdom, the domain rules, the architecture. */
const webPass = (output, workers) =>
  vitest(
    'vitest (web, domain, architecture)',
    [
      ...WEB_PROJECTS.flatMap((name) => ['--project', name]),
      ...(workers ? ['--maxWorkers', String(workers)] : []),
    ],
    `${out}/vitest-web.json`,
    {},
    output,
  );
const webBesideQuality = qualityBeside && wanted('quality') && wanted('vitest-web');
const quality = qualityBeside
  ? besideNext(
      'quality',
      ['typecheck', 'lint', ...(webBesideQuality ? ['vitest-web'] : [])],
      runQuality,
    )
  : { collect: async () => undefined };
// The package's own scripts: `npm run typecheck` is TypeScript 7's tsc on one thread (its default
// four checkers took more CPU and more wall time on the 2-core machine, and would take the core
// the quality gates measure on beside it).
await stage('typecheck', () => step('type-check', 'npm', ['run', '--silent', 'typecheck']));
await stage('lint', () => step('lint', 'npm', ['run', '--silent', 'lint']));
const webBeside = webBesideQuality
  ? besideNext('vitest-web', ['quality'], (output) => webPass(output, 1))
  : null;
await quality.collect();
if (webBeside) await webBeside.collect();
if (withBrowser && !qualityBeside) {
  await migratedDataDir;
  await stage('quality', runQuality);
}

/**
 * The server files where the engine matters, each marked `// @postgres: <why>` on its first line
 * (the rule: docs/testing.md), on TEST_DATABASE_URL; every file runs on PGlite in 'vitest'.
 */
const postgresPass = (output, workers) =>
  vitest(
    'vitest (server on PostgreSQL: the files marked @postgres)',
    [
      '--project',
      'server',
      ...(workers ? ['--maxWorkers', String(workers)] : []),
      ...postgresPassFiles(),
    ],
    `${out}/vitest-postgres.json`,
    { JUMPSEAT_TEST_DB: 'postgres' },
    output,
  );
// Beside the Vitest stage with one worker: three workers on two cores, rather than a stage of
// its own after it.
const postgresBeside =
  wanted('vitest-postgres') && wanted('vitest') && process.env.TEST_DATABASE_URL
    ? besideNext('vitest-postgres', ['vitest'], (output) => postgresPass(output, 1))
    : null;
await stage('vitest', () =>
  vitest(
    'vitest (server on PGlite)',
    SERVER_PROJECTS.flatMap((name) => ['--project', name]),
    `${out}/vitest.json`,
    {},
  ),
);
if (postgresBeside) await postgresBeside.collect();
else if (process.env.TEST_DATABASE_URL)
  await stage('vitest-postgres', (output) => postgresPass(output));
else if (only?.has('vitest-postgres')) missing('vitest-postgres', 'TEST_DATABASE_URL is not set');

// Where the gates do not run beside the others: beside the journeys, with one worker (two
// journeys at a time leave a sixth of the two cores idle), else alone.
const webBesideJourneys = !webBesideQuality && withBrowser && wanted('e2e');
const webBesideE2e = webBesideJourneys
  ? besideNext('vitest-web', ['e2e'], (output) => webPass(output, 1))
  : null;
if (!webBesideQuality && !webBesideE2e) await stage('vitest-web', (output) => webPass(output));

if (withBrowser) {
  // One Playwright run for both databases: every journey on PGlite (project 'chromium') and,
  // with TEST_DATABASE_URL, the core journeys (tagged @postgres) on a server on a scratch
  // database of that PostgreSQL (project 'postgres'; playwright.config.ts starts that server
  // beside the first, on the same build, and drops the database after). Not every journey on
  // both: the server files where the engine matters already run on both databases; these cover
  // what only a real server and browser show together (sign-up to chat, live updates over the
  // LISTEN/NOTIFY bus, sessions ended everywhere, payments, moderation, the offline queue's
  // exactly-once send). `--only e2e-postgres` runs the PostgreSQL project alone.
  const migrated = await migratedDataDir;
  if (migrated !== undefined) process.env.JUMPSEAT_MIGRATED_DATA_DIR = migrated;
  const withPostgres = Boolean(process.env.TEST_DATABASE_URL);
  if (wanted('e2e') || wanted('e2e-postgres')) {
    console.log(`\nJourneys' browser: ${findHeadlessShell() ?? chromium}`);
  }
  if (wanted('e2e')) {
    await stage('e2e', () =>
      playwright(
        withPostgres
          ? 'e2e (Playwright, Chromium; PGlite, and the core journeys on PostgreSQL)'
          : 'e2e (Playwright, Chromium)',
        `${out}/playwright.json`,
        [],
        {},
      ),
    );
  } else if (wanted('e2e-postgres') && withPostgres) {
    await stage('e2e-postgres', () =>
      playwright(
        'e2e core journeys on PostgreSQL (Playwright, Chromium)',
        `${out}/playwright-postgres.json`,
        ['--project', 'postgres'],
        {},
      ),
    );
  }
  if (only?.has('e2e-postgres') && !withPostgres) {
    missing('e2e-postgres', 'TEST_DATABASE_URL is not set');
  }
}
if (webBesideE2e) await webBesideE2e.collect();

const passed = stages.reduce((n, s) => n + s.passed, 0);
const failed = stages.reduce((n, s) => n + s.failed, 0);
console.log(`\nStages:\n${stageTable(stages, Date.now() - started)}`);
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
