import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { medianVerdict } from './median-verdict.mjs';

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

describe('the quality gates stop once the median is settled', () => {
  it('settles five runs after three that agree, and not before', () => {
    expect(medianVerdict([99, 96], 5, 95)).toBeNull();
    expect(medianVerdict([99, 96, 95], 5, 95)).toBe('pass');
    expect(medianVerdict([94, 90, 80], 5, 95)).toBe('fail');
    expect(medianVerdict([99, 90, 96, 80], 5, 95)).toBeNull();
    expect(medianVerdict([99, 90, 96, 80, 95], 5, 95)).toBe('pass');
  });

  it('gives the verdict of all the planned runs, whatever the runs not taken would score', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 1, maxLength: 15 }),
        fc.integer({ min: 50, max: 100 }),
        (all, gate) => {
          const planned = all.length;
          const full = (median(all) ?? 0) >= gate ? 'pass' : 'fail';
          for (let taken = 1; taken <= planned; taken += 1) {
            const verdict = medianVerdict(all.slice(0, taken), planned, gate);
            if (verdict !== null) return verdict === full;
          }
          return false; // all planned runs always settle it
        },
      ),
    );
  });
});
