import { describe, expect, it } from 'vitest';
import { rosterFixtures } from './fixtures';
import { flightSummary } from './fixtures/measure';
import { parseRoster, RosterError, type RosterFlight } from './parser';

const summary = (f: RosterFlight) => flightSummary(f);

const short = (f: RosterFlight) =>
  `${f.flightNumber} ${f.date} ${f.origin} ${f.destination} ${f.departureTime ?? '-'}`;

const parse = (text: string, year = 2025) => parseRoster(text, { year }).flights.map(short);

describe('parseRoster on realistic rosters', () => {
  it.each(rosterFixtures.map((f) => [f.name, f] as const))('%s', (_name, fixture) => {
    const { flights } = parseRoster(fixture.text, { year: fixture.year });
    expect(flights.map(summary)).toEqual(fixture.expected);
    for (const flight of flights) expect(fixture.text).toContain(flight.sourceLine);
  });
});

describe('parseRoster times', () => {
  it('keeps the departure of the common layout: number, origin, destination, departure, arrival', () => {
    const [flight] = parseRoster('Mon 3 Mar BA0117 LHR JFK 1530 1835', { year: 2025 }).flights;
    expect(flight).toMatchObject({
      flightNumber: 'BA117',
      departureTime: '15:30',
      arrivalTime: '18:35',
      arrivalDayOffset: 0,
      durationMinutes: 185,
    });
  });
});

