// Names of what failed in a Vitest or Playwright JSON report, one line each, for the end of
// `npm test`: CI often keeps only the tail of a long run's output, where the total is.

// biome-ignore lint/suspicious/noControlCharactersInRegex: terminal colour codes in error text
const stripColour = (text) => String(text ?? '').replace(/\u001b\[[0-9;]*m/g, '');
const firstLine = (text, max = 300) =>
  String(text ?? '')
    .split('\n')[0]
    .slice(0, max);

/** Failed tests, and files that failed outside a test (no failed test, but the file failed). */
export function vitestFailures(report, label, root = process.cwd()) {
  const out = [];
  for (const file of report.testResults ?? []) {
    const name = file.name.startsWith(`${root}/`) ? file.name.slice(root.length + 1) : file.name;
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const test of failedTests) {
      out.push(`${label}: ${name} > ${test.fullName}\n    ${firstLine(test.failureMessages?.[0])}`);
    }
    if (file.status === 'failed' && failedTests.length === 0) {
      // A load error, a failed beforeAll/afterAll (its tests then show as skipped) or an
      // unhandled error: the report often has no message for these; the log above has it.
      const why =
        firstLine(file.message) ||
        'failed outside a test: a hook, the import or an unhandled error';
      out.push(`${label}: ${name} (${why})`);
    }
  }
  return out;
}

/** Tests that failed on every attempt (Playwright's 'unexpected'); flaky ones passed on retry. */
export function playwrightFailures(report, label) {
  const out = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const why = firstLine(stripColour(test.results?.at(-1)?.error?.message));
        out.push(`${label}: ${spec.file}:${spec.line} > ${spec.title}${why ? `\n    ${why}` : ''}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return out;
}
