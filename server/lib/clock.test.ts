import { describe, expect, it } from 'vitest';
import { processClock, systemClock } from './clock';

describe('processClock', () => {
  it('is the system clock unless an offset is given', () => {
    expect(processClock('production')).toBe(systemClock);
    expect(processClock('production', '')).toBe(systemClock);
  });

  it('runs a test server ahead by the offset', () => {
    const day = 24 * 60 * 60 * 1000;
    const before = Date.now();
    const at = processClock('test', String(8 * day))
      .now()
      .getTime();
    expect(at).toBeGreaterThanOrEqual(before + 8 * day);
    expect(at).toBeLessThanOrEqual(Date.now() + 8 * day);
  });

  it('refuses a moved clock outside a test environment, and a malformed offset', () => {
    expect(() => processClock('production', '1000')).toThrow(/only allowed with NODE_ENV=test/);
    expect(() => processClock('development', '1000')).toThrow(/NODE_ENV=test/);
    expect(() => processClock('test', '8 days')).toThrow(/whole milliseconds/);
  });
});
