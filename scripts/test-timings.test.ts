import { describe, expect, it } from 'vitest';
import { playwrightFileTimes, slowestFiles, stageTable, vitestFileTimes } from './test-timings.mjs';

describe("npm test's timings", () => {
  it("reads each Vitest file's wall time and test count, relative to the root", () => {
    const report = {
      testResults: [
        {
          name: '/repo/server/a.test.ts',
          startTime: 1_000,
          endTime: 4_500,
          assertionResults: [{}, {}],
        },
        { name: '/elsewhere/b.test.ts', startTime: 2_000, endTime: 2_100, assertionResults: [] },
      ],
    };
    expect(vitestFileTimes(report, '/repo')).toEqual([
      { file: 'server/a.test.ts', ms: 3_500, tests: 2 },
      { file: '/elsewhere/b.test.ts', ms: 100, tests: 0 },
    ]);
  });

  it('sums every attempt of every Playwright test per spec file, nested suites included', () => {
    const report = {
      suites: [
        {
          specs: [{ file: 'a.spec.ts', tests: [{ results: [{ duration: 1_000 }] }] }],
          suites: [
            {
              specs: [
                {
                  file: 'a.spec.ts',
                  tests: [{ results: [{ duration: 2_000 }, { duration: 500 }] }],
                },
                { file: 'b.spec.ts', tests: [{ results: [{ duration: 300 }] }] },
              ],
            },
          ],
        },
      ],
    };
    expect(playwrightFileTimes(report)).toEqual([
      { file: 'a.spec.ts', ms: 3_500, tests: 2 },
      { file: 'b.spec.ts', ms: 300, tests: 1 },
    ]);
  });

  it('lists the slowest files first, at most the count asked for', () => {
    const times = Array.from({ length: 12 }, (_, i) => ({
      file: `f${i}`,
      ms: i * 1_000,
      tests: 1,
    }));
    const lines = slowestFiles(times, 10);
    expect(lines).toHaveLength(10);
    expect(lines[0]).toContain('11.0 s  f11 (1 tests)');
    expect(lines[9]).toContain('f2 ');
  });

  it('ends with a table of stages and their total', () => {
    const table = stageTable([
      { name: 'lint', ms: 2_000, passed: 1, failed: 0 },
      { name: 'vitest', ms: 60_000, passed: 1_600, failed: 2 },
    ]).split('\n');
    expect(table[0]).toMatch(/^stage\s+wall time\s+passed\s+failed$/);
    expect(table[2]).toMatch(/^lint\s+2\.0 s\s+1\s+0$/);
    expect(table[3]).toMatch(/^vitest\s+60\.0 s\s+1600\s+2$/);
    expect(table[4]).toMatch(/^total\s+62\.0 s\s+1601\s+2$/);
  });

  it("names a stage that ran beside another, and totals the run's wall time, not the rows", () => {
    const table = stageTable(
      [
        { name: 'vitest', ms: 60_000, passed: 1_600, failed: 0 },
        { name: 'typecheck', ms: 20_000, passed: 1, failed: 0, beside: 'vitest' },
      ],
      61_000,
    ).split('\n');
    expect(table[3]).toMatch(/^typecheck \(beside vitest\)\s+20\.0 s\s+1\s+0$/);
    expect(table[4]).toMatch(/^total\s+61\.0 s\s+1601\s+0$/);
  });
});
