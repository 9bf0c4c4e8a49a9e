import { describe, expect, it } from 'vitest';
import {
  noFlightsReason,
  parseRoster,
  ROSTER_REASONS,
  RosterError,
  type RosterFlight,
} from './parser';

const TODAY = '2026-11-25';

const short = (f: RosterFlight) =>
  [
    f.flightNumber,
    f.date,
    f.origin,
    f.destination,
    f.departureTime ?? '-',
    f.arrivalTime ? `${f.arrivalTime}${f.arrivalDayOffset ? `+${f.arrivalDayOffset}` : ''}` : '-',
  ].join(' ');

const read = (text: string, today = TODAY) => parseRoster(text, { today });
const flightsOf = (text: string, today = TODAY) => read(text, today).flights.map(short);
const codesOf = (text: string, today = TODAY) => read(text, today).ignored.map((i) => i.code);

describe("the tester's rosters (issue 41)", () => {
  it('refuses a flight line without any date, saying so', () => {
    const result = read('BA0117 LHR JFK 1530 1835');
    expect(result.flights).toEqual([]);
    expect(result.ignored).toEqual([
      {
        line: 'BA0117 LHR JFK 1530 1835',
        lineNumber: 1,
        code: 'NO_DATE',
        reason: "No date: start each day with a date such as 'Sun 29 Nov' or '29/11/2026'",
      },
    ]);
    expect(result.layout).toBe('undated');
    expect(noFlightsReason(result)).toBe(ROSTER_REASONS.noDates);
  });

  it.each([
    ['29/11/2026 BA0117 LHR JFK 1530 1835'],
    ['29 Nov BA0117 LHR JFK 1530 1835'],
    ['2026-11-29 BA0117 LHR JFK 1530 1835'],
    ['29NOV26 BA0117 LHR JFK 1530 1835'],
    ['Sun 29 Nov BA0117 LHR JFK 1530 1835'],
  ])('reads the dated line %s', (line) => {
    expect(flightsOf(line)).toEqual(['BA117 2026-11-29 LHR JFK 15:30 18:35']);
  });

  it("reads the demo's own example, route around the times", () => {
    const text = [
      '14MAR BA0117 LHR 1530 JFK 1835',
      '16MAR BA0015 LHR 2140 SIN 1750',
      '19MAR BA0438 LHR 0710 MAD 1035',
    ].join('\n');
    expect(flightsOf(text, '2027-03-01')).toEqual([
      'BA117 2027-03-14 LHR JFK 15:30 18:35',
      // As printed: no '+1', so the arrival stays on the departure day.
      'BA15 2027-03-16 LHR SIN 21:40 17:50',
      'BA438 2027-03-19 LHR MAD 07:10 10:35',
    ]);
  });

  it('reads every sector of a CrewLink block with a return sector, the arrival never as the departure', () => {
    const text = [
      'Sun 29 Nov   RPT 1400',
      '             BA0117 LHR 1530 JFK 1835',
      'Mon 30 Nov   LAYOVER JFK',
      'Tue 1 Dec    BA0112 JFK 2045 LHR 0840+1',
      'Fri 4 Dec    BA0432 LHR 0710 AMS 0935',
      '             BA0433 AMS 1025 LHR 1050',
    ].join('\n');
    expect(flightsOf(text)).toEqual([
      'BA117 2026-11-29 LHR JFK 15:30 18:35',
      'BA112 2026-12-01 JFK LHR 20:45 08:40+1',
      'BA432 2026-12-04 LHR AMS 07:10 09:35',
      'BA433 2026-12-04 AMS LHR 10:25 10:50',
    ]);
  });
});

