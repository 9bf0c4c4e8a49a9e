import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { utcOffsetMinutes, utcToZoned, zonedToUtc } from './zoned-time';

const iso = (d: Date) => d.toISOString().slice(0, 16);

describe('zonedToUtc', () => {
  it('reads a New York evening departure as the next GMT day', () => {
    expect(iso(zonedToUtc({ date: '2026-11-29', time: '20:45' }, 'America/New_York'))).toBe(
      '2026-11-30T01:45',
    );
  });

  it('follows summer time on each side of the change', () => {
    expect(iso(zonedToUtc({ date: '2026-03-28', time: '15:30' }, 'Europe/London'))).toBe(
      '2026-03-28T15:30',
    );
    expect(iso(zonedToUtc({ date: '2026-03-29', time: '15:30' }, 'Europe/London'))).toBe(
      '2026-03-29T14:30',
    );
  });

  it('moves a time in the skipped hour past the change', () => {
    // 01:30 does not exist in London on 29 Mar 2026: a clock not yet moved on reads it as 02:30 BST.
    expect(iso(zonedToUtc({ date: '2026-03-29', time: '01:30' }, 'Europe/London'))).toBe(
      '2026-03-29T01:30',
    );
  });

  it('reads a time in the repeated hour as the earlier instant, west and east of Greenwich', () => {
    expect(iso(zonedToUtc({ date: '2026-10-25', time: '01:30' }, 'Europe/London'))).toBe(
      '2026-10-25T00:30',
    );
    expect(iso(zonedToUtc({ date: '2026-04-05', time: '02:30' }, 'Australia/Sydney'))).toBe(
      '2026-04-04T15:30',
    );
    expect(iso(zonedToUtc({ date: '2026-11-01', time: '01:30' }, 'America/New_York'))).toBe(
      '2026-11-01T05:30',
    );
  });

  it('handles zones with part-hour offsets', () => {
    expect(iso(zonedToUtc({ date: '2026-06-01', time: '09:00' }, 'Asia/Kolkata'))).toBe(
      '2026-06-01T03:30',
    );
    expect(utcOffsetMinutes(new Date('2026-06-01T00:00Z'), 'Asia/Kathmandu')).toBe(345);
  });

  it('refuses a wall clock that is not a time', () => {
    expect(() => zonedToUtc({ date: '2026-02-30', time: '25:00' }, 'UTC')).toThrow(RangeError);
  });
});

describe('round trips across daylight-saving changes', () => {
  const zones = [
    'Europe/London',
    'America/New_York',
    'Australia/Sydney',
    'Asia/Kolkata',
    'America/Sao_Paulo',
    'Pacific/Auckland',
  ];
  // Whole minutes through 2025-2027, so every zone's changes in both directions are crossed.
  const instants = fc
    .integer({ min: Date.UTC(2025, 0, 1) / 60_000, max: Date.UTC(2027, 11, 31) / 60_000 })
    .map((minutes) => new Date(minutes * 60_000));

  it('an instant read as a wall clock names that instant again, except in a repeated hour', () => {
    fc.assert(
      fc.property(instants, fc.constantFrom(...zones), (instant, zone) => {
        const back = zonedToUtc(utcToZoned(instant, zone), zone);
        const diff = instant.getTime() - back.getTime();
        // The repeated hour's later instant comes back as the earlier one, exactly one hour before.
        expect([0, 60 * 60_000]).toContain(diff);
        if (diff !== 0) {
          expect(utcOffsetMinutes(back, zone)).toBeGreaterThan(utcOffsetMinutes(instant, zone));
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('every wall clock names an instant whose wall clock is the same or, in a gap, just after', () => {
    fc.assert(
      fc.property(instants, fc.constantFrom(...zones), (instant, zone) => {
        const wall = {
          date: instant.toISOString().slice(0, 10),
          time: instant.toISOString().slice(11, 16),
        };
        const again = utcToZoned(zonedToUtc(wall, zone), zone);
        const shift =
          Date.parse(`${again.date}T${again.time}Z`) - Date.parse(`${wall.date}T${wall.time}Z`);
        expect([0, 30 * 60_000, 60 * 60_000]).toContain(shift);
      }),
      { numRuns: 2000 },
    );
  });
});
