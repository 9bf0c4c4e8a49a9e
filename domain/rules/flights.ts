import {
  ALLOWED_TAGS,
  CREW_ENTRY_ROLES,
  CREW_ROLES,
  type CrewEntryRole,
  type CrewRole,
  type CrewTag,
  DEFAULT_ORIGIN,
  NOTE_MAX,
  TAGS_MAX,
} from '../constants';
import { isIataAirport } from '../roster/airports';
import { canonicalFlightNumber } from './flight-search';
import { clockTime } from './local-time';
import {
  type DateLike,
  departureTimeOf,
  flightNumberBase,
  flightNumberWithTime,
  utcDay,
} from './time';

export const MISSING_FLIGHT_INFO =
  'Missing Information: Please fill in all required fields including flight number, date, your role, origin and destination airports';
export const INVALID_AIRPORT_CODES =
  'Invalid Airport Codes: Please enter valid 3-letter airport codes (e.g., LHR, JFK)';
export const TAGS_LIMIT_MESSAGE = `Choose at most ${TAGS_MAX} tags`;
export const TAG_UNKNOWN_MESSAGE = 'Unknown tag';
export const NOTE_LIMIT_MESSAGE = `Note must be ${NOTE_MAX} characters or fewer`;

export const DATE_TOO_FAR_AHEAD = 'Invalid Date: Flights can be added at most one year ahead';

const TIME_HHMM = /^([01]\d|2[0-3]):?([0-5]\d)$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Three letters that name a real airport (the IATA list): 'XXX' has the shape but is refused. */
export const isAirportCode = (code: string): boolean => isIataAirport(code);

/**
 * The last day a flight may depart: the same calendar day one year after today (UTC). A 29
 * February today rolls to 1 March next year, as Date.UTC does.
 */
export function latestDepartureDay(now: Date): string {
  return utcDay(new Date(Date.UTC(now.getUTCFullYear() + 1, now.getUTCMonth(), now.getUTCDate())));
}

/** A flight's day is at most a year ahead (manual add and roster alike). */
export function checkDepartureHorizon(
  departureDate: DateLike,
  now: Date,
): { ok: true } | { ok: false; reason: string } {
  return utcDay(departureDate) <= latestDepartureDay(now)
    ? { ok: true }
    : { ok: false, reason: DATE_TOO_FAR_AHEAD };
}

/** What the airport inputs do while typing: upper-case, at most three characters. */
export function normaliseAirportInput(value: string): string {
  return value.trim().toUpperCase().slice(0, 3);
}

/** 'HH:MM' or 'HHMM' -> 'HHMM', or null when it is not a time of day. */
export function normaliseTime(value: string): string | null {
  const match = TIME_HHMM.exec(value.trim());
  return match ? `${match[1]}${match[2]}` : null;
}

/**
 * The number as a flight is stored: canonical ('ba 0117' -> 'BA117'), with the time (colon
 * removed) in brackets — the one given, else the one already written in brackets.
 */
export function normaliseFlightNumber(flightNumber: string, time?: string | null): string {
  const hhmm = time ? normaliseTime(time) : departureTimeOf(flightNumber.trim());
  return flightNumberWithTime(canonicalFlightNumber(flightNumber), hhmm);
}

/** A UTC calendar day as the ISO midnight the API stores for departureDate. */
export function departureDateIso(day: DateLike): string {
  const iso = typeof day === 'string' && DAY.test(day) ? day : utcDay(day);
  return `${iso}T00:00:00.000Z`;
}

/**
 * A real calendar day written 'YYYY-MM-DD'. Year 0000 is refused: the calendar has no year 0
 * (JavaScript reads it, PostgreSQL's date does not), so it would reach the database as an error.
 */
export const isValidDay = (value: string): boolean =>
  DAY.test(value) &&
  !value.startsWith('0000') &&
  !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
  utcDay(`${value}T00:00:00Z`) === value;

export const isCrewRole = (role: string): role is CrewRole =>
  (CREW_ROLES as readonly string[]).includes(role);

export const isCrewEntryRole = (role: string): role is CrewEntryRole =>
  (CREW_ENTRY_ROLES as readonly string[]).includes(role);

export interface ManualFlightInput {
  flightNumber: string;
  date: string;
  time?: string | null;
  /**
   * The clock of `date` and `time`: 'gmt' (the spec's rule: the time goes into the number's
   * brackets) or 'local' to the origin (the form's default: sent as `localDepartureTime`, which
   * the server turns into the bracket and UTC day). Default 'gmt'.
   */
  clock?: 'local' | 'gmt';
  origin?: string | null;
  destination: string;
  role?: string | null;
}

