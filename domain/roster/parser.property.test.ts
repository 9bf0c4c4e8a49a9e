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

// Lines in the other date forms and route shapes, so `today` mode meets them all.
const DATED_FORMS = [
  (d: number, m: number) => `${d}/${m}/2026`,
  (d: number, m: number) => `${String(d).padStart(2, '0')}.${String(m).padStart(2, '0')}.26`,
  (d: number, m: number) => `2026-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`,
  (d: number, m: number) => `${d} ${MONTHS[(m - 1) % 12]}`,
  (d: number, m: number) => `${d}${(MONTHS[(m - 1) % 12] ?? '').toUpperCase()}26`,
];
const datedLine = fc
  .tuple(
    fc.integer({ min: 0, max: DATED_FORMS.length - 1 }),
    fc.integer({ min: 0, max: 32 }),
    fc.integer({ min: 1, max: 13 }),
    fc.integer({ min: 0, max: 99999 }),
    fc.constantFrom(...CODES),
    fc.constantFrom(...CODES),
    fc.constantFrom(' ', '-', '/', ' 1530 ', ' - '),
    fc.constantFrom('', ' 1530 1835', ' 2045 0840+1', ' 1530', ' 15:30 18:35 (+1)'),
  )
  .map(
    ([form, d, m, n, a, b, sep, times]) =>
      `${DATED_FORMS[form]?.(d, m)} BA${n} ${a}${sep}${b}${times}`,
  );
const todayText = fc
  .array(fc.oneof(rosterLine, datedLine), { minLength: 1, maxLength: 40 })
  .map((lines) => lines.join('\n'))
  .filter((text) => text.trim() !== '');

describe('parseRoster properties with today', () => {
  const today = fc
    .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2090-12-31T00:00:00Z') })
    .filter((d) => !Number.isNaN(d.getTime()))
    .map((d) => d.toISOString().slice(0, 10));

  it('accounts for every line: a flight, a reason, or a date or heading line', () => {
    fc.assert(
      fc.property(fc.oneof(todayText, anyText), today, (text, day) => {
        const { flights, ignored } = parseRoster(text, { today: day });
        const keys = flights.map((f) => `${f.flightNumber}|${f.date}|${f.origin}|${f.destination}`);
        expect(new Set(keys).size).toBe(keys.length);
        const lines = text.replace(/\r\n?/g, '\n').split('\n');
        for (const f of flights) {
          expect(f.origin).toMatch(/^[A-Z]{3}$/);
          expect(f.flightNumber).toMatch(/^BA(0|[1-9]\d{0,3})$/);
          expect(isCalendarDay(f.date)).toBe(true);
          expect(text).toContain(f.sourceLine);
        }
        for (const i of ignored) {
          expect(i.reason).not.toBe('');
          expect(lines[i.lineNumber - 1]?.trim()).toBe(i.line);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('puts a date printed without a year within half a year of today', () => {
    fc.assert(
      fc.property(
        today,
        fc.integer({ min: 1, max: 28 }),
        fc.integer({ min: 0, max: 11 }),
        (day, d, m) => {
          const { flights } = parseRoster(`${d} ${MONTHS[m]} BA1 LHR JFK`, { today: day });
          const distance =
            Math.abs(Date.parse(`${flights[0]?.date}T00:00:00Z`) - Date.parse(`${day}T00:00:00Z`)) /
            86_400_000;
          expect(distance).toBeLessThanOrEqual(184);
        },
      ),
      { numRuns: 300 },
    );
  });
});
