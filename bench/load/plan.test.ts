import { describe, expect, it } from 'vitest';
import { CREW, loadSeedPlan } from './plan';

describe('load test seed plan', () => {
  // The load test must pass at any hour: no seeded flight may have departed (or be about to
  // close its chat) during a run, whatever time of day it starts.
  it.each(['00:05', '12:00', '23:55'])('seeds only flights well ahead of a run at %s UTC', (hm) => {
    const now = new Date(`2026-11-24T${hm}:00Z`);
    const plan = loadSeedPlan(500, now);
    expect(plan.flights.length).toBe(150);
    for (const f of plan.flights) {
      const ahead = new Date(f.departureAt).getTime() - now.getTime();
      expect(ahead).toBeGreaterThanOrEqual(12 * 3_600_000);
      expect(ahead).toBeLessThan(3 * 86_400_000);
      expect(new Set(f.crew).size).toBe(f.crew.length);
      expect(f.crew.length).toBeGreaterThan(1);
      expect(f.crew.length).toBeLessThanOrEqual(CREW);
    }
    expect(new Set(plan.flights.map((f) => f.flightNumber)).size).toBe(plan.flights.length);
  });

  it('puts every member on at least one crew', () => {
    const plan = loadSeedPlan(97, new Date('2026-11-24T00:05:00Z'));
    const onCrew = new Set(plan.flights.flatMap((f) => f.crew));
    expect(onCrew.size).toBe(97);
  });
});