describe('dates in every common form', () => {
  it.each([
    ['29/11/2026', '2026-11-29'],
    ['29/11/26', '2026-11-29'],
    ['29.11.26', '2026-11-29'],
    ['29.11.2026', '2026-11-29'],
    ['29-11-2026', '2026-11-29'],
    ['2026-11-29', '2026-11-29'],
    ['2026/11/29', '2026-11-29'],
    ['29 Nov', '2026-11-29'],
    ['29 November', '2026-11-29'],
    ['29-Nov', '2026-11-29'],
    ['29NOV', '2026-11-29'],
    ['29Nov26', '2026-11-29'],
    ['29NOV2026', '2026-11-29'],
    ['29-Nov-26', '2026-11-29'],
    ['29 Nov 26', '2026-11-29'],
    ['29 Nov Sun', '2026-11-29'],
    ['29/11/2026 (Sun)', '2026-11-29'],
    ['Sun 29 Nov', '2026-11-29'],
    ['Sunday 29 November', '2026-11-29'],
    ['SUN 29NOV', '2026-11-29'],
    ['Sun 29 Nov 2026', '2026-11-29'],
    ['| 29/11/2026 |', '2026-11-29'],
  ])('%s is %s', (date, iso) => {
    expect(flightsOf(`${date} BA0117 LHR JFK 1530 1835`)).toEqual([
      `BA117 ${iso} LHR JFK 15:30 18:35`,
    ]);
  });

  it('gives a date line to the flights of up to three lines below it, in every form', () => {
    const text = ['29/11/2026', 'BA0117 LHR JFK 1530 1835', '30NOV', 'BA0112 JFK LHR 2045 0840+1'];
    expect(flightsOf(text.join('\n'))).toEqual([
      'BA117 2026-11-29 LHR JFK 15:30 18:35',
      'BA112 2026-11-30 JFK LHR 20:45 08:40+1',
    ]);
  });

  it('reads a table copied with its bars, CrewLink dates included', () => {
    const text = [
      '| Date | Duty | Flight | From | To | Dep | Arr |',
      '| Mon 14 Dec | FLY | BA0304 | LHR | CDG | 0715 | 0830 |',
      '| | | BA0305 | CDG | LHR | 0930 | 1055 |',
      '| Tue 15 Dec | OFF | | | | | |',
    ].join('\n');
    const result = read(text);
    expect(result.flights.map(short)).toEqual([
      'BA304 2026-12-14 LHR CDG 07:15 08:30',
      'BA305 2026-12-14 CDG LHR 09:30 10:55',
    ]);
    expect(result.ignored.map((i) => i.reason)).toEqual(['Not a flight: day off (OFF)']);
  });

  it('reads CSV and tab-separated rows', () => {
    expect(flightsOf('29/11/2026,BA0117,LHR,JFK,15:30,18:35')).toEqual([
      'BA117 2026-11-29 LHR JFK 15:30 18:35',
    ]);
    expect(flightsOf('"29/11/2026";"BA0117";"LHR";"JFK";"1530";"1835"')).toEqual([
      'BA117 2026-11-29 LHR JFK 15:30 18:35',
    ]);
    expect(flightsOf('2026-11-29\tBA0117\tLHR\tJFK\t1530\t1835')).toEqual([
      'BA117 2026-11-29 LHR JFK 15:30 18:35',
    ]);
  });

  it('refuses a numeric date that is no calendar day', () => {
    const result = read('31/11/2026 BA0117 LHR JFK 1530 1835');
    expect(result.flights).toEqual([]);
    expect(result.ignored[0]).toMatchObject({ code: 'BAD_DATE', reason: 'Not a date: 31/11/2026' });
  });

  it('reads month-first dates only when the roster shows that order, and refuses the unknowable', () => {
    const us = ['11/29/2026 BA0117 LHR JFK 1530 1835', '12/01/2026 BA0112 JFK LHR 2045 0840+1'];
    expect(flightsOf(us.join('\n'))).toEqual([
      'BA117 2026-11-29 LHR JFK 15:30 18:35',
      'BA112 2026-12-01 JFK LHR 20:45 08:40+1',
    ]);
    const both = [...us, '30/11/2026 BA0117 LHR JFK 1530 1835'];
    const result = read(both.join('\n'));
    expect(result.ignored).toEqual([
      expect.objectContaining({
        lineNumber: 2,
        code: 'AMBIGUOUS',
        reason:
          'Ambiguous date: 12/01/2026 could be 12 January or 1 December (this roster prints dates in both orders)',
      }),
    ]);
  });
});

