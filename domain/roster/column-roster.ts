/**
 * Column rosters (Sabre/Jeppesen roster reports, NetLine duty plans, US-style trip rosters
 * printed by crew portals): a table whose day column prints only the day of the month and its
 * weekday ('15 Tue'), the month and year only in the roster's heading ('NOVEMBER 2026',
 * 'Period 01Nov26 - 30Nov26'), a trip's legs on the lines under its day with the date left
 * blank, and a column heading that says in which order each leg's times and airports come
 * ('DATE DAY PAIRING RPT FLT DEP FROM TO ARR BLK'). Pure; every pattern is anchored.
 */

import { MONTH_NAMES, WEEKDAY_NAMES } from '../rules/time';
import { calendarDate } from './roster-dates';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH_WORD =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';

/**
 * A column roster's day: the day of the month, then its weekday in three letters or more, or in
 * the two letters US rosters print ('15 Tue', '15 TU', '3 Wednesday'). The weekday is required:
 * it is what tells the day column from any other number at a line's start, and it checks the
 * month the heading gives.
 */
const COLUMN_DAY =
  /^[ \t|"]*(\d{1,2})[ \t]+(mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday)?|thu(?:r(?:s(?:day)?)?)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?|mo|tu|we|th|fr|sa|su)\.?(?=[ \t,;|"]|$)/i;
const WEEKDAY_INDEX: Record<string, number> = {
  su: 0,
  mo: 1,
  tu: 2,
  we: 3,
  th: 4,
  fr: 5,
  sa: 6,
};

export interface ColumnDay {
  day: number;
  /** 0 = Sunday. */
  weekday: number;
  /** Index in the line just after the weekday. */
  end: number;
  /** The day as printed ('15 Tue'), for reasons. */
  text: string;
}

/** The column day a line starts with ('15 Tue …'), or null. */
export function readColumnDay(line: string): ColumnDay | null {
  const m = COLUMN_DAY.exec(line);
  if (!m) return null;
  const day = Number(m[1]);
  if (day < 1 || day > 31) return null;
  return {
    day,
    weekday: WEEKDAY_INDEX[(m[2] ?? '').slice(0, 2).toLowerCase()] ?? -1,
    end: m[0].length,
    text: m[0].trim(),
  };
}

/**
 * The month a roster's heading names: one calendar month ('NOVEMBER 2026', 'Roster Nov 2026',
 * 'DECEMBER 2026   LINE 412'), or a period from one day to another ('Period 01Nov26 -
 * 30Nov26', 'Bid period 28NOV2026 - 27DEC2026'). A month without a year is not enough: the day
 * column's weekday cannot then be checked against one year, so it is not read as a heading.
 */
export type RosterPeriod = { from: string; to: string; text: string };

// Not a whole date's month ('Printed 28 Nov 2026'): a heading names the month alone.
const MONTH_YEAR = new RegExp(
  `(?:^|[^A-Za-z0-9])(?<![0-9][ \\t./-]?)${MONTH_WORD}\\.?[ \\t,]+(\\d{4})(?![\\d/.:-])`,
  'i',
);
const PERIOD = new RegExp(
  `(?:^|[^A-Za-z0-9])(\\d{1,2})[ \\t-]?${MONTH_WORD}[ \\t-]?(\\d{4}|\\d{2})[ \\t]*(?:-|–|to|TO|until)[ \\t]*(\\d{1,2})[ \\t-]?${MONTH_WORD}[ \\t-]?(\\d{4}|\\d{2})(?![\\d])`,
  'i',
);
const monthIndex = (word: string) => MONTHS.indexOf(word.slice(0, 3).toLowerCase());
const fullYear = (digits: string) => (digits.length === 2 ? 2000 + Number(digits) : Number(digits));
const DAY_MS = 86_400_000;
const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;
const isoOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/**
 * The period a heading line names, or null. Only a line that starts without a date (the caller
 * checks) and holds no flight is a heading; its first period or month-and-year is taken.
 */
export function readRosterPeriod(line: string): RosterPeriod | null {
  const period = PERIOD.exec(line);
  if (period) {
    const from = calendarDate(
      fullYear(period[3] ?? ''),
      monthIndex(period[2] ?? ''),
      Number(period[1]),
    );
    const to = calendarDate(
      fullYear(period[6] ?? ''),
      monthIndex(period[5] ?? ''),
      Number(period[4]),
    );
    // A period of up to two months (bid periods cross a month's end); anything else is not one.
    if (from && to && dayNumber(to) >= dayNumber(from) && dayNumber(to) - dayNumber(from) < 62) {
      return { from, to, text: period[0].replace(/^[^A-Za-z0-9]/, '').trim() };
    }
    return null;
  }
  const month = MONTH_YEAR.exec(line);
  if (!month) return null;
  const year = Number(month[2]);
  const index = monthIndex(month[1] ?? '');
  if (year < 1900 || year > 2099 || index < 0) return null;
  const from = calendarDate(year, index, 1) ?? '';
  const last = isoOf(
    dayNumber(calendarDate(year + (index === 11 ? 1 : 0), (index + 1) % 12, 1) ?? '') - 1,
  );
  return { from, to: last, text: month[0].replace(/^[^A-Za-z0-9]/, '').trim() };
}

