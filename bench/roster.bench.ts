/**
 * Roster throughput: `npm run bench:roster`.
 * The parser: a month's roster (~100 lines) in under 1 ms, and a constant time per line from
 * 500 to 50,000 lines (within 1.5x), i.e. the parser is linear.
 * The preview (POST /api/roster/preview, in process on a fresh PGlite database, a signed-in
 * member with flights listed): a month's text roster under 50 ms and a year-long ICS file
 * under 250 ms (medians), each printed beside its baseline: the parser alone in the browser (what
 * the screen did before the endpoint), and the file's reading without the endpoint.
 */
import { parseRoster, previewRow } from '../domain';
import { buildApp } from '../server/app';
import { testConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { fixedClock } from '../server/lib/clock';
import { yearLongCalendar } from '../server/modules/roster/fixtures/calendars';
import { readRosterInput } from '../server/modules/roster/service';
import { buildCrew, buildFlight, joinFlight } from '../server/test/factories';
import { injectAs } from '../server/test/inject-as';
import { multipartFile } from '../server/test/multipart';
import { makeRoster } from './roster-setup';

// The parser is timeless: one fixed start keeps runs comparable.
const START = new Date('2025-01-01T00:00:00Z');
const YEAR = START.getUTCFullYear();

const nowMs = () => performance.now();

/** Median of several timed runs, after a warm-up, in milliseconds per parse. */
function measure(text: string, runs: number): number {
  for (let i = 0; i < Math.max(3, runs / 5); i++) parseRoster(text, { year: YEAR });
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = nowMs();
    parseRoster(text, { year: YEAR });
    samples.push(nowMs() - start);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)] ?? Number.NaN;
}

const sizes = [
  { lines: 500, runs: 400 },
  { lines: 5_000, runs: 60 },
  { lines: 50_000, runs: 12 },
];

const perThousand = new Map<number, number>();
console.log('Roster parser benchmark (median of runs after warm-up)\n');
for (const { lines, runs } of sizes) {
  const text = makeRoster(lines, START);
  const flights = parseRoster(text, { year: YEAR }).flights.length;
  const ms = measure(text, runs);
  perThousand.set(lines, (ms / lines) * 1000);
  console.log(
    `${String(lines).padStart(6)} lines  ${String(flights).padStart(6)} flights  ${ms.toFixed(3).padStart(9)} ms/parse  ${((ms / lines) * 1000).toFixed(4)} ms per 1,000 lines`,
  );
}

const month = makeRoster(100, START);
const monthMs = measure(month, 2000);
console.log(`\nmonth roster (100 lines): ${monthMs.toFixed(4)} ms per parse (target < 1 ms)`);

const ratio = (perThousand.get(50_000) ?? Number.NaN) / (perThousand.get(500) ?? Number.NaN);
console.log(`per-line time 50,000 vs 500 lines: ${ratio.toFixed(2)}x (target within 1.5x)`);

/** Median milliseconds of `runs` calls of an async step, after a warm-up. */
async function measureAsync(step: () => Promise<unknown>, runs: number): Promise<number> {
  for (let i = 0; i < 5; i++) await step();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = nowMs();
    await step();
    samples.push(nowMs() - start);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)] ?? Number.NaN;
}

console.log(
  '\nRoster preview benchmark (POST /api/roster/preview, median of runs after warm-up)\n',
);
// A fresh in-memory PGlite database, migrated, and the app on it at the roster's start.
const database = await openDatabase({ kind: 'pglite' });
await database.migrate();
const app = await buildApp({
  config: testConfig({ logLevel: 'warn' }),
  database,
  clock: fixedClock(START.toISOString()),
  webDist: null,
});
await app.ready();
// Each member may read 60 rosters an hour (MEMBER_LIMITS.rosterPreview) and the clock stands
// still: the requests go round members enough for all of them, each on the same three flights.
const flights = [];
for (const daysAhead of [1, 2, 3]) flights.push(await buildFlight(database.db, { daysAhead }));
const members: Awaited<ReturnType<typeof injectAs>>[] = [];
for (let i = 0; i < 8; i++) {
  const member = await buildCrew(database.db, { now: START });
  for (const flight of flights) await joinFlight(database.db, member, flight);
  members.push(await injectAs(app, member));
}
let turn = 0;
const as: (typeof members)[number] = (options) => {
  turn += 1;
  return (members[turn % members.length] as (typeof members)[number])(options);
};
const year = yearLongCalendar(YEAR);
const upload = multipartFile('roster.ics', year, { type: 'text/calendar' });
const preview = async (options: { payload: unknown; headers?: Record<string, string> }) => {
  const res = await as({ method: 'POST', url: '/api/roster/preview', ...(options as object) });
  if (res.statusCode !== 200)
    throw new Error(`preview: ${res.statusCode} ${res.body.slice(0, 200)}`);
  return res;
};
const monthFlights = (await preview({ payload: { text: month } })).json().flights.length;
const yearFlights = (await preview(upload)).json().flights.length;

const monthBaseline = monthMs;
const monthPreview = await measureAsync(() => preview({ payload: { text: month } }), 150);
const yearBaseline = await measureAsync(async () => {
  const read = await readRosterInput(
    { kind: 'file', format: 'ics', bytes: Buffer.from(year) },
    START.toISOString().slice(0, 10),
  );
  return read.flights.map((f) => previewRow(f, START));
}, 40);
const yearPreview = await measureAsync(() => preview(upload), 40);
await app.close();
await database.close();

console.log(
  `month text roster (100 lines, ${monthFlights} flights): ${monthPreview.toFixed(2)} ms per preview; baseline, the parser alone in the browser: ${monthBaseline.toFixed(3)} ms (target < 50 ms)`,
);
console.log(
  `year-long ICS (${(year.length / 1024).toFixed(0)} KB, ${yearFlights} flights): ${yearPreview.toFixed(2)} ms per preview; baseline, reading the file alone: ${yearBaseline.toFixed(2)} ms (target < 250 ms)`,
);

const ok =
  monthMs < 1 && ratio <= 1.5 && ratio >= 1 / 1.5 && monthPreview < 50 && yearPreview < 250;
console.log(ok ? '\nPASS' : '\nFAIL');
if (!ok) process.exitCode = 1;