describe('the year of a date printed without one', () => {
  it('is the occurrence nearest to today: January pasted in December is next January', () => {
    expect(flightsOf('5 Jan BA0117 LHR JFK', '2026-12-20')).toEqual([
      'BA117 2027-01-05 LHR JFK - -',
    ]);
    expect(flightsOf('Tue 5 Jan\nBA0117 LHR JFK', '2026-12-20')).toEqual([
      'BA117 2027-01-05 LHR JFK - -',
    ]);
  });

  it('keeps last week in the past', () => {
    expect(flightsOf('18 Nov BA0117 LHR JFK', '2026-11-25')).toEqual([
      'BA117 2026-11-18 LHR JFK - -',
    ]);
    expect(flightsOf('28 Dec BA0117 LHR JFK', '2027-01-03')).toEqual([
      'BA117 2026-12-28 LHR JFK - -',
    ]);
  });

  it('lets today win over year, and keeps year for the callers that give only it', () => {
    const text = '5 Jan BA0117 LHR JFK';
    expect(parseRoster(text, { year: 2026, today: '2026-12-20' }).flights[0]?.date).toBe(
      '2027-01-05',
    );
    expect(parseRoster(text, { year: 2026 }).flights[0]?.date).toBe('2026-01-05');
  });

  it('uses a printed year as printed', () => {
    expect(flightsOf('05/01/2024 BA0117 LHR JFK')).toEqual(['BA117 2024-01-05 LHR JFK - -']);
  });

  it('refuses a weekday that disagrees with the date, rather than guessing the year', () => {
    const result = read('Mon 29 Nov\nBA0117 LHR JFK 1530 1835');
    expect(result.flights).toEqual([]);
    expect(result.ignored).toEqual([
      expect.objectContaining({
        lineNumber: 2,
        code: 'BAD_DATE',
        reason: 'Date and weekday disagree: 29 November 2026 is a Sunday, not a Monday',
      }),
    ]);
  });

  it('refuses a 29 February that does not exist near today', () => {
    expect(codesOf('29 Feb BA0117 LHR JFK', '2026-11-25')).toEqual(['BAD_DATE']);
    expect(flightsOf('29 Feb BA0117 LHR JFK', '2027-11-25')).toEqual([
      'BA117 2028-02-29 LHR JFK - -',
    ]);
  });

  it('refuses a four-digit word after the date that could be the year or a departure', () => {
    const ambiguous = read('29 Nov 2026 BA0117 LHR JFK');
    expect(ambiguous.flights).toEqual([]);
    expect(ambiguous.ignored[0]?.code).toBe('AMBIGUOUS');
    expect(codesOf('Sun 29 Nov 2026 BA0117 LHR JFK 1835')).toEqual(['AMBIGUOUS']);
    expect(codesOf('Sun 29 Nov 2026 BA113 LHR/JFK')).toEqual(['AMBIGUOUS']);
    // Two times after the route: the word is the year.
    expect(flightsOf('29 Nov 2026 BA0117 LHR JFK 1530 1835')).toEqual([
      'BA117 2026-11-29 LHR JFK 15:30 18:35',
    ]);
    // Far from any year: a time-first departure.
    expect(flightsOf('29 Nov 1530 BA0117 LHR JFK 1835')).toEqual([
      'BA117 2026-11-29 LHR JFK 15:30 18:35',
    ]);
  });

  it('refuses a today that is no date', () => {
    for (const today of ['2026-02-30', '26-11-2026', '', 'today']) {
      expect(() => parseRoster('29 Nov BA1 LHR JFK', { today })).toThrow(RosterError);
    }
  });
});