export interface NewFlight {
  flightNumber: string;
  departureDate: string;
  origin: string;
  destination: string;
  role: CrewRole;
  /** 'HH:MM' on the origin's clock (POST /api/flights `localDepartureTime`), when given so. */
  localDepartureTime?: string;
}

/**
 * The manual add form's submit step. Origin falls back to LHR and role to the member's own role,
 * as the form pre-fills them.
 */
export function normaliseManualFlight(
  input: ManualFlightInput,
  defaults: { role?: string | null } = {},
): { ok: true; value: NewFlight } | { ok: false; reason: string } {
  const flightNumber = input.flightNumber.trim();
  const origin = (input.origin?.trim() || DEFAULT_ORIGIN).toUpperCase();
  const destination = input.destination.trim().toUpperCase();
  const role = input.role?.trim() || defaults.role?.trim() || '';
  if (!flightNumber || !isValidDay(input.date.trim()) || !destination || !isCrewRole(role)) {
    return { ok: false, reason: MISSING_FLIGHT_INFO };
  }
  if (!isAirportCode(origin) || !isAirportCode(destination)) {
    return { ok: false, reason: INVALID_AIRPORT_CODES };
  }
  const local = input.clock === 'local' && input.time ? clockTime(input.time) : null;
  if (local) {
    return {
      ok: true,
      value: {
        flightNumber: normaliseFlightNumber(flightNumberBase(flightNumber)),
        departureDate: departureDateIso(input.date.trim()),
        origin,
        destination,
        role,
        localDepartureTime: local,
      },
    };
  }
  return {
    ok: true,
    value: {
      flightNumber: normaliseFlightNumber(flightNumber, input.time),
      departureDate: departureDateIso(input.date.trim()),
      origin,
      destination,
      // No duration: the form asks for no arrival time, and a fixed figure would be made up.
      role,
    },
  };
}

export const isAllowedTag = (tag: string): tag is CrewTag =>
  (ALLOWED_TAGS as readonly string[]).includes(tag);

const TAG_RANK = new Map<string, number>(ALLOWED_TAGS.map((tag, i) => [tag, i]));

/**
 * A flight's tags as its card shows them: each once, in the spec's order (ALLOWED_TAGS), however
 * the crew picked them; a tag the list no longer has (older rows) goes last.
 */
export function inTagOrder(tags: Iterable<string>): string[] {
  const rank = (tag: string) => TAG_RANK.get(tag) ?? ALLOWED_TAGS.length;
  return [...new Set(tags)].filter(Boolean).sort((a, b) => rank(a) - rank(b));
}

/** Tags as stored: allowed values only, no repeats, at most three. */
export function validateTags(
  tags: readonly string[],
): { ok: true; value: CrewTag[] } | { ok: false; reason: string } {
  const unique = [...new Set(tags)];
  if (!unique.every(isAllowedTag)) return { ok: false, reason: TAG_UNKNOWN_MESSAGE };
  if (unique.length > TAGS_MAX) return { ok: false, reason: TAGS_LIMIT_MESSAGE };
  return { ok: true, value: unique };
}

/** Note as stored: trimmed, empty becomes null, at most 150 characters. */
export function validateNote(
  note: string | null | undefined,
): { ok: true; value: string | null } | { ok: false; reason: string } {
  const trimmed = note?.trim() ?? '';
  if (trimmed.length > NOTE_MAX) return { ok: false, reason: NOTE_LIMIT_MESSAGE };
  return { ok: true, value: trimmed || null };
}

/**
 * What adding a flight (by number, possibly with its '(HHMM)' time) does to the time of the
 * flight it lands on: a flight without a time takes the one given (`fill`); the same time, or
 * none given, changes nothing; a different time changes nothing either — a time once given is
 * never silently changed — and the member joins the flight as listed, told both times
 * (`differs`, GMT 'HH:MM' each; departureTimeDiffers words it).
 */
export function reconcileDepartureTime(
  existing: { flightNumber: string },
  incoming: { flightNumber: string },
): { fill: string | null; differs: { listed: string; given: string } | null } {
  const given = departureTimeOf(incoming.flightNumber);
  const current = departureTimeOf(existing.flightNumber);
  if (!given || given === current) return { fill: null, differs: null };
  if (!current) return { fill: given, differs: null };
  return { fill: null, differs: { listed: current, given } };
}

/** Minutes as a flight's duration text, the way the app has always written it: '8h 05m'. */
export function formatFlightDuration(minutes: number): string {
  return `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, '0')}m`;
}
