import { AIRLINE_CODE, AIRLINE_DESIGNATOR_ALIASES, ROSTER_DATE_LOOKBACK } from '../constants';
import { isMarkedUtc } from '../rules/local-time';
import { isIataAirport, isPlausibleAirport } from './airports';
import {
  type ColumnOrder,
  type RosterPeriod,
  readColumnDay,
  readColumnHeading,
  readRosterPeriod,
  resolveColumnDay,
} from './column-roster';
import { dutyOf, isHeading, normaliseWord } from './duties';
import {
  type DateForm,
  numericDateOrder,
  type PrintedDate,
  parseDay,
  readPrintedDate,
  resolveDate,
  type YearRule,
} from './roster-dates';

export { localDay } from './roster-dates';

export interface RosterFlight {
  /** Airline code and number without leading zeros: 'BA117' (also for 'BA0117' and 'BAW117'). */
  flightNumber: string;
  /**
   * 'HH:MM' as the roster prints it (read as GMT, like the spec's bracketed time): a time just
   * before the number ('1210 BA283 LHR LAX'), else the time between the route's codes
   * ('BA117 LHR 1530 JFK 1835'), else the first time after the route ('BA117 LHR JFK 1530
   * 1835'). A report time ('RPT 1330', 'C/I 1330') is never a departure.
   */
  departureTime: string | null;
  /** 'HH:MM' of arrival when the line prints one after the departure, else null. */
  arrivalTime: string | null;
  /** Days after the departure day that the arrival falls on ('0555+1' is 1). */
  arrivalDayOffset: number;
  /**
   * Minutes in the air, only when the roster says: its block time ('BLK 8:55', a '1:15'
   * column), else arrival minus departure when both are printed; null otherwise.
   */
  durationMinutes: number | null;
  origin: string;
  destination: string;
  /** 'YYYY-MM-DD'. */
  date: string;
  /** The roster line the flight was read from, trimmed. */
  sourceLine: string;
  /** A positioning (deadheading) sector: 'DH', 'DHD', 'POS', 'P', 'PAX', 'TAXI' or a '*'. */
  positioning: boolean;
  /**
   * Which clock the times are on: 'local' (the departure the origin's, the arrival the
   * destination's: what rosters print), or 'utc' when the line marks them ('1530Z', 'UTC',
   * 'GMT'). rosterFlightToBatchRow turns either into the spec's GMT bracket and UTC day.
   */
  clock: 'local' | 'utc';
}

export interface ParseRosterOptions {
  /**
   * The member's local date, 'YYYY-MM-DD': a date printed without a year is the occurrence
   * nearest to it. Wins over `year`.
   */
  today?: string;
  /** The year of every date printed without one (the callers before `today`). */
  year?: number;
  airlineCode?: string;
}

export type RosterErrorCode = 'EMPTY_ROSTER' | 'INVALID_OPTIONS';

export class RosterError extends Error {
  readonly code: RosterErrorCode;
  constructor(code: RosterErrorCode, message: string) {
    super(message);
    this.name = 'RosterError';
    this.code = code;
  }
}

/** Why a line gave no flight. Callers decide on these, never on the reason's text. */
export type RosterIgnoreCode =
  /** No date on the line or within ROSTER_DATE_LOOKBACK lines above it. */
  | 'NO_DATE'
  /** Its date is no calendar day (31/11/2026), or disagrees with its weekday. */
  | 'BAD_DATE'
  /** It could be read in two ways (03/04/2026 in a roster that prints both orders). */
  | 'AMBIGUOUS'
  /** A duty that is not a flight: a day off, standby, a layover, training, a report time. */
  | 'NOT_FLIGHT'
  /** No flight number of the airline. */
  | 'NO_FLIGHT_NUMBER'
  /** A flight number without a route that can be read. */
  | 'NO_ROUTE'
  /** A route with a code that is no airport. */
  | 'UNKNOWN_AIRPORT'
  /** A flight already read from an earlier line. */
  | 'DUPLICATE'
  /**
   * A column roster's line ('15 Tue 8026A4 940 1650'): a pairing code and duty times, no flight
   * number or route to read.
   */
  | 'COLUMN_ROSTER';

export interface IgnoredRosterLine {
  /** The line, trimmed. */
  line: string;
  /** One line number per line of the pasted text, from 1. */
  lineNumber: number;
  code: RosterIgnoreCode;
  /** Why, in words a member can act on: "Not a flight: day off (OFF)". */
  reason: string;
}

/**
 * What the dates were: the spec's CrewLink date lines ('Sun 29 Nov'), dates in any other form
 * ('29/11/2026', '2026-11-29', '29NOV26', '14MAR'), a column roster's days ('15 Tue', the month
 * in its heading), more than one of these, or none.
 */
export type RosterLayout = 'crewlink' | 'dated-lines' | 'columns' | 'mixed' | 'undated';

export interface ParsedRoster {
  flights: RosterFlight[];
  /** Every non-empty line that gave no flight and is not a date or heading line, in order. */
  ignored: IgnoredRosterLine[];
  layout: RosterLayout;
}

/** Toast titles of the roster screen. */
export const ROSTER_MESSAGES = {
  empty: 'Empty Roster',
  noFlights: 'No Flights Found',
  parseError: 'Error Parsing Roster',
  noneSelected: 'No Flights Selected',
  noValid: 'No Valid Flights',
} as const;

const START_WITH_A_DATE = "start each day with a date such as 'Sun 29 Nov' or '29/11/2026'";