describe('routes, times and numbers', () => {
  it.each([
    ['29/11/2026 BA0117 LHR JFK 1530 1835'],
    ['29/11/2026 BA0117 LHR-JFK 1530 1835'],
    ['29/11/2026 BA0117 LHR/JFK 1530 1835'],
    ['29/11/2026 BA0117 LHR - JFK 1530 1835'],
    ['29/11/2026 BA0117 LHR to JFK 1530 1835'],
    ['29/11/2026 BA0117 LHR 1530 JFK 1835'],
    ['29/11/2026 BA0117 LHR 15:30 JFK 18:35'],
    ['29/11/2026 BA0117 LHR STD 1530 JFK STA 1835'],
    ['29/11/2026 BA0117 1530 LHR 1835 JFK'],
    ['29/11/2026 BA0117 15:30 LHR 18:35 JFK'],
    ['29/11/2026 BA0117 LHR JFK 15:30 18:35'],
    ['29/11/2026 1530 BA0117 LHR JFK 1835'],
    ['29/11/2026 15:30 BA0117 LHR JFK 18:35'],
    ['29/11/2026 BAW117 LHR JFK 1530 1835'],
    ['29/11/2026 BAW0117 LHR JFK 1530 1835'],
    ['29/11/2026 BA 0117 LHR JFK 1530 1835'],
    ['29/11/2026 RPT 1400 BA0117 LHR JFK 1530 1835'],
  ])('%s', (line) => {
    expect(flightsOf(line)).toEqual(['BA117 2026-11-29 LHR JFK 15:30 18:35']);
  });

  it.each([
    ['BA0112 JFK LHR 2045 0840+1'],
    ['BA0112 JFK LHR 2045 0840 +1'],
    ['BA0112 JFK LHR 2045 0840(+1)'],
    ['BA0112 JFK LHR 20:45 08:40 (+1)'],
    ['BA0112 JFK 2045 LHR 0840+1'],
    ['BA0112 JFK-LHR 2045 0840+1'],
    ['BA0112 2045 JFK 0840+1 LHR'],
    ['BA0112 2045 JFK 0840 +1 LHR'],
  ])('an arrival on the next day: %s', (line) => {
    expect(flightsOf(`01/12/2026 ${line}`)).toEqual(['BA112 2026-12-01 JFK LHR 20:45 08:40+1']);
  });

  it('keeps the duration from the times when both are written with a colon', () => {
    const [flight] = read('29/11/2026 BA0117 LHR JFK 15:30 18:35').flights;
    expect(flight?.durationMinutes).toBe(185);
  });

  it('keeps the spec reading under a CrewLink date: a joined route is refused with its reason', () => {
    const result = read('Sun 29 Nov\nBA0117 LHR-JFK 1530 1835');
    expect(result.flights).toEqual([]);
    expect(result.ignored).toEqual([
      expect.objectContaining({
        code: 'NO_ROUTE',
        reason:
          "BA117: a route written 'LHR-JFK' is not read on the lines under a CrewLink date; print it as 'LHR JFK'",
      }),
    ]);
    // On its own date line it is one flight per line, read in any form.
    expect(flightsOf('Sun 29 Nov BA0117 LHR-JFK 1530 1835')).toEqual([
      'BA117 2026-11-29 LHR JFK 15:30 18:35',
    ]);
  });

  it('refuses unknown airports outside the spec layout, naming the code', () => {
    const result = read('29/11/2026 BA0117 LHR XYZ 1530 1835');
    expect(result.ignored).toEqual([
      expect.objectContaining({ code: 'UNKNOWN_AIRPORT', reason: 'Unknown airport: XYZ' }),
    ]);
    expect(codesOf('29/11/2026 BA0117 LHR STD 1530')).toEqual(['NO_ROUTE']);
  });

  it('refuses two departure times for one flight', () => {
    expect(read('29/11/2026 0900 BA0117 LHR 1530 JFK 1835').ignored[0]).toMatchObject({
      code: 'AMBIGUOUS',
      reason: 'Ambiguous: BA117 has two departure times (09:00 before it, 15:30 in its route)',
    });
  });

  it('refuses a transatlantic number whose route has a time inside, rather than misreading it', () => {
    expect(read('Mon 30 Nov\nBA113 1530 LHR JFK 1835').ignored[0]).toMatchObject({
      code: 'AMBIGUOUS',
    });
  });

  it('explains numbers it cannot read', () => {
    expect(read('29/11/2026 BA12345 LHR JFK').ignored[0]?.reason).toBe(
      'Not a flight number: BA12345 (a flight number has 1 to 4 digits)',
    );
    expect(read('29/11/2026 BA117A LHR JFK').ignored[0]?.reason).toBe(
      'Not read: BA117A has a letter after its number',
    );
    expect(read('29/11/2026 VS3 LHR JFK').ignored[0]?.reason).toBe(
      'No BA flight number on this line',
    );
  });

  it('keeps the first of a flight listed twice and says the second repeats it', () => {
    const result = read(
      ['29/11/2026 BA0117 LHR JFK 1530 1835', '29/11/2026 BA117 LHR JFK 1630 1935'].join('\n'),
    );
    expect(result.flights.map(short)).toEqual(['BA117 2026-11-29 LHR JFK 15:30 18:35']);
    expect(result.ignored).toEqual([
      expect.objectContaining({
        code: 'DUPLICATE',
        reason:
          'Already listed: BA117 LHR-JFK on 2026-11-29, departing 15:30 (this line says 16:30); the first is kept',
      }),
    ]);
  });
});

