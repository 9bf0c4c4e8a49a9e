import { describe, expect, it } from 'vitest';
import { playwrightFailures, vitestFailures } from './test-failures.mjs';

/** Shapes as Vitest's and Playwright's JSON reporters write them (fields trimmed to those read). */
const vitestReport = {
  numFailedTests: 1,
  testResults: [
    {
      name: '/repo/server/a.test.ts',
      status: 'failed',
      message: '',
      assertionResults: [
        { fullName: 'a passes', status: 'passed', failureMessages: [] },
        {
          fullName: 'the socket closes',
          status: 'failed',
          failureMessages: ['AssertionError: expected null to be 4401\n    at line 3'],
        },
      ],
    },
    {
      name: '/repo/server/b.test.ts',
      status: 'failed',
      message: 'Error: Cannot find module ./gone\n  stack',
      assertionResults: [],
    },
    {
      name: '/repo/server/d.test.ts',
      status: 'failed',
      message: '',
      assertionResults: [{ fullName: 'after a failed beforeAll', status: 'skipped' }],
    },
    { name: '/repo/server/c.test.ts', status: 'passed', message: '', assertionResults: [] },
  ],
};

describe('the failure list at the end of npm test', () => {
  it('names each failed Vitest test with its first error line, and a file that failed to load', () => {
    expect(vitestFailures(vitestReport, 'vitest (PG)', '/repo')).toEqual([
      'vitest (PG): server/a.test.ts > the socket closes\n    AssertionError: expected null to be 4401',
      'vitest (PG): server/b.test.ts (Error: Cannot find module ./gone)',
      'vitest (PG): server/d.test.ts (failed outside a test: a hook, the import or an unhandled error)',
    ]);
  });

  it('names nothing when every test passed', () => {
    const green = { testResults: [vitestReport.testResults[3]] };
    expect(vitestFailures(green, 'vitest', '/repo')).toEqual([]);
  });

  it('names the Playwright tests that failed on every attempt, not the flaky ones', () => {
    const report = {
      suites: [
        {
          file: 'a.spec.ts',
          specs: [],
          suites: [
            {
              specs: [
                {
                  file: 'a.spec.ts',
                  line: 12,
                  title: 'signs in',
                  tests: [
                    {
                      status: 'unexpected',
                      results: [
                        { error: { message: 'first try' } },
                        { error: { message: '\u001b[31mError: timed out\u001b[39m\n  at x' } },
                      ],
                    },
                  ],
                },
                { file: 'a.spec.ts', line: 30, title: 'waves', tests: [{ status: 'flaky' }] },
                { file: 'a.spec.ts', line: 50, title: 'chats', tests: [{ status: 'expected' }] },
              ],
            },
          ],
        },
      ],
    };
    expect(playwrightFailures(report, 'e2e')).toEqual([
      'e2e: a.spec.ts:12 > signs in\n    Error: timed out',
    ]);
  });
});
