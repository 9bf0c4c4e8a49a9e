/**
 * Roster parser throughput: `npm run bench:roster`.
 * Targets: a month's roster (~100 lines) in under 1 ms, and a constant time per line from
 * 500 to 50,000 lines (within 1.5x), i.e. the parser is linear.
 */
import { parseRoster } from '../domain';
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

const ok = monthMs < 1 && ratio <= 1.5 && ratio >= 1 / 1.5;
console.log(ok ? '\nPASS' : '\nFAIL');
if (!ok) process.exitCode = 1;
