import { describe, expect, it } from 'vitest';
import { anonymisedEmail, retentionCutoffs } from './retention';
import { fillSeries, seriesDays, seriesWeekStarts } from './stats';

describe('retentionCutoffs', () => {
  it('counts 12 calendar months back, and 90 days for the logs', () => {
    const cut = retentionCutoffs(new Date('2030-03-01T08:00:00Z'));
    expect(cut.inactiveBefore.toISOString()).toBe('2029-03-01T08:00:00.000Z');
    expect(cut.logsBefore.toISOString()).toBe('2029-12-01T08:00:00.000Z');
    expect(anonymisedEmail(42)).toBe('anonymised-42@invalid');
  });
});

describe('activity series periods', () => {
  it('ends with the current ISO week, Monday-based, in UTC', () => {
    // Sunday 23:30 UTC is still the week that began on Monday the 10th.
    expect(seriesWeekStarts(new Date('2030-06-16T23:30:00Z'), 2)).toEqual([
      '2030-06-03',
      '2030-06-10',
    ]);
    expect(seriesWeekStarts(new Date('2030-06-17T00:00:00Z'), 1)).toEqual(['2030-06-17']);
  });

  it('lists every day up to today and fills gaps with 0', () => {
    const days = seriesDays(new Date('2030-03-01T00:00:01Z'), 3);
    expect(days).toEqual(['2030-02-27', '2030-02-28', '2030-03-01']);
    expect(fillSeries(days, [{ period: '2030-02-28', count: 4 }])).toEqual([
      { period: '2030-02-27', count: 0 },
      { period: '2030-02-28', count: 4 },
      { period: '2030-03-01', count: 0 },
    ]);
  });
});
