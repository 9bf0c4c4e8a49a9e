import { AIRLINE_CODE, ROSTER_DATE_LOOKBACK } from '../constants';
import { isPlausibleAirport } from './airports';

export interface RosterFlight {
  /** Airline code and number without leading zeros: 'BA117'. */
  flightNumber: string;
  /**
   * 'HH:MM' as the roster prints it (read as GMT, like the spec's bracketed time): a four-digit
   * time just before the number ('1210 BA283 LHR LAX'), else the first time after the route
   * ('BA117 LHR JFK 1530 1835'). A report time ('RPT 1330', 'C/I 1330') is never a departure.
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
}

export interface ParseRosterOptions {
  year: number;
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

/** Toast titles of the roster screen. */
export const ROSTER_MESSAGES = {
  empty: 'Empty Roster',
  noFlights: 'No Flights Found',
  parseError: 'Error Parsing Roster',
  noneSelected: 'No Flights Selected',
  noValid: 'No Valid Flights',
} as const;

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

// Weekday, then a one- or two-digit day, then a month: 'Mon 3 Mar', 'MON 03MAR', 'Tue 11-Mar'.
const DATE_LINE = new RegExp(
  `^\\s*(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\\.?,?[ \\t]+(\\d{1,2})(?!\\d)(?:st|nd|rd|th)?[ \\t./-]*(${MONTHS.join('|')})`,
  'i',
);

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

// What may follow a flight's route: its times ('1530', '18:35', '0555+1', '0555 (+1)'), column
// labels for them, and deadheading/positioning markers. Anything else ends the times.
const TIME_TOKEN = /^(\d{2}):?(\d{2})(?:\(?\+(\d)\)?)?$/;
const DAY_OFFSET_TOKEN = /^\(?\+(\d)\)?$/;
const TIME_LABEL = /^(?:STD|STA|DEP|ARR|ETD|ETA|DH|POS|PAX|\*)$/i;
// A block time 'H:MM' or 'HH:MM' (up to 19:59, which covers the longest sectors).
const BLOCK_TIME = /(?:^|[ \t])(?:BLK[ \t:]*)?(1?\d):([0-5]\d)(?![\d:])/i;
// A four-digit time right after one of these is when crew report, not when the flight leaves.
const REPORT_BEFORE = /(?:RPT|REP|REPORT|C\/I|CI|CHECK[ -]?IN|S\/ON|SIGN[ -]?ON)[ \t:.]*$/i;

type Times = {
  arrival: string | null;
  offset: number;
  departure: string | null;
  block: number | null;
};

/** The times printed after a route (`rest`), given the departure read before the number. */
function timesAfterRoute(rest: string, leading: string | null): Times {
  const found: { time: string; offset: number }[] = [];
  for (const token of rest.split(/[ \t,;]+/)) {
    if (token === '') continue;
    if (TIME_LABEL.test(token)) continue;
    const offset = DAY_OFFSET_TOKEN.exec(token);
    if (offset && found.length > 0) {
      found[found.length - 1]!.offset = Number(offset[1]);
      continue;
    }
    const time = TIME_TOKEN.exec(token);
    const value = time ? timeOf(`${time[1]}${time[2]}`) : null;
    if (!time || !value || found.length === 2) break;
    found.push({ time: value, offset: Number(time[3] ?? 0) });
  }
  // With a time before the number, the first time after the route is the arrival.
  const [first, second] = leading ? [{ time: leading, offset: 0 }, found[0]] : found;
  const block = BLOCK_TIME.exec(rest);
  return {
    departure: first?.time ?? null,
    arrival: second?.time ?? null,
    offset: second?.offset ?? 0,
    block: block ? Number(block[1]) * 60 + Number(block[2]) : null,
  };
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Block time if printed, else arrival minus departure (over `offset` midnights); else null. */
function durationOf(t: Times): number | null {
  if (t.block !== null && t.block > 0) return t.block;
  if (!t.departure || !t.arrival) return null;
  const minutes = minutesOf(t.arrival) + t.offset * 1440 - minutesOf(t.departure);
  return minutes > 0 ? minutes : null;
}

/** 'YYYY-MM-DD' for a real calendar day, else null (31 Feb is not a date line's date). */
function calendarDate(year: number, monthIndex: number, day: number): string | null {
  const date = new Date(Date.UTC(year, monthIndex, day));
  if (date.getUTCMonth() !== monthIndex || date.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${pad2(monthIndex + 1)}-${pad2(day)}`;
}

function buildPatterns(code: string) {
  const airline = escapeRegExp(code);
  return {
    // [HHMM] BA<1-4 digits> ORG DST, separated by spaces or tabs; anything may follow. A '*'
    // (the deadheading/positioning mark of some rosters) may touch the number on either side.
    flight: new RegExp(
      `(?:^|[ \\t*])(?:(\\d{4})[ \\t]+)?\\*?${airline}(\\d{1,4})\\*?[ \\t]+([A-Z]{3})[ \\t]+([A-Z]{3})(?![A-Za-z0-9])`,
      'g',
    ),
    transatlantic: new RegExp(
      `(?:^|[^A-Za-z0-9])(?:(\\d{4})[ \\t]+)?${airline} ?0*(11[23]|21[23]|29[23]|28[23])(?!\\d)`,
    ),
  };
}

/** The time printed before the number, unless it is a report time ('RPT 1330 BA117 ...'). */
function leadingTime(line: string, matchIndex: number, hhmm: string | undefined): string | null {
  if (!hhmm) return null;
  const at = line.indexOf(hhmm, matchIndex);
  return REPORT_BEFORE.test(line.slice(0, at)) ? null : timeOf(hhmm);
}

/**
 * Reads flights from a pasted crew roster. One pass over the lines with a Set for duplicates,
 * so the cost is linear in the roster's length.
 */
export function parseRoster(
  text: string,
  options: ParseRosterOptions,
): { flights: RosterFlight[] } {
  const { year } = options;
  const code = options.airlineCode ?? AIRLINE_CODE;
  if (!Number.isInteger(year) || year < 1 || year > 9999 || !code) {
    throw new RosterError('INVALID_OPTIONS', 'A roster needs a year and an airline code');
  }
  if (text.trim() === '') throw new RosterError('EMPTY_ROSTER', ROSTER_MESSAGES.empty);

  const { flight: flightPattern, transatlantic } = buildPatterns(code);
  const flights: RosterFlight[] = [];
  // Duplicates are found per day with numeric keys: small Sets of numbers stay in cache and
  // allocate little, which keeps the cost per line flat as rosters grow.
  const seenByDate = new Map<string, Set<number>>();
  // Per-parse caches, so that thousands of flights share one string per distinct value.
  const dates = new Map<number, string | null>();
  const numbers = new Map<string, string>();
  const codes = new Map<string, string>();
  // Lines are sliced one at a time rather than split up front, so each dies young unless a
  // flight keeps it as its source line.
  const source = text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
  let lastDate: string | null = null;
  let lastDateLine = Number.NEGATIVE_INFINITY;

  const add = (
    number: string,
    times: Times,
    origin: string,
    destination: string,
    date: string,
    sourceLine: string,
  ) => {
    let seen = seenByDate.get(date);
    if (!seen) {
      seen = new Set();
      seenByDate.set(date, seen);
    }
    const key =
      (Number(number) * CODE_SPACE + codeIndex(origin)) * CODE_SPACE + codeIndex(destination);
    if (seen.has(key)) return;
    seen.add(key);
    let flightNumber = numbers.get(number);
    if (flightNumber === undefined) {
      flightNumber = `${code}${number}`;
      numbers.set(number, flightNumber);
    }
    flights.push({
      flightNumber,
      departureTime: times.departure,
      arrivalTime: times.arrival,
      arrivalDayOffset: times.arrival ? times.offset : 0,
      durationMinutes: durationOf(times),
      origin: intern(codes, origin),
      destination: intern(codes, destination),
      date,
      sourceLine,
    });
  };

  for (let i = 0, start = 0; start <= source.length; i++) {
    let end = source.indexOf('\n', start);
    if (end === -1) end = source.length;
    const line = source.slice(start, end);
    start = end + 1;
    const dateMatch = DATE_LINE.exec(line);
    if (dateMatch) {
      const month = MONTHS.indexOf((dateMatch[2] ?? '').toLowerCase());
      const day = Number(dateMatch[1]);
      const dateKey = month * 32 + day;
      if (!dates.has(dateKey)) dates.set(dateKey, calendarDate(year, month, day));
      lastDate = dates.get(dateKey) ?? null;
      lastDateLine = i;
    }
    if (!line.includes(code)) continue;
    // A line without its own date borrows one from at most three lines above.
    const date = i - lastDateLine <= ROSTER_DATE_LOOKBACK ? lastDate : null;
    if (!date) continue;

    const sourceLine = line.trim();
    let numbersOnLine = '';
    flightPattern.lastIndex = 0;
    const matches: RegExpExecArray[] = [];
    for (let m = flightPattern.exec(line); m; m = flightPattern.exec(line)) matches.push(m);
    matches.forEach((m, k) => {
      const [whole, hhmm, digits = '', origin = '', destination = ''] = m;
      if (!isPlausibleAirport(origin) || !isPlausibleAirport(destination)) return;
      const number = String(Number(digits));
      numbersOnLine = numbersOnLine ? `${numbersOnLine} ${number}` : number;
      // A flight's times run from its route to the next flight on the line.
      const rest = line.slice(m.index + whole.length, matches[k + 1]?.index ?? line.length);
      const times = timesAfterRoute(rest, leadingTime(line, m.index, hhmm));
      add(number, times, origin, destination, date, sourceLine);
    });

    // Every transatlantic route touches LHR, so other lines skip the wider search.
    if (!line.includes('LHR')) continue;
    const special = transatlantic.exec(line);
    const number = special?.[2] ?? '';
    const route = TRANSATLANTIC[number];
    if (!special || !route || ` ${numbersOnLine} `.includes(` ${number} `)) continue;
    const standalone = new Set(line.match(STANDALONE_CODE));
    if (standalone.has(route[0]) && standalone.has(route[1])) {
      // Its times follow the later of the two codes ('BA283 LHR/LAX  STD 1420  STA 1735').
      const after = special.index + special[0].length;
      const codesEnd = Math.max(
        line.indexOf(route[0], after) + 3,
        line.indexOf(route[1], after) + 3,
        after,
      );
      const times = timesAfterRoute(
        line.slice(codesEnd).replace(/^[^ \t]+/, ''),
        leadingTime(line, special.index, special[1]),
      );
      add(number, times, route[0], route[1], date, sourceLine);
    }
  }
  return { flights };
}
