import { describe, expect, it } from 'vitest';
import { activityScore, compareStatsRows, liveConnections, matchesStatsFilter } from './stats';

describe('activityScore', () => {
  it.each([
    [0, 0, 0, 0],
    [3, 0, 0, 3],
    [0, 1, 0, 0],
    [0, 1, 1, 1],
    [2, 3, 0, 3],
    [5, 4, 5, 9],
  ])('flights %i, sent %i, received %i -> %i', (flights, wavesSent, wavesReceived, score) => {
    expect(activityScore({ flights, wavesSent, wavesReceived })).toBe(score);
  });

  it('counts live connections as sent plus received', () => {
    expect(liveConnections({ flights: 0, wavesSent: 2, wavesReceived: 3 })).toBe(5);
  });
});

describe('statistics table', () => {
  const row = (name: string, flightCount: number, wavesSent: number, isOnline = false) => ({
    name,
    isOnline,
    subscriptionStatus: isOnline ? 'active' : 'expired',
    flightCount,
    wavesSent,
    wavesReceived: 0,
  });
  const rows = [row('Cara', 1, 8), row('Abe', 4, 0, true), row('Ben', 2, 2)];

  it.each([
    ['activity', ['Cara', 'Abe', 'Ben']],
    ['name', ['Abe', 'Ben', 'Cara']],
    ['flights', ['Abe', 'Ben', 'Cara']],
    ['waves', ['Cara', 'Ben', 'Abe']],
  ] as const)('sorts by %s', (sort, names) => {
    expect([...rows].sort(compareStatsRows(sort)).map((r) => r.name)).toEqual(names);
  });

  it('filters all, active and online', () => {
    expect(rows.filter((r) => matchesStatsFilter(r, 'all'))).toHaveLength(3);
    expect(rows.filter((r) => matchesStatsFilter(r, 'active')).map((r) => r.name)).toEqual(['Abe']);
    expect(rows.filter((r) => matchesStatsFilter(r, 'online')).map((r) => r.name)).toEqual(['Abe']);
  });
});
