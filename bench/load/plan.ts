import { randomBytes } from 'node:crypto';

/** Members per crew and flights each member works, the shape of the seeded load-test data. */
export const CREW = 10;
export const FLIGHTS_PER_MEMBER = 3;

export type SeedPlan = {
  tag: string;
  /** `crew` holds member indexes (0-based) into the seeded members. */
  flights: { flightNumber: string; departureAt: string; crew: number[] }[];
};

/**
 * Which flights the load test seeds and who works them: every flight departs at least 12 hours
 * after `now` (and within three days), so a run at any hour never meets a departed flight or a
 * closed chat.
 */
export function loadSeedPlan(members: number, now: Date): SeedPlan {
  const count = Math.max(1, Math.ceil((members * FLIGHTS_PER_MEMBER) / CREW));
  const firstHour = Math.ceil(now.getTime() / 3_600_000) + 12;
  // Each pass over the members deals them in a different (fixed) order, so every member is on a
  // crew in every pass and meets different colleagues in the next.
  const orders = new Map<number, number[]>();
  const dealing = (pass: number) => {
    let order = orders.get(pass);
    if (!order) {
      order = Array.from({ length: members }, (_, m) => m);
      let seed = pass + 1;
      for (let m = members - 1; m > 0; m--) {
        seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
        const j = seed % (m + 1);
        [order[m], order[j]] = [order[j]!, order[m]!];
      }
      orders.set(pass, order);
    }
    return order;
  };
  const flights: SeedPlan['flights'] = [];
  for (let i = 0; i < count; i++) {
    const departure = new Date((firstHour + (i % 60)) * 3_600_000);
    const crew = new Set<number>();
    for (let k = 0; k < CREW; k++) {
      const slot = i * CREW + k;
      crew.add(dealing(Math.floor(slot / members))[slot % members]!);
    }
    flights.push({
      flightNumber: `BA${100 + i}`,
      departureAt: departure.toISOString(),
      crew: [...crew],
    });
  }
  return { tag: randomBytes(3).toString('hex'), flights };
}
