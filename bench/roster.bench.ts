/**
 * Roster parser throughput: `npm run bench:roster`.
 * Targets: a month's roster (~100 lines) in under 1 ms, and a constant time per line from
 * 500 to 50,000 lines (within 1.5x), i.e. the parser is linear.
 */
import { parseRoster } from '../domain';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const ROUTES = [
  ['LHR', 'JFK'],
  ['LGW', 'FAO'],
  ['LHR', 'SIN'],
  ['LCY', 'EDI'],
  ['LHR', 'BOS'],
  ['LGW', 'PMI'],
];

/**
 * A realistic roster of about `lines` lines: a date line per day, then report, sectors and
 * release lines, with days off and standby. Flight numbers keep growing so that long rosters
 * are not mostly duplicates (the duplicate Set must still see every key).
 */
function makeRoster(lines: number): string {
  const out: string[] = [];
  let day = 0;
  let number = 1;
  while (out.length < lines) {
    const date = new Date(Date.UTC(2025, 0, 1 + day));
    const head = `${WEEKDAYS[(date.getUTCDay() + 6) % 7]} ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]}`;
    const kind = day % 7;
    if (kind === 5) out.push(`${head}\tOFF`);
    else if (kind === 6) out.push(`${head}\tSBY\tLHR 0500-1700`);
    else {
      const [a, b] = ROUTES[day % ROUTES.length] ?? ['LHR', 'JFK'];
      out.push(`${head}\tFLY\tRPT 0610`);
      out.push(`\t\t0655 BA${String(number++ % 10000).padStart(4, '0')} ${a} ${b}\t0930\tA320`);
      out.push(`\t\t1020 BA${number++ % 10000} ${b} ${a}\t1310\tA320\tREL 1340`);
    }
    day++;
  }
  return out.slice(0, lines).join('\n');
}

const nowMs = () => performance.now();

/** Median of several timed runs, after a warm-up, in milliseconds per parse. */
function measure(text: string, runs: number): number {
  for (let i = 0; i < Math.max(3, runs / 5); i++) parseRoster(text, { year: 2025 });
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = nowMs();
    parseRoster(text, { year: 2025 });
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
  const text = makeRoster(lines);
  const flights = parseRoster(text, { year: 2025 }).flights.length;
  const ms = measure(text, runs);
  perThousand.set(lines, (ms / lines) * 1000);
  console.log(
    `${String(lines).padStart(6)} lines  ${String(flights).padStart(6)} flights  ${ms.toFixed(3).padStart(9)} ms/parse  ${((ms / lines) * 1000).toFixed(4)} ms per 1,000 lines`,
  );
}

const month = makeRoster(100);
const monthMs = measure(month, 2000);
console.log(`\nmonth roster (100 lines): ${monthMs.toFixed(4)} ms per parse (target < 1 ms)`);

const ratio = (perThousand.get(50_000) ?? Number.NaN) / (perThousand.get(500) ?? Number.NaN);
console.log(`per-line time 50,000 vs 500 lines: ${ratio.toFixed(2)}x (target within 1.5x)`);

const ok = monthMs < 1 && ratio <= 1.5 && ratio >= 1 / 1.5;
console.log(ok ? '\nPASS' : '\nFAIL');
if (!ok) process.exitCode = 1;