export type ColumnDate =
  | { date: string }
  | { date: null; code: 'NO_DATE' | 'BAD_DATE' | 'AMBIGUOUS'; reason: string };

/**
 * The calendar day a column day means under the roster's heading: the one day of that number in
 * the period whose weekday is the printed one. The week after the period's end is covered too (a
 * trip that ends in the next month: '30 Mon', '1 Tue'), but only while the roster has reached
 * the period's last week (`previous`, the last day read), and never a day that the weekday does
 * not confirm. No period, no such day, or two: refused, never guessed.
 */
export function resolveColumnDay(
  day: ColumnDay,
  period: RosterPeriod | null,
  previous: string | null,
): ColumnDate {
  if (!period) {
    return {
      date: null,
      code: 'NO_DATE',
      reason: `No month for day ${day.text}: no heading above it names a month and year; keep the roster's heading line (e.g. 'NOVEMBER 2026' or 'Period 01Nov26 - 30Nov26') with the days`,
    };
  }
  const first = dayNumber(period.from);
  // A week beyond the period's end, for trips that run over it, once the roster is there.
  const end = dayNumber(period.to);
  const last = previous !== null && dayNumber(previous) > end - 7 ? end + 7 : end;
  const matches: string[] = [];
  for (let n = first; n <= last; n++) {
    const iso = isoOf(n);
    if (Number(iso.slice(8, 10)) === day.day) matches.push(iso);
  }
  const candidates = matches;
  const agreeing = candidates.filter(
    (iso) => new Date(`${iso}T00:00:00Z`).getUTCDay() === day.weekday,
  );
  if (agreeing.length === 1) return { date: agreeing[0] ?? '' };
  if (agreeing.length > 1) {
    return {
      date: null,
      code: 'AMBIGUOUS',
      reason: `Ambiguous: day ${day.text} falls twice in ${period.text}`,
    };
  }
  const only = candidates[0];
  if (!only) {
    return {
      date: null,
      code: 'BAD_DATE',
      reason: `Not a date: day ${day.text} in ${period.text}`,
    };
  }
  const [y, m, d] = only.split('-').map(Number);
  return {
    date: null,
    code: 'BAD_DATE',
    reason: `Date and weekday disagree: ${d} ${MONTH_NAMES[(m ?? 1) - 1]} ${y} is a ${WEEKDAY_NAMES[new Date(`${only}T00:00:00Z`).getUTCDay()]}, not a ${WEEKDAY_NAMES[day.weekday]}`,
  };
}

/**
 * What a column roster's heading row says of each leg's order: whether a time before the flight
 * number is its departure (else it is the trip's report time, which such rosters print there)
 * and whether the departure is printed between the number and the route ('FLT DEP FROM TO ARR').
 */
export interface ColumnOrder {
  /** The departure time column stands before the flight number ('DEP FLT FROM TO ARR'). */
  departureBeforeFlight: boolean;
  /** The departure time column stands between the flight number and the origin. */
  departureBeforeRoute: boolean;
}

const FLIGHT_LABELS = new Set(['FLT', 'FLIGHT', 'FLT#', 'FLTNO', 'FLT.NO', 'FLIGHTNO', 'FLT/NO']);
const ORIGIN_LABELS = new Set(['FROM', 'ORIG', 'ORG', 'DEPSTN', 'ORIGIN']);
const DESTINATION_LABELS = new Set(['TO', 'DEST', 'DST', 'ARRSTN', 'DESTINATION']);
const DEPARTURE_LABELS = new Set(['DEP', 'STD', 'DEPT', 'ETD', 'OUT', 'DEPART']);
const ARRIVAL_LABELS = new Set(['ARR', 'STA', 'ARVL', 'ETA', 'IN', 'ARRIVE']);
const DAY_LABELS = new Set(['DATE', 'DAY', 'DD', 'DY']);

/**
 * The leg order a heading row names, or null when the line is no such row: it must name a day
 * column, a flight column and both airports' columns ('Date Day Pairing Rpt Flight Dep From To
 * Arr Blk', 'DATE | DAY | TRIP | FLT | FROM | TO | STD | STA').
 */
export function readColumnHeading(words: readonly string[]): ColumnOrder | null {
  const labels = words.map((w) => w.toUpperCase().replace(/[:.]+$/, ''));
  const at = (set: Set<string>) => labels.findIndex((l) => set.has(l));
  const day = at(DAY_LABELS);
  const flight = at(FLIGHT_LABELS);
  const origin = at(ORIGIN_LABELS);
  const destination = at(DESTINATION_LABELS);
  if (day !== 0 || flight < 0 || origin < 0 || destination < origin) return null;
  const departure = at(DEPARTURE_LABELS);
  const arrival = at(ARRIVAL_LABELS);
  return {
    departureBeforeFlight: departure >= 0 && departure < flight,
    departureBeforeRoute: departure > flight && departure < origin && arrival > destination,
  };
}
