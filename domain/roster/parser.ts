import { AIRLINE_CODE, ROSTER_DATE_LOOKBACK } from '../constants';
import { isPlausibleAirport } from './airports';

export interface RosterFlight {
  /** Airline code and number without leading zeros: 'BA117'. */
  flightNumber: string;
  /** 'HH:MM' GMT when the line carries a four-digit time before the number. */
  departureTime: string | null;
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

/** 'YYYY-MM-DD' for a real calendar day, else null (31 Feb is not a date line's date). */
function calendarDate(year: number, monthIndex: number, day: number): string | null {
  const date = new Date(Date.UTC(year, monthIndex, day));
  if (date.getUTCMonth() !== monthIndex || date.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${pad2(monthIndex + 1)}-${pad2(day)}`;
}

function buildPatterns(code: string) {
  const airline = escapeRegExp(code);
  return {
    // [HHMM] BA<1-4 digits> ORG DST, separated by spaces or tabs; anything may follow.
    flight: new RegExp(
      `(?:^|[ \\t])(?:(\\d{4})[ \\t]+)?${airline}(\\d{1,4})[ \\t]+([A-Z]{3})[ \\t]+([A-Z]{3})(?![A-Za-z0-9])`,
      'g',
    ),
    transatlantic: new RegExp(
      `(?:^|[^A-Za-z0-9])(?:(\\d{4})[ \\t]+)?${airline} ?0*(11[23]|21[23]|29[23]|28[23])(?!\\d)`,
    ),
  };
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
    hhmm: string | undefined,
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
      departureTime: timeOf(hhmm),
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
    for (let m = flightPattern.exec(line); m; m = flightPattern.exec(line)) {
      const [, hhmm, digits = '', origin = '', destination = ''] = m;
      if (!isPlausibleAirport(origin) || !isPlausibleAirport(destination)) continue;
      const number = String(Number(digits));
      numbersOnLine = numbersOnLine ? `${numbersOnLine} ${number}` : number;
      add(number, hhmm, origin, destination, date, sourceLine);
    }

    // Every transatlantic route touches LHR, so other lines skip the wider search.
    if (!line.includes('LHR')) continue;
    const special = transatlantic.exec(line);
    const number = special?.[2] ?? '';
    const route = TRANSATLANTIC[number];
    if (!special || !route || ` ${numbersOnLine} `.includes(` ${number} `)) continue;
    const standalone = new Set(line.match(STANDALONE_CODE));
    if (standalone.has(route[0]) && standalone.has(route[1])) {
      add(number, special[1], route[0], route[1], date, sourceLine);
    }
  }
  return { flights };
}
