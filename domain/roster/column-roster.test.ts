import { describe, expect, it } from 'vitest';
import {
  readColumnDay,
  readColumnHeading,
  readRosterPeriod,
  resolveColumnDay,
} from './column-roster';
import { noFlightsReason, parseRoster } from './parser';

const day = (line: string) => {
  const d = readColumnDay(line);
  if (!d) throw new Error(`no column day in '${line}'`);
  return d;
};
const november = readRosterPeriod('NOVEMBER 2026');
const flightsOf = (text: string) =>
  parseRoster(text, { today: '2026-11-25' }).flights.map(
    (f) =>
      `${f.flightNumber} ${f.date} ${f.origin} ${f.destination} ${f.departureTime} ${f.arrivalTime}`,
  );

describe('column rosters: the day column and the heading (issue 41 item 3)', () => {
  it('reads a day of the month with its weekday, in three letters or two', () => {
    expect(readColumnDay('15 Tue 8026A4')).toMatchObject({ day: 15, weekday: 2, text: '15 Tue' });
    expect(readColumnDay(' 3   TH  3211')).toMatchObject({ day: 3, weekday: 4 });
    expect(readColumnDay('15 Tuesday')).toMatchObject({ day: 15, weekday: 2 });
    // A number without a weekday is no day: '15 1030 LHR' could be anything.
    expect(readColumnDay('15 1030 LHR')).toBeNull();
    expect(readColumnDay('15 Tuba')).toBeNull();
    expect(readColumnDay('32 Tue')).toBeNull();
  });

  it("takes the month from a heading: a month and year, or a period, never a full date's month", () => {
    expect(november).toMatchObject({ from: '2026-11-01', to: '2026-11-30' });
    expect(readRosterPeriod('CREW ROSTER   December 2026   LINE 412')).toMatchObject({
      from: '2026-12-01',
      to: '2026-12-31',
    });
    expect(readRosterPeriod('Period 01Nov26 - 30Nov26')).toMatchObject({
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect(readRosterPeriod('BID PERIOD 28NOV2026 - 27DEC2026')).toMatchObject({
      from: '2026-11-28',
      to: '2026-12-27',
    });
    expect(readRosterPeriod('Printed 28 Nov 2026 14:05')).toBeNull();
    expect(readRosterPeriod('Period 30Nov26 - 01Nov26')).toBeNull();
    expect(readRosterPeriod('NOVEMBER')).toBeNull();
  });

  it('places a day in the period by its number and checks its weekday', () => {
    expect(resolveColumnDay(day('15 Sun'), november, null)).toEqual({ date: '2026-11-15' });
    expect(resolveColumnDay(day('15 Tue'), november, null)).toMatchObject({
      date: null,
      code: 'BAD_DATE',
      reason: expect.stringMatching(/15 November 2026 is a Sunday, not a Tuesday/),
    });
    expect(resolveColumnDay(day('15 Tue'), null, null)).toMatchObject({
      date: null,
      code: 'NO_DATE',
      reason: expect.stringMatching(/^No month for day 15 Tue/),
    });
  });

  it("runs into the next month's first week only once the roster is in its heading's last week", () => {
    expect(resolveColumnDay(day('1 Tue'), november, '2026-11-30')).toEqual({ date: '2026-12-01' });
    expect(resolveColumnDay(day('1 Tue'), november, '2026-11-10')).toMatchObject({
      code: 'BAD_DATE',
    });
    // February's 1st and March's 1st share a weekday (2027): which one is not known.
    const february = readRosterPeriod('FEBRUARY 2027');
    expect(resolveColumnDay(day('1 Mon'), february, '2027-02-27')).toMatchObject({
      code: 'AMBIGUOUS',
    });
  });

  it('reads the leg order a column heading row gives', () => {
    const words = (line: string) => line.split(/\s+/);
    expect(readColumnHeading(words('DATE DAY PAIRING RPT FLT DEP FROM TO ARR BLK'))).toEqual({
      departureBeforeFlight: false,
      departureBeforeRoute: true,
    });
    expect(readColumnHeading(words('Date Day Duty Flight From To STD STA Blk'))).toEqual({
      departureBeforeFlight: false,
      departureBeforeRoute: false,
    });
    expect(readColumnHeading(words('Date Dep Flight From To Arr'))).toMatchObject({
      departureBeforeFlight: true,
    });
    // No flight column, or no airports' columns: not a leg heading.
    expect(readColumnHeading(words('Date Duty Dep From Arr To'))).toBeNull();
    expect(readColumnHeading(words('DATE DAY PAIRING RPT REL CREDIT'))).toBeNull();
  });
});

describe('column rosters: legs read, pairing lines skipped', () => {
  const heading = 'NOVEMBER 2026\nDATE DAY PAIRING RPT FLT DEP FROM TO ARR BLK';

  it('reads the legs on a day line and the lines under it, the report time left out', () => {
    expect(
      flightsOf(`${heading}
15 Sun 8026A4 0940 BA1386 1035 LHR NCL 1150 1:15
                   BA1387 1235 NCL LHR 1400 1:25
                   BA1388 1500 LHR NCL 1615 1:15
                   BA1389 1700 NCL LHR 1820 1:20
                   BA1390 1900 LHR NCL 2015 1:15`),
    ).toEqual([
      'BA1386 2026-11-15 LHR NCL 10:35 11:50',
      'BA1387 2026-11-15 NCL LHR 12:35 14:00',
      'BA1388 2026-11-15 LHR NCL 15:00 16:15',
      'BA1389 2026-11-15 NCL LHR 17:00 18:20',
      'BA1390 2026-11-15 LHR NCL 19:00 20:15',
    ]);
  });

  it('does not read a number without the airline code, and says so', () => {
    const result = parseRoster(`${heading}\n15 Sun 8026A4 0940 1386 1035 LHR NCL 1150`, {
      today: '2026-11-25',
    });
    expect(result.flights).toEqual([]);
    expect(result.ignored[1]).toMatchObject({
      code: 'NO_FLIGHT_NUMBER',
      reason: "Not read: 1386 has no airline code; print it as 'BA1386'",
    });
    // A report time before a departure is no number.
    const times = parseRoster(`${heading}\n15 Sun 8026A4 0940 1035 LHR NCL 1150`, {
      today: '2026-11-25',
    });
    expect(times.ignored[1]?.reason).not.toMatch(/^Not read/);
  });

  it("refuses a leg that does not print its times in the heading's order", () => {
    const result = parseRoster(`${heading}\n15 Sun 8026A4 0940 BA1386 LHR NCL 1150`, {
      today: '2026-11-25',
    });
    expect(result.flights).toEqual([]);
    expect(result.ignored.map((i) => i.code)).toEqual(['NOT_FLIGHT', 'AMBIGUOUS']);
  });

  it("keeps a leg's UTC mark: its times are on the clock the line says", () => {
    const [flight] = parseRoster(`${heading}\n15 Sun 8026A4 0940Z BA1386 1035Z LHR NCL 1150Z`, {
      today: '2026-11-25',
    }).flights;
    expect(flight).toMatchObject({
      departureTime: '10:35',
      arrivalTime: '11:50',
      clock: 'utc',
      date: '2026-11-15',
    });
  });

  it('a time before the number departs only when the heading puts the departure there', () => {
    expect(
      flightsOf(`NOVEMBER 2026
DATE DAY DEP FLT FROM TO ARR
15 Sun 1035 BA1386 LHR NCL 1150`),
    ).toEqual(['BA1386 2026-11-15 LHR NCL 10:35 11:50']);
  });

  it("gives the pairing lines' reason only when the roster holds nothing but pairing lines", () => {
    const pairings = parseRoster(`${heading}\n15 Sun 8026A4 940 1650 7:10\n16 Mon OFF`, {
      today: '2026-11-25',
    });
    expect(pairings.layout).toBe('columns');
    expect(noFlightsReason(pairings)).toMatch(/^Line 3: Column roster/);

    const refusedLeg = parseRoster(
      `${heading}\n15 Sun 8026A4 940 1650 7:10\n16 Tue 8026A4 0600 BA1386 0655 LHR NCL 0810`,
      { today: '2026-11-25' },
    );
    expect(noFlightsReason(refusedLeg)).toMatch(/^Line 4: Date and weekday disagree/);
  });
});
