import { describe, expect, it } from 'vitest';
import { rosterCorpus } from './fixtures';
import { describeFigures, flightSummary, measureCorpus } from './fixtures/measure';
import { parseRoster } from './parser';

const parse = (text: string, options: { year: number; today?: string }) =>
  parseRoster(text, options);

// A line the parser kept quiet about (neither a flight's source nor ignored with a reason) must
// not hide a flight number or a duty.
const FLIGHT_NUMBER = /(?:^|[^A-Za-z])(?:BAW?|SHT) ?\d/;
const DUTY =
  /(?:^|[^A-Za-z/])(?:OFF|D\/O|SBY|HSBY|RES|REST|LAYOVER|L\/O|SIM|TRG|GRND|RPT|C\/I|REL|AL|LVE|DHD|TAXI|REPORT|RELEASE)(?![A-Za-z/])/;

describe('the roster corpus (issue 41)', () => {
  it('holds at least 30 rosters', () => {
    expect(rosterCorpus.length).toBeGreaterThanOrEqual(30);
  });

  it('finds at least 98% of its flights and no wrong one', () => {
    const figures = measureCorpus(rosterCorpus, parse);
    console.log(`Roster corpus, this parser: ${describeFigures(figures)}`);
    expect(figures.wrongFlights).toEqual([]);
    expect(figures.wrong).toBe(0);
    expect(figures.found / figures.expected).toBeGreaterThanOrEqual(0.98);
  });

  it.each(rosterCorpus.map((f) => [f.name, f] as const))('%s', (_name, fixture) => {
    const { flights, ignored } = parseRoster(fixture.text, {
      year: fixture.year,
      ...(fixture.today ? { today: fixture.today } : {}),
    });
    expect(flights.map(flightSummary)).toEqual(fixture.expected);
    expect(flights.filter((f) => f.positioning).map((f) => `${f.flightNumber} ${f.date}`)).toEqual(
      fixture.positioning ?? [],
    );

    const lines = fixture.text.split(/\r?\n/);
    const sources = new Set(flights.map((f) => f.sourceLine));
    const skipped = new Set(ignored.map((i) => i.lineNumber));
    for (const [index, line] of lines.entries()) {
      if (skipped.has(index + 1)) {
        expect(ignored.find((i) => i.lineNumber === index + 1)?.line).toBe(line.trim());
        continue;
      }
      if (sources.has(line.trim()) || !/[A-Za-z0-9]/.test(line)) continue;
      // Quiet: a date line or a heading, never a flight number or a duty.
      expect(line).not.toMatch(FLIGHT_NUMBER);
      expect(line).not.toMatch(DUTY);
    }
    for (const { reason } of ignored) expect(reason).not.toBe('');
  });

  it('says why the undated line gives no flight', () => {
    const undated = rosterCorpus.find((f) => f.expected.length === 0);
    expect(undated).toBeDefined();
    const { ignored } = parseRoster(undated?.text ?? '', { year: 2026, today: '2026-11-25' });
    expect(ignored.map((i) => i.code)).toEqual(['NO_DATE']);
  });
});