describe('duties that are not flights, and positioning', () => {
  it.each([
    ['OFF', 'Not a flight: day off (OFF)'],
    ['D/O', 'Not a flight: day off (D/O)'],
    ['Day off', 'Not a flight: day off (DAY OFF)'],
    ['SBY 0500-1700', 'Not a flight: standby (SBY)'],
    ['HSBY 0500-1300', 'Not a flight: standby (HSBY)'],
    ['RES', 'Not a flight: reserve (RES)'],
    ['REST', 'Not a flight: rest (REST)'],
    ['LAYOVER JFK', 'Not a flight: layover (LAYOVER)'],
    ['L/O JFK', 'Not a flight: layover (L/O)'],
    ['Hotel: Lotte Palace', 'Not a flight: layover (HOTEL)'],
    ['SIM LHR 0800-1200', 'Not a flight: simulator (SIM)'],
    ['TRG CRM Waterside', 'Not a flight: training (TRG)'],
    ['GRND SEP REFRESHER', 'Not a flight: ground duty (GRND)'],
    ['AL Annual leave', 'Not a flight: leave (AL)'],
    ['RPT 1330', 'Not a flight: report time (RPT)'],
    ['C/I 0610', 'Not a flight: report time (C/I)'],
    ['FLY C/I 0610', 'Not a flight: report time (C/I)'],
    ['REL 1515', 'Not a flight: release time (REL)'],
    ['CHECK IN 0540', 'Not a flight: report time (CHECK IN)'],
    ['SIGN OFF 1335', 'Not a flight: release time (SIGN OFF)'],
    ['TAXI LGW LHR 0700 0800', 'Not a flight: ground positioning (TAXI)'],
  ])('%s', (duty, reason) => {
    for (const text of [`29/11/2026 ${duty}`, `Sun 29 Nov\n${duty}`]) {
      const result = read(text);
      expect(result.flights).toEqual([]);
      expect(result.ignored).toEqual([expect.objectContaining({ code: 'NOT_FLIGHT', reason })]);
    }
  });

  it('leaves date lines and headings out of the ignored lines, and says what else it skipped', () => {
    const text = [
      'PERSONAL ROSTER  NOV 2026  STAFF 310457',
      'DATE   DUTY   FLIGHT   FROM  TO   DEP   ARR',
      'Sun 29 Nov',
      'BA0117 LHR JFK 1530 1835',
      '-----------------------------',
      'swap requested with J. Smith',
      'SECTORS 1   BLOCK 3:05',
    ].join('\n');
    const result = read(text);
    expect(result.flights.map(short)).toEqual(['BA117 2026-11-29 LHR JFK 15:30 18:35']);
    expect(result.ignored).toEqual([
      {
        line: 'swap requested with J. Smith',
        lineNumber: 6,
        code: 'NO_FLIGHT_NUMBER',
        reason: 'No BA flight number on this line',
      },
    ]);
  });

  it.each([
    ['29/11/2026 DHD BA1386 LHR NCL 1045 1200'],
    ['29/11/2026 P BA1386 LHR NCL 1045 1200'],
    ['29/11/2026 *BA1386 LHR NCL 1045 1200'],
    ['29/11/2026 BA1386* LHR NCL 1045 1200'],
    ['29/11/2026 BA1386 LHR NCL 1045 1200 DHD'],
    ['29/11/2026 BA1386 LHR NCL 1045 1200 TAXI'],
    ['29/11/2026 DH 1045 BA1386 LHR NCL 1200'],
    ['29/11/2026 PAX BAW1386 LHR-NCL 1045 1200'],
    ['Sun 29 Nov POS BA1386 LHR NCL 1045 1200 POSITIONING'],
  ])('marks the positioning sector %s', (line) => {
    const { flights } = read(line);
    expect(flights.map(short)).toEqual(['BA1386 2026-11-29 LHR NCL 10:45 12:00']);
    expect(flights[0]?.positioning).toBe(true);
  });

  it('marks only the sector the marker belongs to', () => {
    const text = [
      'Sun 29 Nov DHD BA1386 LHR NCL 1045 1200',
      '           BA1387 NCL LHR 1245 1405',
      '29/11/2026 BA1388 LHR NCL 1500 1615, DHD BA1389 NCL LHR 1700 1815',
    ].join('\n');
    expect(read(text).flights.map((f) => `${f.flightNumber} ${f.positioning}`)).toEqual([
      'BA1386 true',
      'BA1387 false',
      'BA1388 false',
      'BA1389 true',
    ]);
  });
});

