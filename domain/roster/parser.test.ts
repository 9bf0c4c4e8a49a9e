import { describe, expect, it } from 'vitest';
import { rosterFixtures } from './fixtures';
import { parseRoster, RosterError, type RosterFlight } from './parser';

const summary = (f: RosterFlight) =>
  `${f.flightNumber} ${f.date} ${f.origin} ${f.destination} ${f.departureTime ?? '-'}`;

const parse = (text: string, year = 2025) => parseRoster(text, { year }).flights.map(summary);

describe('parseRoster on realistic rosters', () => {
  it.each(rosterFixtures.map((f) => [f.name, f] as const))('%s', (_name, fixture) => {
    const { flights } = parseRoster(fixture.text, { year: fixture.year });
    expect(flights.map(summary)).toEqual(fixture.expected);
    for (const flight of flights) expect(fixture.text).toContain(flight.sourceLine);
  });
});

describe('parseRoster rules', () => {
  it('throws EMPTY_ROSTER for blank text', () => {
    for (const text of ['', '   ', '\n\t\n']) {
      expect(() => parseRoster(text, { year: 2025 })).toThrow(RosterError);
      try {
        parseRoster(text, { year: 2025 });
      } catch (error) {
        expect((error as RosterError).code).toBe('EMPTY_ROSTER');
        expect((error as RosterError).message).toBe('Empty Roster');
      }
    }
  });

  it('returns no flights for text without any', () => {
    expect(parseRoster('Mon 3 Mar OFF\nTue 4 Mar OFF', { year: 2025 })).toEqual({ flights: [] });
  });

  it('refuses a missing year', () => {
    expect(() => parseRoster('Mon 3 Mar', { year: Number.NaN })).toThrow(RosterError);
  });

  it('reads a flight on the date line itself, keeping the line and dropping leading zeros', () => {
    const { flights } = parseRoster('Mon 3 Mar 0955 BA0117 LHR JFK B777', { year: 2025 });
    expect(flights).toEqual([
      {
        flightNumber: 'BA117',
        departureTime: '09:55',
        origin: 'LHR',
        destination: 'JFK',
        date: '2025-03-03',
        sourceLine: 'Mon 3 Mar 0955 BA0117 LHR JFK B777',
      },
    ]);
  });

  it.each([
    ['Mon 3 Mar', '2025-03-03'],
    ['Mon 03 Mar', '2025-03-03'],
    ['MON 03MAR', '2025-03-03'],
    ['Monday 3 March', '2025-03-03'],
    ['Wed 31 Dec', '2025-12-31'],
    ['Tue 11-Mar', '2025-03-11'],
    ['sat 1 feb', '2025-02-01'],
  ])('date line %s is %s', (dateLine, date) => {
    expect(parse(`${dateLine}\tBA1 LHR JFK`)).toEqual([`BA1 ${date} LHR JFK -`]);
  });

  it('looks back at most three lines for a date', () => {
    const text = ['Mon 3 Mar', 'x', 'y', 'BA1 LHR JFK', 'BA2 JFK LHR'].join('\n');
    expect(parse(text)).toEqual(['BA1 2025-03-03 LHR JFK -']);
  });

  it('uses the nearest date line above', () => {
    const text = ['Mon 3 Mar', 'BA1 LHR JFK', 'Tue 4 Mar', 'BA2 JFK LHR'].join('\n');
    expect(parse(text)).toEqual(['BA1 2025-03-03 LHR JFK -', 'BA2 2025-03-04 JFK LHR -']);
  });

  it('gives no date to lines under an impossible date', () => {
    expect(parse('Sat 29 Feb BA1 LHR JFK', 2025)).toEqual([]);
    expect(parse('Thu 29 Feb BA1 LHR JFK', 2024)).toEqual(['BA1 2024-02-29 LHR JFK -']);
  });

  it('ignores lines without the airline code and flights without a date', () => {
    expect(parse('BA1 LHR JFK\nMon 3 Mar\nVS3 LHR JFK')).toEqual([]);
  });

  it.each([
    ['BA12345 LHR JFK', []],
    ['BA LHR JFK', []],
    ['XBA12 LHR JFK', []],
    ['BA12 LHR JFKX', []],
    ['BA12 LHR-JFK', []],
    ['BA12 lhr jfk', []],
    ['BA12\tLHR\tJFK', ['BA12 LHR JFK -']],
    ['BA12  LHR   JFK  0900 1200', ['BA12 LHR JFK -']],
    ['0900 BA12 LHR JFK', ['BA12 LHR JFK 09:00']],
    ['9999 BA12 LHR JFK', ['BA12 LHR JFK -']],
    ['BA0 LHR JFK', ['BA0 LHR JFK -']],
    ['BA12 LHR JFK, BA13 JFK LHR', ['BA12 LHR JFK -', 'BA13 JFK LHR -']],
  ])('flight pattern: %s', (line, expected) => {
    const found = parseRoster(`Mon 3 Mar\n${line}`, { year: 2025 }).flights.map(
      (f) => `${f.flightNumber} ${f.origin} ${f.destination} ${f.departureTime ?? '-'}`,
    );
    expect(found).toEqual(expected);
  });

  it.each([
    ['BA12 MON JFK', false],
    ['BA12 LHR MAR', false],
    ['BA12 DEC LHR', false],
    ['BA12 LHR XYZ', true],
    ['BA12 BAH LHR', true],
  ])('airport codes: %s accepted=%s', (line, accepted) => {
    expect(parse(`Mon 3 Mar ${line}`)).toHaveLength(accepted ? 1 : 0);
  });

  it.each([
    ['BA113 LHR/JFK', 'BA113 LHR JFK'],
    ['BA112 from JFK to LHR', 'BA112 JFK LHR'],
    ['BA 213 LHR-BOS', 'BA213 LHR BOS'],
    ['BA212 (BOS, LHR)', 'BA212 BOS LHR'],
    ['BA0293 LHR>ORD', 'BA293 LHR ORD'],
    ['BA292 ORD~LHR', 'BA292 ORD LHR'],
    ['1420 BA283 LHR/LAX', 'BA283 LHR LAX'],
    ['BA282 LAX..LHR', 'BA282 LAX LHR'],
  ])('transatlantic route: %s', (line, expected) => {
    const found = parseRoster(`Mon 3 Mar ${line}`, { year: 2025 }).flights.map(
      (f) => `${f.flightNumber} ${f.origin} ${f.destination}`,
    );
    expect(found).toEqual([expected]);
  });

  it('needs both codes for a transatlantic route and keeps the written direction', () => {
    expect(parse('Mon 3 Mar BA113 to JFK')).toEqual([]);
    expect(parse('Mon 3 Mar BA113 JFK LHR')).toEqual(['BA113 2025-03-03 JFK LHR -']);
    expect(parse('Mon 3 Mar 1420 BA283 LHR/LAX')).toEqual(['BA283 2025-03-03 LHR LAX 14:20']);
  });

  it('drops duplicates of number, date and route', () => {
    const text = 'Mon 3 Mar BA1 LHR JFK\nBA0001 LHR JFK\nTue 4 Mar BA1 LHR JFK\nBA1 JFK LHR';
    expect(parse(text)).toEqual([
      'BA1 2025-03-03 LHR JFK -',
      'BA1 2025-03-04 LHR JFK -',
      'BA1 2025-03-04 JFK LHR -',
    ]);
  });

  it('reads another airline code when asked', () => {
    const { flights } = parseRoster('Mon 3 Mar 0900 VS003 LHR JFK', {
      year: 2025,
      airlineCode: 'VS',
    });
    expect(flights.map(summary)).toEqual(['VS3 2025-03-03 LHR JFK 09:00']);
  });
});