/** Reasons the parser gives in more than one place. */
export const ROSTER_REASONS = {
  noDate: `No date: ${START_WITH_A_DATE}`,
  noDateNearby: `No date within ${ROSTER_DATE_LOOKBACK} lines above: ${START_WITH_A_DATE}`,
  noDates: `No dates found: ${START_WITH_A_DATE}`,
  onlyDates: 'Only dates and headings were found: paste the lines that hold your flights',
} as const;

/**
 * The text that says why a roster gave no flight: no date anywhere, else the first line's
 * reason (and how many more lines were not read), else that only dates and headings were there.
 */
export function noFlightsReason(result: ParsedRoster): string {
  // A column roster of pairing lines alone names trips, not flights: that is what is true of it.
  // One whose legs were refused says why the first leg was (its month unknown, say) instead.
  const column = result.ignored.find((i) => i.code === 'COLUMN_ROSTER');
  const leg = result.ignored.find((i) => !NOT_A_LEG.has(i.code));
  if (column && !leg) return `Line ${column.lineNumber}: ${column.reason}`;
  if (result.layout === 'undated') return ROSTER_REASONS.noDates;
  const columns = column !== undefined || result.layout === 'columns';
  const ignored =
    columns && leg ? [leg, ...result.ignored.filter((i) => i !== leg)] : result.ignored;
  const [first, ...rest] = ignored;
  if (!first) return ROSTER_REASONS.onlyDates;
  const more =
    rest.length === 0 ? '' : `; ${rest.length} more line${rest.length === 1 ? '' : 's'} not read`;
  return `Line ${first.lineNumber}: ${first.reason}${more}`;
}

/** Codes of lines that hold no flight number: the rest name a leg that was refused. */
const NOT_A_LEG: ReadonlySet<RosterIgnoreCode> = new Set([
  'NOT_FLIGHT',
  'NO_FLIGHT_NUMBER',
  'COLUMN_ROSTER',
]);

/**
 * A column roster's pairing line ('15 Tue 8026A4 940 1650 …', Sabre/Jeppesen-style trip
 * rosters): the day of the month, a weekday, a pairing code (letters and digits) and three- or
 * four-digit duty times, without a flight number. It names a trip, not a flight: no reading of a
 * number, route or departure from it can be right, so it is skipped with its reason. The trip's
 * legs, when the roster prints them on their own lines, are read (column-roster.ts).
 */
const COLUMN_ROSTER_LINE =
  /^\s*\d{1,2}\s+(?:MON|TUE|WED|THU|FRI|SAT|SUN)[A-Z]*\s+(?=[A-Z0-9]*\d)(?=[A-Z0-9]*[A-Z])[A-Z0-9]{4,8}\s+\d{3,4}\s+\d{3,4}(?:\s|$)/i;
export const COLUMN_ROSTER_REASON =
  "Column roster: a trip's pairing code and duty times, not a flight; its flights are read from the lines that print their numbers and route (e.g. 'BA1386 LHR NCL 0655 0810'): include them, or upload the roster as a calendar (ICS) file";

/** The eight transatlantic routes the spec recognises even in loosely written lines. */
const TRANSATLANTIC: Record<string, readonly [origin: string, destination: string]> = {
  '113': ['LHR', 'JFK'],
  '112': ['JFK', 'LHR'],
  '213': ['LHR', 'BOS'],
  '212': ['BOS', 'LHR'],
  '293': ['LHR', 'ORD'],
  '292': ['ORD', 'LHR'],
  '283': ['LHR', 'LAX'],
  '282': ['LAX', 'LHR'],
};

const STANDALONE_CODE = /(?<![A-Za-z])[A-Z]{3}(?![A-Za-z])/g;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const pad2 = (n: number) => String(n).padStart(2, '0');

const CODE_SPACE = 26 ** 3;

/** A three-capital-letter code as a number below 26^3, for compact duplicate keys. */
const codeIndex = (c: string) =>
  ((c.charCodeAt(0) - 65) * 26 + (c.charCodeAt(1) - 65)) * 26 + (c.charCodeAt(2) - 65);

/** The one stored copy of `value`, so a long roster's flights do not each hold their own. */
function intern(cache: Map<string, string>, value: string): string {
  const known = cache.get(value);
  if (known !== undefined) return known;
  cache.set(value, value);
  return value;
}

// Every valid 'HHMM' with its 'HH:MM'; anything else (2460, 9999) is not a time.
const TIMES = new Map<string, string>();
for (let h = 0; h < 24; h++) {
  for (let m = 0; m < 60; m++) TIMES.set(`${pad2(h)}${pad2(m)}`, `${pad2(h)}:${pad2(m)}`);
}
const timeOf = (hhmm: string | undefined): string | null => (hhmm && TIMES.get(hhmm)) || null;