describe('the layout and the reason for no flights', () => {
  it.each([
    ['Sun 29 Nov\nBA0117 LHR JFK', 'crewlink'],
    ['29/11/2026 BA0117 LHR JFK', 'dated-lines'],
    ['Sun 29 Nov\nBA0117 LHR JFK\n30/11/2026 BA0112 JFK LHR', 'mixed'],
    ['BA0117 LHR JFK', 'undated'],
  ])('%s is %s', (text, layout) => {
    expect(read(text).layout).toBe(layout);
  });

  it('names the first line not read and how many more', () => {
    const result = read('Sun 29 Nov OFF\nMon 30 Nov SBY\nTue 1 Dec REST');
    expect(noFlightsReason(result)).toBe(
      'Line 1: Not a flight: day off (OFF); 2 more lines not read',
    );
    expect(noFlightsReason(read('Sun 29 Nov\nMon 30 Nov'))).toBe(ROSTER_REASONS.onlyDates);
  });
});

describe('long pastes', () => {
  it('reads a 5,000-line paste correctly', () => {
    const lines: string[] = [];
    const expected: string[] = [];
    const start = Date.UTC(2026, 10, 1);
    for (let day = 0; lines.length < 5000; day++) {
      const iso = new Date(start + day * 86_400_000).toISOString().slice(0, 10);
      const [y, m, d] = iso.split('-');
      const number = (day % 9000) + 100;
      lines.push(`${d}/${m}/${y} BA${number} LHR JFK 1530 1835`);
      lines.push(`           BA${number + 1} JFK 2045 LHR 0840+1`);
      lines.push('OFF');
      lines.push('REST');
      lines.push('');
      expected.push(`BA${number} ${iso} LHR JFK 15:30 18:35`);
      expected.push(`BA${number + 1} ${iso} JFK LHR 20:45 08:40+1`);
    }
    const result = parseRoster(lines.join('\n'), { today: '2026-11-25' });
    expect(result.flights.map(short)).toEqual(expected);
    expect(result.ignored).toHaveLength(2000);
  });

  it('reads a line of thousands of words in one pass', () => {
    const line = `29/11/2026 ${'BA1 LHR JFK 1530 1835 '.repeat(5000)}`;
    expect(read(line).flights).toHaveLength(1);
    const noise = `29/11/2026 ${'BA1 LHR 1530 '.repeat(5000)}`;
    expect(read(noise).flights).toHaveLength(0);
  });
});
