/** Time is injected so every rule that depends on it can be tested at a fixed instant. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

/** A clock for tests: starts at `start` and moves only when told. */
export function fixedClock(
  start: Date | string,
): Clock & { set(d: Date | string): void; advance(ms: number): void } {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set: (d) => {
      current = new Date(d);
    },
    advance: (ms) => {
      current = new Date(current.getTime() + ms);
    },
  };
}

/** The system clock moved by `offsetMs`: a whole server running days ahead. */
export function offsetClock(offsetMs: number): Clock {
  return { now: () => new Date(Date.now() + offsetMs) };
}

/**
 * The server process's clock. Browser journeys that span days (a trial that runs out, a
 * membership that lapses) start a server with NODE_ENV=test and TEST_CLOCK_OFFSET_MS; outside
 * a test environment the variable is refused, so no deployment can run on a moved clock.
 */
export function processClock(env: 'production' | 'development' | 'test', offset?: string): Clock {
  if (offset === undefined || offset === '') return systemClock;
  const ms = Number(offset);
  if (env !== 'test') throw new Error('TEST_CLOCK_OFFSET_MS: only allowed with NODE_ENV=test');
  if (!Number.isSafeInteger(ms))
    throw new Error('TEST_CLOCK_OFFSET_MS: must be whole milliseconds');
  return offsetClock(ms);
}