describe('parseRoster times by layout', () => {
  const one = (line: string) =>
    parseRoster(`Mon 3 Mar\n${line}`, { year: 2025 }).flights.map(summary);

  it.each([
    // time first: the time before the number departs, the first after the route arrives
    ['1210 BA0283 LHR LAX', 'BA283 2025-03-03 LHR LAX 12:10 - -'],
    ['1210 BA0283 LHR LAX 2325', 'BA283 2025-03-03 LHR LAX 12:10 23:25 11h 15m'],
    // a report time is never the departure, in front of either layout
    ['RPT 1330 BA0117 LHR JFK 1530 2335', 'BA117 2025-03-03 LHR JFK 15:30 23:35 8h 05m'],
    ['C/I 1330 BA0117 LHR JFK 1530 2335', 'BA117 2025-03-03 LHR JFK 15:30 23:35 8h 05m'],
    ['RPT 1330 BA0117 LHR JFK', 'BA117 2025-03-03 LHR JFK - - -'],
    ['RPT 0820   0955 BA0117 LHR JFK', 'BA117 2025-03-03 LHR JFK 09:55 - -'],
    // duty codes and deadheading / positioning markers
    ['FLY BA0117 LHR JFK 1530 2335 B77W', 'BA117 2025-03-03 LHR JFK 15:30 23:35 8h 05m'],
    ['DH BA1386 LHR NCL 1045 1200', 'BA1386 2025-03-03 LHR NCL 10:45 12:00 1h 15m'],
    ['POS BA1386 LHR NCL 1045 1200', 'BA1386 2025-03-03 LHR NCL 10:45 12:00 1h 15m'],
    ['*BA1386 LHR NCL 1045 1200', 'BA1386 2025-03-03 LHR NCL 10:45 12:00 1h 15m'],
    ['BA1386* LHR NCL 1045 1200', 'BA1386 2025-03-03 LHR NCL 10:45 12:00 1h 15m'],
    ['DH 1045 BA1386 LHR NCL 1200', 'BA1386 2025-03-03 LHR NCL 10:45 12:00 1h 15m'],
    // arrival on a later day
    ['BA0112 JFK LHR 2340 0650+1', 'BA112 2025-03-03 JFK LHR 23:40 06:50+1 7h 10m'],
    ['BA0112 JFK LHR 2340 0650 +1', 'BA112 2025-03-03 JFK LHR 23:40 06:50+1 7h 10m'],
    ['BA0112 JFK LHR 2340 0650(+1)', 'BA112 2025-03-03 JFK LHR 23:40 06:50+1 7h 10m'],
    ['BA0112 JFK LHR 23:40 06:50 (+1)', 'BA112 2025-03-03 JFK LHR 23:40 06:50+1 7h 10m'],
    // labelled columns, and the block time as the duration when printed
    ['BA283 LHR/LAX STD 1420 STA 0135+1', 'BA283 2025-03-03 LHR LAX 14:20 01:35+1 11h 15m'],
    ['BA1386 LHR NCL 0655 0810 1:15 4:35', 'BA1386 2025-03-03 LHR NCL 06:55 08:10 1h 15m'],
    ['0810 BA0009 LHR BKK B77W BLK 11:30', 'BA9 2025-03-03 LHR BKK 08:10 - 11h 30m'],
    // what follows the times is not a time of the flight
    ['1345 BA4462 AMS LCY   REL 1445', 'BA4462 2025-03-03 AMS LCY 13:45 - -'],
    ['BA12 LHR JFK 9999 1200', 'BA12 2025-03-03 LHR JFK - - -'],
    ['BA12 LHR JFK 1530 1530', 'BA12 2025-03-03 LHR JFK 15:30 15:30 -'],
  ])('%s', (line, expected) => {
    expect(one(line)).toEqual([expected]);
  });

  it('gives each flight of a line its own times', () => {
    expect(one('BA12 LHR JFK 0900 1700, BA13 JFK LHR 1900 0700+1')).toEqual([
      'BA12 2025-03-03 LHR JFK 09:00 17:00 8h 00m',
      'BA13 2025-03-03 JFK LHR 19:00 07:00+1 12h 00m',
    ]);
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
    expect(parseRoster('Mon 3 Mar OFF\nTue 4 Mar OFF', { year: 2025 })).toEqual({
      flights: [],
      ignored: [
        {
          line: 'Mon 3 Mar OFF',
          lineNumber: 1,
          code: 'NOT_FLIGHT',
          reason: 'Not a flight: day off (OFF)',
        },
        {
          line: 'Tue 4 Mar OFF',
          lineNumber: 2,
          code: 'NOT_FLIGHT',
          reason: 'Not a flight: day off (OFF)',
        },
      ],
      layout: 'crewlink',
    });
  });

  it('refuses a missing year', () => {
    expect(() => parseRoster('Mon 3 Mar', { year: Number.NaN })).toThrow(RosterError);
  });

  it.each([
    ['Mon 3 Mar BA0117 LHR JFK 1530Z 2035Z', 'utc', '15:30', '20:35'],
    ['Mon 3 Mar BA0117 LHR JFK 1530 2035 UTC', 'utc', '15:30', '20:35'],
    ['Mon 3 Mar BA0117 LHR JFK GMT 1530 2035', 'utc', '15:30', '20:35'],
    ['Mon 3 Mar BA0117 LHR JFK 1530 2035', 'local', '15:30', '20:35'],
  ])('reads %s on the %s clock', (line, clock, departureTime, arrivalTime) => {
    const { flights } = parseRoster(line, { year: 2025 });
    expect(flights).toMatchObject([{ flightNumber: 'BA117', clock, departureTime, arrivalTime }]);
  });

  it('reads a flight on the date line itself, keeping the line and dropping leading zeros', () => {
    const { flights } = parseRoster('Mon 3 Mar 0955 BA0117 LHR JFK B777', { year: 2025 });
    expect(flights).toEqual([
      {
        flightNumber: 'BA117',
        departureTime: '09:55',
        arrivalTime: null,
        arrivalDayOffset: 0,
        durationMinutes: null,
        origin: 'LHR',
        destination: 'JFK',
        date: '2025-03-03',
        sourceLine: 'Mon 3 Mar 0955 BA0117 LHR JFK B777',
        positioning: false,
        clock: 'local',
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
    ['BA12  LHR   JFK  0900 1200', ['BA12 LHR JFK 09:00']],
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
    expect(flights.map(summary)).toEqual(['VS3 2025-03-03 LHR JFK 09:00 - -']);
  });
});
