import { AIRLINE_DESIGNATOR_ALIASES } from '../constants';
import { flightNumberBase } from './time';

/**
 * Search finds what the roster prints (issue 18): rosters print 'BA0117', crew type 'ba 117',
 * 'BA117' or just '117', and all of them mean flight BA117. A flight number is read as airline
 * designator + number without its leading zeros (+ an optional suffix letter), and a query is
 * compared in that form.
 *
 * The server runs the same comparison in SQL: FLIGHT_NUMBER_PARTS is written so JavaScript and
 * PostgreSQL regular expressions read it alike (groups: airline, number without leading zeros,
 * suffix), and the server's search test checks it agrees with matchesFlightQuery.
 */
export const FLIGHT_NUMBER_PARTS = '^([A-Z]{2,3}|[A-Z][0-9]|[0-9][A-Z])0*([0-9]{1,4})([A-Z]?)$';

const PARTS = new RegExp(FLIGHT_NUMBER_PARTS);
/** A query's flight part: like a number, but the digits may be missing ('BA', 'BA0'). */
const QUERY_PARTS = /^([A-Z]{2,3}|[A-Z][0-9]|[0-9][A-Z])0*([0-9]{0,4})([A-Z]?)$/;

export type FlightQuery =
  /** Nothing to filter by. */
  | { kind: 'all' }
  /** Digits only ('117', '0117'): any airline whose number starts with them. */
  | { kind: 'number'; number: string }
  /** One to three letters ('BA', 'lhr', 'f'): an airline or an airport code starting so. */
  | { kind: 'code'; letters: string }
  /** Airline and number ('BA0117', 'ba 117', 'BA11'): that airline, number starting so. */
  | { kind: 'flight'; airline: string; number: string; suffix: string }
  /** Anything else: the compact text anywhere in the flight number, as typed. */
  | { kind: 'text'; text: string };

/** Upper case, no spaces: what a query and a stored number are compared in. */
export const compactFlightText = (value: string): string => value.toUpperCase().replace(/\s+/g, '');

const withoutLeadingZeros = (digits: string) => digits.replace(/^0+/, '');

/** 'BAW' and 'SHT' -> 'BA' (AIRLINE_DESIGNATOR_ALIASES); any other designator as it is. */
export const airlineDesignator = (designator: string): string =>
  AIRLINE_DESIGNATOR_ALIASES[designator] ?? designator;

export function normaliseFlightQuery(query: string | null | undefined): FlightQuery {
  const text = compactFlightText(query ?? '');
  if (!text) return { kind: 'all' };
  if (/^[0-9]+$/.test(text)) {
    const number = withoutLeadingZeros(text);
    return number ? { kind: 'number', number } : { kind: 'text', text };
  }
  if (/^[A-Z]{1,3}$/.test(text)) return { kind: 'code', letters: text };
  const parts = QUERY_PARTS.exec(text);
  if (parts) {
    const [, airline = '', digits = '', suffix = ''] = parts;
    // A suffix letter only makes sense after a number: 'BAW' is an airline, not 'BA' + 'W'.
    if (!(suffix && !digits)) {
      return {
        kind: 'flight',
        airline: airlineDesignator(airline),
        number: withoutLeadingZeros(digits),
        suffix,
      };
    }
  }
  return { kind: 'text', text };
}

export interface FlightNumberParts {
  airline: string;
  /** Without leading zeros: 'BA0117' -> '117'. */
  number: string;
  suffix: string;
}

/** 'BA0117 (1530)' -> { airline: 'BA', number: '117', suffix: '' }; null when not that shape. */
export function flightNumberParts(flightNumber: string): FlightNumberParts | null {
  const parts = PARTS.exec(compactFlightText(flightNumberBase(flightNumber)));
  if (!parts) return null;
  const [, airline = '', number = '', suffix = ''] = parts;
  return { airline: airlineDesignator(airline), number, suffix };
}

/**
 * The flight number as the flight key and search compare it, and as a new flight is stored:
 * 'BA0117 (1530)', 'ba 117' and 'BAW117' -> 'BA117'. A number of no airline shape is only
 * compacted ('TEST 1' -> 'TEST1').
 */
export function canonicalFlightNumber(flightNumber: string): string {
  const parts = flightNumberParts(flightNumber);
  if (!parts) return compactFlightText(flightNumberBase(flightNumber));
  return `${parts.airline}${parts.number}${parts.suffix}`;
}

export interface SearchableFlight {
  flightNumber: string;
  origin: string;
  destination: string;
}

/** Whether a flight is one the query finds (the search's rule; the server runs it in SQL). */
export function matchesFlightQuery(flight: SearchableFlight, query: FlightQuery | string): boolean {
  const q = typeof query === 'string' ? normaliseFlightQuery(query) : query;
  const compact = compactFlightText(flightNumberBase(flight.flightNumber));
  const parts = flightNumberParts(flight.flightNumber);
  switch (q.kind) {
    case 'all':
      return true;
    case 'number':
      return parts?.number.startsWith(q.number) ?? false;
    case 'code':
      return (
        compact.startsWith(q.letters) ||
        flight.origin.toUpperCase().startsWith(q.letters) ||
        flight.destination.toUpperCase().startsWith(q.letters)
      );
    case 'flight':
      if (parts === null || parts.airline !== q.airline) return false;
      return q.suffix
        ? parts.number === q.number && parts.suffix === q.suffix
        : parts.number.startsWith(q.number);
    case 'text':
      return compact.includes(q.text);
  }
}