/** Words split at spaces, tabs and the separators of pasted tables and CSV: , ; | and ". */
const WORD = /[^ \t,;|"]+/g;

// What may follow a flight's route: its times ('1530', '18:35', '0555+1', '0555 (+1)'), column
// labels for them, and deadheading/positioning markers. Anything else ends the times.
// A time may carry UTC's 'Z' ('1530Z'): the line's times are then UTC (RosterFlight.clock).
const TIME_TOKEN = /^(\d{2}):?(\d{2})Z?(?:\(?\+(\d)\)?)?$/i;
const PLAIN_TIME = /^(\d{2}):?(\d{2})Z?$/i;
const DAY_OFFSET_TOKEN = /^\(?\+(\d)\)?$/;
const TIME_LABEL = /^(?:STD|STA|DEP|ARR|ETD|ETA|DH|POS|PAX|UTC|GMT|Z|LT|\*)$/i;
/** Column labels that sit where a route's codes would: never an airport on a roster line. */
const NOT_AN_AIRPORT = new Set(['STD', 'STA', 'DEP', 'ARR', 'ETD', 'ETA', 'BLK']);
// A block time 'H:MM' or 'HH:MM' (up to 19:59, which covers the longest sectors).
const BLOCK_TOKEN = /^(?:BLK:?)?(1?\d):([0-5]\d)(?![\d:])/;
const REPORT_LABELS = new Set([
  'RPT',
  'REP',
  'REPORT',
  'C/I',
  'CI',
  'CHECK-IN',
  'CHECKIN',
  'S/ON',
  'SIGN-ON',
  'SIGNON',
]);
const POSITIONING = new Set([
  'DH',
  'DHD',
  'DEADHEAD',
  'POS',
  'POSN',
  'POSITIONING',
  'PAX',
  'P',
  'TAXI',
  '*',
]);
const CODE = /^[A-Z]{3}$/;
/** A destination as the spec's layout reads it: three capitals, not followed by a letter or digit. */
const DESTINATION = /^([A-Z]{3})(?![A-Za-z0-9])(.*)$/;
const JOINED_ROUTE = /^([A-Z]{3})[-/–>→]([A-Z]{3})$/;
const ROUTE_JOINERS = new Set(['-', '/', '–', '>', '→', 'TO', 'to']);
// A time between the number and the route's later code of a transatlantic line.
const TIME_INSIDE = /(?:^|[ \t])\d{2}:?\d{2}(?!\d)/;
const HAS_WORD = /[A-Za-z0-9]/;

type Times = {
  arrival: string | null;
  offset: number;
  departure: string | null;
  block: number | null;
};

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Block time if printed, else arrival minus departure (over `offset` midnights); else null. */
function durationOf(t: Times): number | null {
  if (t.block !== null && t.block > 0) return t.block;
  if (!t.departure || !t.arrival) return null;
  const minutes = minutesOf(t.arrival) + t.offset * 1440 - minutesOf(t.departure);
  return minutes > 0 ? minutes : null;
}

interface TimesRead {
  found: { time: string; offset: number }[];
  /** Index of the first word after the times. */
  end: number;
  block: number | null;
}

/**
 * The times printed in words[from, to): up to two, labels skipped, a '+1' joined to the time
 * before it; then the block time, the first 'H:MM' word (or 'BLK 8:55') that is not one of them.
 */
function readTimes(
  words: readonly string[],
  from: number,
  to: number,
  stop: boolean,
  most = 2,
): TimesRead {
  const found: { time: string; offset: number; at: number }[] = [];
  let t = from;
  for (; t < to && !stop; t++) {
    const token = words[t] ?? '';
    if (TIME_LABEL.test(token)) continue;
    const offset = DAY_OFFSET_TOKEN.exec(token);
    if (offset && found.length > 0) {
      found[found.length - 1]!.offset = Number(offset[1]);
      continue;
    }
    const time = TIME_TOKEN.exec(token);
    const value = time ? timeOf(`${time[1]}${time[2]}`) : null;
    if (!time || !value || found.length === most) break;
    found.push({ time: value, offset: Number(time[3] ?? 0), at: t });
  }
  let block: number | null = null;
  for (let b = from; b < to; b++) {
    if (found.some((f) => f.at === b)) continue;
    const m = BLOCK_TOKEN.exec(words[b] ?? '');
    if (m) {
      block = Number(m[1]) * 60 + Number(m[2]);
      break;
    }
  }
  return { found, end: t, block };
}

/** Whether words[at] is a report time's ('RPT 1330', 'C/I 1330', 'CHECK IN 1330'). */
function isReportTime(words: readonly string[], at: number): boolean {
  const before = normaliseWord(words[at - 1] ?? '');
  if (REPORT_LABELS.has(before)) return true;
  const pair = `${normaliseWord(words[at - 2] ?? '')} ${before}`;
  return pair === 'CHECK IN' || pair === 'SIGN ON';
}

interface FlightNumberAt {
  /** Index of its first word ('BA0117', or 'BA' of 'BA 117'). */
  index: number;
  /** Index of its last word. */
  last: number;
  /** Digits without leading zeros: '117'. */
  number: string;
  /** Printed with a '*' (a positioning mark). */
  starred: boolean;
}

type Failure = { code: RosterIgnoreCode; reason: string };

interface Sector {
  number: string;
  origin: string;
  destination: string;
  times: Times;
  positioning: boolean;
}

type Route = {
  form: 'spec' | 'joined' | 'around-times' | 'times-first' | 'departure-first';
  origin: string;
  destination: string;
  /** The departure printed within the route ('LHR 1530 JFK', '1530 LHR 1835 JFK'). */
  between: string | null;
  /** The arrival printed within the route ('1530 LHR 1835 JFK'). */
  arrival?: { time: string; offset: number };
  /** Index of the first word after the route. */
  next: number;
  /** Something was joined to the destination ('JFK)'): no times follow. */
  tail: boolean;
};

/**
 * The route after a flight number, from words[at]:
 * - the spec's 'LHR JFK' (two words of three capitals; the second may touch punctuation);
 * - joined 'LHR-JFK', 'LHR/JFK', 'LHR - JFK', 'LHR to JFK' (only where `joined` is allowed);
 * - around the times: 'LHR 1530 JFK 1835', labels allowed ('LHR STD 1530 JFK STA 1835');
 * - each time before its code, as 'Dep From Arr To' columns print it: '1530 LHR 1835 JFK'.
 */
function readRoute(
  words: readonly string[],
  at: number,
  to: number,
  joined: boolean,
  departureFirst = false,
): Route | null {
  const first = words[at];
  if (first === undefined || at >= to) return null;
  if (CODE.test(first) && !NOT_AN_AIRPORT.has(first)) {
    const second = at + 1 < to ? (words[at + 1] ?? '') : '';
    const destination = DESTINATION.exec(second);
    if (destination && !NOT_AN_AIRPORT.has(destination[1] ?? '')) {
      return {
        form: 'spec',
        origin: first,
        destination: destination[1] ?? '',
        between: null,
        next: at + 2,
        tail: (destination[2] ?? '') !== '',
      };
    }
    if (joined && ROUTE_JOINERS.has(second) && at + 2 < to && CODE.test(words[at + 2] ?? '')) {
      const third = words[at + 2] ?? '';
      if (NOT_AN_AIRPORT.has(third)) return null;
      return {
        form: 'joined',
        origin: first,
        destination: third,
        between: null,
        next: at + 3,
        tail: false,
      };
    }
    let k = at + 1;
    while (k < to && TIME_LABEL.test(words[k] ?? '')) k++;
    const departure = PLAIN_TIME.exec(words[k] ?? '');
    const between = departure ? timeOf(`${departure[1]}${departure[2]}`) : null;
    if (!between || k >= to) return null;
    k++;
    while (k < to && TIME_LABEL.test(words[k] ?? '')) k++;
    const destination2 = words[k] ?? '';
    if (k >= to || !CODE.test(destination2) || NOT_AN_AIRPORT.has(destination2)) return null;
    return {
      form: 'around-times',
      origin: first,
      destination: destination2,
      between,
      next: k + 1,
      tail: false,
    };
  }
  const departure = PLAIN_TIME.exec(first);
  if (departure && departureFirst) {
    // A column roster whose heading prints 'FLT DEP FROM TO ARR': '1035 LHR NCL 1150'.
    const between = timeOf(`${departure[1]}${departure[2]}`);
    const origin = words[at + 1] ?? '';
    const destination = words[at + 2] ?? '';
    if (!between || at + 2 >= to || !CODE.test(origin) || !CODE.test(destination)) return null;
    if (NOT_AN_AIRPORT.has(origin) || NOT_AN_AIRPORT.has(destination)) return null;
    return { form: 'departure-first', origin, destination, between, next: at + 3, tail: false };
  }
  if (departure) {
    const between = timeOf(`${departure[1]}${departure[2]}`);
    const origin = words[at + 1] ?? '';
    const arrival = TIME_TOKEN.exec(words[at + 2] ?? '');
    const arrivalTime = arrival ? timeOf(`${arrival[1]}${arrival[2]}`) : null;
    let k = at + 3;
    let offset = Number(arrival?.[3] ?? 0);
    const dayOffset = DAY_OFFSET_TOKEN.exec(words[k] ?? '');
    if (dayOffset) {
      offset = Number(dayOffset[1]);
      k++;
    }
    const destination = words[k] ?? '';
    if (!between || !arrivalTime || k >= to) return null;
    if (!CODE.test(origin) || !CODE.test(destination)) return null;
    if (NOT_AN_AIRPORT.has(origin) || NOT_AN_AIRPORT.has(destination)) return null;
    return {
      form: 'times-first',
      origin,
      destination,
      between,
      arrival: { time: arrivalTime, offset },
      next: k + 1,
      tail: false,
    };
  }
  const route = joined ? JOINED_ROUTE.exec(first) : null;
  if (!route) return null;
  return {
    form: 'joined',
    origin: route[1] ?? '',
    destination: route[2] ?? '',
    between: null,
    next: at + 1,
    tail: false,
  };
}

/** The date a line is read under: its own or one from a date line at most 3 lines above. */
interface DateContext {
  date: string | null;
  /** 'column': a column roster's day ('15 Tue'), its month from the roster's heading. */
  form: DateForm | 'column';
  problem: Failure | null;
}

/**
 * Reads flights from a pasted crew roster, one pass over its lines (linear in its length).
 *
 * Each line is a date line, a flight line under a date (its own or one at most
 * ROSTER_DATE_LOOKBACK lines above), or something else: every non-empty line that gives no
 * flight and is not a date or heading line is returned in `ignored` with the reason. Where a
 * line could mean two things it is refused with its reason rather than guessed: a wrong number,
 * route, date or time is worse than a missed flight. The readings, layout by layout, are in
 * docs/api.md ('Roster parsing').
 */
export function parseRoster(text: string, options: ParseRosterOptions): ParsedRoster {
  const rule = yearRuleOf(options);
  const code = options.airlineCode ?? AIRLINE_CODE;
  if (!code) throw new RosterError('INVALID_OPTIONS', 'A roster needs an airline code');
  if (text.trim() === '') throw new RosterError('EMPTY_ROSTER', ROSTER_MESSAGES.empty);

  // The airline's own code and the designators that mean it ('BAW' is BA's ICAO code).
  const designators = [
    code,
    ...Object.keys(AIRLINE_DESIGNATOR_ALIASES).filter(
      (alias) => AIRLINE_DESIGNATOR_ALIASES[alias] === code && alias !== code,
    ),
  ].sort((a, b) => b.length - a.length);
  const anyDesignator = designators.map(escapeRegExp).join('|');
  const numberWord = new RegExp(`^(\\*?)(?:${anyDesignator})(\\d{1,4})(\\*?)$`);
  const designatorWord = new RegExp(`^(\\*?)(?:${anyDesignator})$`);
  const digitsWord = /^(\d{1,4})(\*?)$/;
  const numberLike = new RegExp(`^\\*?(?:${anyDesignator})(\\d+)([A-Z]*)\\*?$`);
  const transatlantic = new RegExp(
    `(?:^|[^A-Za-z0-9])(?:(\\d{4})[ \\t]+)?(?:${anyDesignator}) ?0*(11[23]|21[23]|29[23]|28[23])(?!\\d)`,
  );
  const referenceYear = 'today' in rule ? rule.todayYear : rule.year;

  const flights: RosterFlight[] = [];
  const ignored: IgnoredRosterLine[] = [];
  // Flights already read, per day, under numeric keys: small maps that stay in cache and
  // allocate little, which keeps the cost per line flat as rosters grow.
  const seenByDate = new Map<string, Map<number, RosterFlight>>();
  // Per-parse caches, so that thousands of flights share one string per distinct value.
  const dates = new Map<string, DateContext>();
  const numbers = new Map<string, string>();
  const codes = new Map<string, string>();
  // Lines are sliced one at a time rather than split up front, so each dies young unless a
  // flight keeps it as its source line.
  const source = text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
  const order = numericDateOrder(source);
  let lastDate: DateContext | null = null;
  let lastDateLine = Number.NEGATIVE_INFINITY;
  let crewlinkDates = false;
  let otherDates = false;
  let columnDates = false;
  // A column roster's heading: the month or period its days are in, and its columns' order.
  let period: RosterPeriod | null = null;
  let columnOrder: ColumnOrder | null = null;

  const ignore = (line: string, lineNumber: number, failure: Failure) =>
    ignored.push({ line: line.trim(), lineNumber, code: failure.code, reason: failure.reason });

  /** Adds the sector unless that day already has it; returns the earlier copy if so. */
  const add = (sector: Sector, date: string, sourceLine: string): RosterFlight | null => {
    let seen = seenByDate.get(date);
    if (!seen) {
      seen = new Map();
      seenByDate.set(date, seen);
    }
    const { number, origin, destination, times } = sector;
    const key =
      (Number(number) * CODE_SPACE + codeIndex(origin)) * CODE_SPACE + codeIndex(destination);
    const earlier = seen.get(key);
    if (earlier) return earlier;
    let flightNumber = numbers.get(number);
    if (flightNumber === undefined) {
      flightNumber = `${code}${number}`;
      numbers.set(number, flightNumber);
    }
    const flight: RosterFlight = {
      flightNumber,
      departureTime: times.departure,
      arrivalTime: times.arrival,
      arrivalDayOffset: times.arrival ? times.offset : 0,
      durationMinutes: durationOf(times),
      origin: intern(codes, origin),
      destination: intern(codes, destination),
      date,
      sourceLine,
      positioning: sector.positioning,
      clock: isMarkedUtc(sourceLine) ? 'utc' : 'local',
    };
    seen.set(key, flight);
    flights.push(flight);
    return null;
  };

  const dateOf = (printed: PrintedDate): DateContext => {
    const key = `${printed.form}|${printed.day}|${printed.month}|${printed.year}|${printed.weekday}|${printed.problem?.reason ?? ''}`;
    let context = dates.get(key);
    if (!context) {
      const resolved = resolveDate(printed, rule);
      context =
        resolved.date !== null
          ? { date: resolved.date, form: printed.form, problem: null }
          : {
              date: null,
              form: printed.form,
              problem: { code: resolved.code, reason: resolved.reason },
            };
      dates.set(key, context);
    }
    return context;
  };

  for (let i = 0, start = 0; start <= source.length; i++) {
    let end = source.indexOf('\n', start);
    if (end === -1) end = source.length;
    const line = source.slice(start, end);
    start = end + 1;
    if (!HAS_WORD.test(line)) continue;

    const printed = readPrintedDate(line, order, referenceYear);
    // A column roster's day ('15 Tue'): its month is the heading's, never guessed.
    const columnDay = printed ? null : readColumnDay(line);
    if (printed) {
      lastDate = dateOf(printed);
      lastDateLine = i;
      if (printed.form === 'crewlink') crewlinkDates = true;
      else otherDates = true;
    } else if (columnDay) {
      const resolved = resolveColumnDay(columnDay, period, lastDate?.date ?? null);
      lastDate =
        resolved.date !== null
          ? { date: resolved.date, form: 'column', problem: null }
          : {
              date: null,
              form: 'column',
              problem: { code: resolved.code, reason: resolved.reason },
            };
      lastDateLine = i;
      columnDates = true;
    }
    const dated = printed !== null || columnDay !== null;
    const words =
      line.slice(printed ? printed.end : columnDay ? columnDay.end : 0).match(WORD) ?? [];
    const airline = designators.some((d) => line.includes(d));
    const found = airline ? flightNumbersIn(words, numberWord, designatorWord, digitsWord) : [];
    // Every transatlantic route touches LHR, so other lines skip the wider search.
    const special = airline && line.includes('LHR') ? transatlantic.exec(line) : null;

    if (found.length === 0 && !special) {
      if (dated && words.length === 0) continue;
      if (!dated) {
        // Headings a column roster's days are read by; the line itself is treated as before.
        period = readRosterPeriod(line) ?? period;
        columnOrder = readColumnHeading(words) ?? columnOrder;
      }
      const unreadable = airline ? words.find((w) => numberLike.test(w)) : undefined;
      if (unreadable) {
        ignore(line, i + 1, notAFlightNumber(unreadable, numberLike));
        continue;
      }
      const duty = dutyOf(words);
      if (duty) {
        // A column heading's RPT or REPORT label names a column, not a report time.
        const heading = !dated && readColumnHeading(words) !== null;
        ignore(line, i + 1, {
          code: 'NOT_FLIGHT',
          reason: heading
            ? "Not a flight: the roster's column headings"
            : `Not a flight: ${duty.label} (${duty.code})`,
        });
        continue;
      }
      if (!dated && isHeading(words)) continue;
      const bare = bareNumberBeforeRoute(words);
      if (!bare && COLUMN_ROSTER_LINE.test(line)) {
        ignore(line, i + 1, { code: 'COLUMN_ROSTER', reason: COLUMN_ROSTER_REASON });
        continue;
      }
      ignore(line, i + 1, {
        code: 'NO_FLIGHT_NUMBER',
        reason: bare
          ? `Not read: ${bare} has no airline code; print it as '${code}${bare}'`
          : `No ${code} flight number on this line`,
      });
      continue;
    }

    // A line without its own date borrows one from at most three lines above.
    const context = dated ? lastDate : i - lastDateLine <= ROSTER_DATE_LOOKBACK ? lastDate : null;
    if (!context) {
      const reason =
        lastDateLine === Number.NEGATIVE_INFINITY
          ? ROSTER_REASONS.noDate
          : ROSTER_REASONS.noDateNearby;
      ignore(line, i + 1, { code: 'NO_DATE', reason });
      continue;
    }
    if (!context.date) {
      ignore(line, i + 1, context.problem ?? { code: 'BAD_DATE', reason: 'Not a date' });
      continue;
    }
    const date = context.date;
    // Lines under a CrewLink date line keep the spec's reading of a route (two codes as separate
    // words); a flight on its own date line, or under another form of date, may join them.
    const joinedRoutes = dated || context.form !== 'crewlink';
    const column = context.form === 'column';
    const sourceLine = line.trim();
    const numbersOnLine = new Set<string>();
    let failure: Failure | null = null;
    let added = 0;
    let duplicate: RosterFlight | null = null;
    let duplicateTimes: string | null = null;
    let regionStart = 0;

    for (let k = 0; k < found.length; k++) {
      const at = found[k] as FlightNumberAt;
      const next = found[k + 1]?.index ?? words.length;
      const read = readSector(words, at, next, regionStart, {
        joinedRoutes,
        crewlink: context.form === 'crewlink',
        // '29 Nov 2026 BA117 ...': 2026 is the year, or a time-first departure at 20:26.
        yearBeforeNumber: printed?.yearIsWord === true && at.index === 0,
        last: k === found.length - 1,
        label: `${code}${at.number}`,
        column: column ? (columnOrder ?? 'unknown') : null,
      });
      regionStart = read.end;
      if ('code' in read.result) {
        failure ??= read.result;
        continue;
      }
      const sector = read.result;
      numbersOnLine.add(sector.number);
      const earlier = add(sector, date, sourceLine);
      if (earlier) {
        duplicate ??= earlier;
        if (earlier.departureTime !== sector.times.departure) {
          duplicateTimes ??= sector.times.departure ?? 'none';
        }
      } else added++;
    }

    const number = special?.[2] ?? '';
    const route = TRANSATLANTIC[number];
    if (special && route && !numbersOnLine.has(number)) {
      const standalone = new Set(line.match(STANDALONE_CODE));
      if (standalone.has(route[0]) && standalone.has(route[1])) {
        const read = readTransatlantic(line, special, route, words, printed, `${code}${number}`);
        // Its reason is more telling than the general reading's 'no route'.
        if ('code' in read) failure = !failure || failure.code === 'NO_ROUTE' ? read : failure;
        else {
          numbersOnLine.add(number);
          const earlier = add({ ...read, number }, date, sourceLine);
          if (earlier) duplicate ??= earlier;
          else added++;
        }
      }
    }

    // A column roster's trip runs on under its day: the next leg line is read under it however
    // many legs come before it.
    if (column && (added > 0 || duplicate)) lastDateLine = i;
    if (added > 0) continue;
    if (duplicate) {
      const d: RosterFlight = duplicate;
      const times = duplicateTimes
        ? `, departing ${d.departureTime ?? 'at no time'} (this line says ${duplicateTimes}); the first is kept`
        : '';
      ignore(line, i + 1, {
        code: 'DUPLICATE',
        reason: `Already listed: ${d.flightNumber} ${d.origin}-${d.destination} on ${d.date}${times}`,
      });
    } else {
      ignore(
        line,
        i + 1,
        failure ?? {
          code: 'NO_ROUTE',
          reason: `${code}${found[0]?.number ?? number}: no route; print it as two airport codes, e.g. 'LHR JFK'`,
        },
      );
    }
  }

  const forms = Number(crewlinkDates) + Number(otherDates) + Number(columnDates);
  const layout: RosterLayout =
    forms > 1
      ? 'mixed'
      : crewlinkDates
        ? 'crewlink'
        : otherDates
          ? 'dated-lines'
          : columnDates
            ? 'columns'
            : 'undated';
  return { flights, ignored, layout };
}

function yearRuleOf(options: ParseRosterOptions): YearRule {
  if (options.today !== undefined) {
    const today = parseDay(options.today);
    if (!today) {
      throw new RosterError('INVALID_OPTIONS', "A roster's today must be a date 'YYYY-MM-DD'");
    }
    return { today: today.iso, todayYear: today.year };
  }
  const { year } = options;
  if (year === undefined || !Number.isInteger(year) || year < 1 || year > 9999) {
    throw new RosterError('INVALID_OPTIONS', 'A roster needs a year and an airline code');
  }
  return { year };
}

/** The airline's flight numbers among a line's words: 'BA0117', 'BAW117', '*BA1386', 'BA 117'. */
function flightNumbersIn(
  words: readonly string[],
  numberWord: RegExp,
  designatorWord: RegExp,
  digitsWord: RegExp,
): FlightNumberAt[] {
  const found: FlightNumberAt[] = [];
  for (let t = 0; t < words.length; t++) {
    const word = words[t] ?? '';
    const whole = numberWord.exec(word);
    if (whole) {
      found.push({
        index: t,
        last: t,
        number: String(Number(whole[2])),
        starred: whole[1] === '*' || whole[3] === '*',
      });
      continue;
    }
    const designator = designatorWord.exec(word);
    const digits = designator ? digitsWord.exec(words[t + 1] ?? '') : null;
    if (designator && digits) {
      found.push({
        index: t,
        last: t + 1,
        number: String(Number(digits[1])),
        starred: designator[1] === '*' || digits[2] === '*',
      });
      t++;
    }
  }
  return found;
}

/**
 * A number printed without the airline's code just before a route ('117 LHR JFK', as US trip
 * rosters print legs), for the reason only: it is never read as a flight, because an equipment
 * or trip column ('777 LHR LGW' on a ground transfer) prints the same shape.
 */
function bareNumberBeforeRoute(words: readonly string[]): string | null {
  const isRoute = (at: number) => {
    const origin = words[at] ?? '';
    const destination = words[at + 1] ?? '';
    return (
      CODE.test(origin) &&
      CODE.test(destination) &&
      origin !== destination &&
      isIataAirport(origin) &&
      isIataAirport(destination)
    );
  };
  for (let t = 0; t + 2 < words.length; t++) {
    const word = words[t] ?? '';
    if (!/^\d{1,4}$/.test(word)) continue;
    // '117 LHR JFK', or '117 1530 LHR JFK' (its departure first); a word that reads as a time
    // ('1530 LHR JFK', a report time before a departure) is not taken for a number.
    if (word.length === 4 && timeOf(word) !== null) continue;
    if (isRoute(t + 1) || (timeOf(words[t + 1] ?? '') !== null && isRoute(t + 2))) {
      return String(Number(word));
    }
  }
  return null;
}

function notAFlightNumber(word: string, numberLike: RegExp): Failure {
  const m = numberLike.exec(word);
  const printed = word.replace(/\*/g, '');
  if (m && (m[2] ?? '') !== '') {
    return {
      code: 'NO_FLIGHT_NUMBER',
      reason: `Not read: ${printed} has a letter after its number`,
    };
  }
  return {
    code: 'NO_FLIGHT_NUMBER',
    reason: `Not a flight number: ${printed} (a flight number has 1 to 4 digits)`,
  };
}

interface SectorOptions {
  joinedRoutes: boolean;
  crewlink: boolean;
  yearBeforeNumber: boolean;
  last: boolean;
  label: string;
  /**
   * Under a column roster's day: the order its heading row gives, 'unknown' without one; null
   * elsewhere.
   */
  column: ColumnOrder | 'unknown' | null;
}

/**
 * The sector of the flight number `at`, whose words run to `next` (the line's next flight
 * number); `regionStart` is where the previous sector's words ended.
 */
function readSector(
  words: readonly string[],
  at: FlightNumberAt,
  next: number,
  regionStart: number,
  options: SectorOptions,
): { result: Sector | Failure; end: number } {
  const { label } = options;
  // A time just before the number departs, unless it is a report time ('RPT 1330 BA117').
  const before = at.index - 1;
  const leadingMatch = before >= regionStart ? PLAIN_TIME.exec(words[before] ?? '') : null;
  const leadingValue = leadingMatch ? timeOf(`${leadingMatch[1]}${leadingMatch[2]}`) : null;
  let leading = leadingValue && !isReportTime(words, before) ? leadingValue : null;
  const { column } = options;
  if (leading && column !== null) {
    // A column roster prints the trip's report time before a leg's number as often as the
    // leg's departure: only its heading says which.
    if (column === 'unknown') {
      return {
        result: {
          code: 'AMBIGUOUS',
          reason: `Ambiguous: the time before ${label} could be its report or its departure time; keep the roster's column heading line (e.g. 'DATE DAY TRIP RPT FLT FROM TO DEP ARR')`,
        },
        end: at.last + 1,
      };
    }
    if (!column.departureBeforeFlight) leading = null;
  }

  const departureFirst = column !== null && column !== 'unknown' && column.departureBeforeRoute;
  const route = readRoute(words, at.last + 1, next, options.joinedRoutes, departureFirst);
  if (!route) {
    const word = words[at.last + 1] ?? '';
    const joined = !options.joinedRoutes && JOINED_ROUTE.test(word);
    return {
      result: {
        code: 'NO_ROUTE',
        reason: joined
          ? `${label}: a route written '${word}' is not read on the lines under a CrewLink date; print it as '${word.slice(0, 3)} ${word.slice(4)}'`
          : `${label}: no route; print it as two airport codes, e.g. 'LHR JFK'`,
      },
      end: at.last + 1,
    };
  }
  const { origin, destination } = route;
  if (departureFirst && route.form !== 'departure-first') {
    // The heading prints the departure before the route; a time after it would be the arrival
    // under that heading, and the departure under any other reading.
    return {
      result: {
        code: 'AMBIGUOUS',
        reason: `Ambiguous: ${label} has no departure time before its route as the column heading prints it ('FLT DEP FROM TO ARR')`,
      },
      end: route.next,
    };
  }
  if (options.crewlink && route.form === 'spec') {
    // The spec's rule for its own layout: any code that is not a weekday or month.
    for (const airport of [origin, destination]) {
      if (!isPlausibleAirport(airport)) {
        return {
          result: {
            code: 'UNKNOWN_AIRPORT',
            reason: `Not an airport: ${airport} reads as a weekday or month`,
          },
          end: route.next,
        };
      }
    }
  } else {
    for (const airport of [origin, destination]) {
      if (!isIataAirport(airport)) {
        return {
          result: { code: 'UNKNOWN_AIRPORT', reason: `Unknown airport: ${airport}` },
          end: route.next,
        };
      }
    }
    if (origin === destination) {
      return {
        result: { code: 'NO_ROUTE', reason: `${label}: ${origin} to ${origin} is no route` },
        end: route.next,
      };
    }
  }

  // After a 'FLT DEP FROM TO ARR' route only the arrival is a time: a '12:10' after it is the
  // block time, not a second time.
  const read = readTimes(
    words,
    route.next,
    next,
    route.tail,
    route.form === 'departure-first' ? 1 : 2,
  );
  let times: Times;
  if (route.between) {
    if (leading) {
      return {
        result: {
          code: 'AMBIGUOUS',
          reason: `Ambiguous: ${label} has two departure times (${leading} before it, ${route.between} in its route)`,
        },
        end: read.end,
      };
    }
    const arrival = route.arrival ?? read.found[0];
    times = {
      departure: route.between,
      arrival: arrival?.time ?? null,
      offset: arrival?.offset ?? 0,
      block: read.block,
    };
  } else {
    if (options.yearBeforeNumber && read.found.length < 2) {
      return {
        result: {
          code: 'AMBIGUOUS',
          reason: `Ambiguous: the 4 digits after the date could be the year or ${label}'s departure time; print the departure and arrival after the route`,
        },
        end: read.end,
      };
    }
    // With a time before the number, the first time after the route is the arrival.
    const [first, second] = leading ? [{ time: leading, offset: 0 }, read.found[0]] : read.found;
    times = {
      departure: first?.time ?? null,
      arrival: second?.time ?? null,
      offset: second?.offset ?? 0,
      block: read.block,
    };
  }

  let positioning = at.starred;
  const regionEnd = options.last ? words.length : read.end;
  for (let t = regionStart; t < regionEnd && !positioning; t++) {
    if (t >= at.index && t <= at.last) continue;
    positioning = POSITIONING.has(normaliseWord(words[t] ?? ''));
  }
  return {
    result: { number: at.number, origin, destination, times, positioning },
    end: read.end,
  };
}

/**
 * The spec's transatlantic rule: the number and both codes anywhere on the line ('BA112 from
 * JFK to LHR', 'BA283 LHR/LAX STD 1420'), the times after the later code. A time between the
 * number and the codes ('BA112 JFK 2045 LHR') is refused: it is not known which it is.
 */
function readTransatlantic(
  line: string,
  special: RegExpExecArray,
  route: readonly [string, string],
  words: readonly string[],
  printed: PrintedDate | null,
  label: string,
): Omit<Sector, 'number'> | Failure {
  const after = special.index + special[0].length;
  const codesEnd = Math.max(
    line.indexOf(route[0], after) + 3,
    line.indexOf(route[1], after) + 3,
    after,
  );
  if (TIME_INSIDE.test(line.slice(after, codesEnd))) {
    return {
      code: 'AMBIGUOUS',
      reason: `Ambiguous: a time sits inside ${label}'s route; print it as '${route[0]} ${route[1]} 1530 1835'`,
    };
  }
  // Its times follow the later of the two codes ('BA283 LHR/LAX  STD 1420  STA 1735').
  const rest = line.slice(codesEnd).replace(/^[^ \t]+/, '');
  const restWords = rest.match(WORD) ?? [];
  const read = readTimes(restWords, 0, restWords.length, false);
  let leading: string | null = null;
  const hhmm = special[1];
  if (hhmm) {
    const at = line.indexOf(hhmm, special.index);
    // The date's year as a word ('Sun 29 Nov 2026 BA113 ...') is no departure.
    const inDate = printed !== null && at < printed.end;
    if (inDate && read.found.length < 2) {
      return {
        code: 'AMBIGUOUS',
        reason: `Ambiguous: the 4 digits after the date could be the year or ${label}'s departure time; print the departure and arrival after the route`,
      };
    }
    const report = /(?:RPT|REP|REPORT|C\/I|CI|CHECK[ -]?IN|S\/ON|SIGN[ -]?ON)[ \t:.]*$/i;
    if (!inDate && !report.test(line.slice(0, at))) leading = timeOf(hhmm);
  }
  const [first, second] = leading ? [{ time: leading, offset: 0 }, read.found[0]] : read.found;
  const starred = /\*(?:BAW?|SHT) ?\d|(?:BAW?|SHT) ?\d+\*/.test(line);
  return {
    origin: route[0],
    destination: route[1],
    times: {
      departure: first?.time ?? null,
      arrival: second?.time ?? null,
      offset: second?.offset ?? 0,
      block: read.block,
    },
    positioning: starred || words.some((w) => POSITIONING.has(normaliseWord(w))),
  };
}
