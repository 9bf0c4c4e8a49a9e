import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rosterFixtures } from './fixtures';
import { parseRoster } from './parser';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun', 'MON', 'Monday'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const CODES = ['LHR', 'JFK', 'LGW', 'MAR', 'MON', 'XYZ', 'BAH', 'lhr', 'LH'];

// Lines built from the roster's own vocabulary, so generated text actually exercises the
// date, flight and transatlantic paths instead of being skipped as noise.
const rosterLine = fc.oneof(
  fc
    .tuple(
      fc.constantFrom(...WEEKDAYS),
      fc.integer({ min: 0, max: 39 }),
      fc.constantFrom(...MONTHS),
    )
    .map(([w, d, m]) => `${w} ${d} ${m}`),
  fc
    .tuple(
      fc.option(fc.integer({ min: 0, max: 9999 }), { nil: undefined }),
      fc.integer({ min: 0, max: 99999 }),
      fc.constantFrom(...CODES),
      fc.constantFrom(...CODES),
      fc.constantFrom(' ', '\t', '  ', '/', '-'),
    )
    .map(
      ([t, n, a, b, sep]) =>
        `${t === undefined ? '' : `${String(t).padStart(4, '0')} `}BA${n} ${a}${sep}${b}`,
    ),
  fc.constantFrom('OFF', 'SBY LHR 0500-1700', 'LAYOVER JFK', 'BA113 LHR JFK', 'BASE LHR', ''),
  fc.string({ maxLength: 40 }),
);

const rosterText = fc
  .array(rosterLine, { minLength: 1, maxLength: 40 })
  .map((lines) => lines.join('\n'))
  .filter((text) => text.trim() !== '');

const anyText = fc.string({ minLength: 1, maxLength: 300 }).filter((t) => t.trim() !== '');

const isCalendarDay = (day: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  return new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) === day;
};

describe('parseRoster properties', () => {
  const year = fc.integer({ min: 1970, max: 2100 });
  const texts = fc.oneof(rosterText, anyText);

  it('never throws on non-blank text', () => {
    fc.assert(
      fc.property(texts, year, (text, y) => {
        parseRoster(text, { year: y });
      }),
      { numRuns: 500 },
    );
  });

  it('never returns duplicates, and every code and date is well formed', () => {
    fc.assert(
      fc.property(texts, year, (text, y) => {
        const { flights } = parseRoster(text, { year: y });
        const keys = flights.map((f) => `${f.flightNumber}|${f.date}|${f.origin}|${f.destination}`);
        expect(new Set(keys).size).toBe(keys.length);
        for (const f of flights) {
          expect(f.origin).toMatch(/^[A-Z]{3}$/);
          expect(f.destination).toMatch(/^[A-Z]{3}$/);
          expect(f.flightNumber).toMatch(/^BA(0|[1-9]\d{0,3})$/);
          expect(
            f.departureTime === null || /^([01]\d|2[0-3]):[0-5]\d$/.test(f.departureTime),
          ).toBe(true);
          expect(isCalendarDay(f.date)).toBe(true);
          expect(f.date.startsWith(String(y))).toBe(true);
          expect(text).toContain(f.sourceLine);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('finds the same flights when a fixture is pasted twice', () => {
    fc.assert(
      fc.property(fc.constantFrom(...rosterFixtures), (fixture) => {
        const once = parseRoster(fixture.text, { year: fixture.year }).flights;
        const twice = parseRoster(`${fixture.text}\n${fixture.text}`, { year: fixture.year });
        expect(twice.flights).toEqual(once);
      }),
    );
  });
});
