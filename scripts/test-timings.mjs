// Where `npm test`'s time goes: each suite's slowest files, and the closing table of stages.
// Read from the JSON reports Vitest and Playwright already write.

const relative = (name, root) => (name.startsWith(`${root}/`) ? name.slice(root.length + 1) : name);

/** Vitest: each file's wall time (its first test's start to its last test's end, as reported). */
export function vitestFileTimes(report, root = process.cwd()) {
  return (report.testResults ?? []).map((file) => ({
    file: relative(file.name, root),
    ms: Math.max(0, (file.endTime ?? 0) - (file.startTime ?? 0)),
    tests: (file.assertionResults ?? []).length,
  }));
}

/** Playwright: each spec file's summed test time (every attempt of every test in it). */
export function playwrightFileTimes(report) {
  const byFile = new Map();
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      const entry = byFile.get(spec.file) ?? { file: spec.file, ms: 0, tests: 0 };
      for (const test of spec.tests ?? []) {
        entry.tests += 1;
        for (const result of test.results ?? []) entry.ms += result.duration ?? 0;
      }
      byFile.set(spec.file, entry);
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return [...byFile.values()];
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** The `count` slowest files, one line each, slowest first. */
export function slowestFiles(times, count = 10) {
  return [...times]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count)
    .map((t) => `  ${seconds(t.ms).padStart(9)}  ${t.file} (${t.tests} tests)`);
}

/**
 * The closing table: one row per stage that ran, with its wall time and counts, and a total.
 * A stage that ran beside another says so (`beside`); their times overlap, so the total is the
 * run's own wall time (`wallMs`) when given, not the sum of the rows.
 */
export function stageTable(stages, wallMs) {
  const rows = stages.map((s) => [
    s.beside ? `${s.name} (beside ${s.beside})` : s.name,
    seconds(s.ms),
    String(s.passed),
    String(s.failed),
  ]);
  const total = wallMs ?? stages.reduce((sum, s) => sum + s.ms, 0);
  rows.push([
    'total',
    seconds(total),
    String(stages.reduce((n, s) => n + s.passed, 0)),
    String(stages.reduce((n, s) => n + s.failed, 0)),
  ]);
  const header = ['stage', 'wall time', 'passed', 'failed'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
