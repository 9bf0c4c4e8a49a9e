// Names of what failed in a Vitest or Playwright JSON report, one line each, for the end of
// `npm test`: CI often keeps only the tail of a long run's output, where the total is.

const firstLine = (text, max = 300) =>
  String(text ?? '')
    .split('\n')[0]
    .slice(0, max);

/** Failed tests, and files that failed to load (no failed test, but the file failed). */
export function vitestFailures(report, label, root = process.cwd()) {
  const out = [];
  for (const file of report.testResults ?? []) {
    const name = file.name.startsWith(`${root}/`) ? file.name.slice(root.length + 1) : file.name;
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const test of failedTests) {
      out.push(`${label}: ${name} > ${test.fullName}\n    ${firstLine(test.failureMessages?.[0])}`);
    }
    if (file.status === 'failed' && failedTests.length === 0) {
      out.push(`${label}: ${name} (${firstLine(file.message) || 'failed to load'})`);
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
        if (test.status === 'unexpected')
          out.push(`${label}: ${spec.file}:${spec.line} > ${spec.title}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return out;
}
