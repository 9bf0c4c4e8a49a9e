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
import { airportTimeZone } from '../roster/airport-zones';
import { isIataAirport } from '../roster/airports';
import type { RosterFlight } from '../roster/parser';
import { canonicalFlightNumber } from './flight-search';
import { clockTime, departureFromLocal, scheduledLocalDate, type ZoneOf } from './local-time';
import {
  addDays,
  type DateLike,
  departureTimeOf,
  flightNumberBase,
  flightNumberWithTime,
  utcDay,
} from './time';
import { zonedToUtc } from './zoned-time';

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

/**
 * Identity of a flight: number, scheduled departure date local to the origin, and route. The
 * number is read as the airline reads it (canonicalFlightNumber: 'BA0117', 'ba 117' and
 * 'BAW117' are 'BA117'), so crew who type it differently land on one flight; the bracketed time
 * is left out so that crew who add it with and without a time do too. The date is the origin's
 * (scheduledLocalDate): with a time, the local day of that instant ('BA112 (0145)' on 30 Nov
 * from JFK is 29 Nov); without one, the day given. So a member entering 29 Nov without a time
 * and one pasting the 20:45 JFK departure meet on one flight.
 */
export function flightKey(
  f: {
    flightNumber: string;
    departureDate: DateLike;
    origin: string;
    destination: string;
  },
  zoneOf: ZoneOf = airportTimeZone,
): string {
  const number = canonicalFlightNumber(f.flightNumber);
  const origin = f.origin.toUpperCase();
  return [
    number,
    scheduledLocalDate({ ...f, origin }, zoneOf),
    origin,
    f.destination.toUpperCase(),
  ].join('|');
}

export const TIME_GIVEN_TWICE =
  'Give the departure time once: in the flight number (GMT) or as the local time at the origin';

/**
 * A flight to add whose time was given on the origin's clock (`localDepartureTime`, with
 * `departureDate` the local date there), as the spec stores it: the GMT time in the number's
 * brackets and the UTC day of that instant. Refused when the number also carries a time, or the
 * origin has no known zone (never a guessed one). Without `localDepartureTime`, as given.
 */
export function applyLocalDepartureTime<
  T extends {
    flightNumber: string;
    departureDate: string;
    origin: string;
    localDepartureTime?: string | null | undefined;
  },
>(
  values: T,
  zoneOf: ZoneOf = airportTimeZone,
): { ok: true; value: Omit<T, 'localDepartureTime'> } | { ok: false; reason: string } {
  const { localDepartureTime, ...rest } = values;
  const time = localDepartureTime ? clockTime(localDepartureTime) : null;
  if (!time) return { ok: true, value: rest };
  if (departureTimeOf(values.flightNumber)) return { ok: false, reason: TIME_GIVEN_TWICE };
  const read = departureFromLocal(
    { date: utcDay(values.departureDate), time },
    values.origin,
    zoneOf,
  );
  if (!read.ok) return read;
  return {
    ok: true,
    value: {
      ...rest,
      flightNumber: flightNumberWithTime(values.flightNumber, read.time),
      departureDate: departureDateIso(read.day),
    },
  };
}

/** Minutes as a flight's duration text, the way the app has always written it: '8h 05m'. */
export function formatFlightDuration(minutes: number): string {
  return `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, '0')}m`;
}

/** A row of POST /api/flights/batch as the web sends it. */
export interface BatchRow {
  flightNumber: string;
  departureDate: string;
  origin: string;
  destination: string;
  duration: string | null;
}

/** The longest sector the arrival may be read as (the longest flights are under 19 h). */
const MAX_SECTOR_MINUTES = 20 * 60;

/**
 * A parsed roster row as a POST /api/flights/batch row. Roster times are local — the departure
 * to the origin, the arrival to the destination — unless the line marks them UTC (`clock`):
 * the row carries the GMT time in brackets and the UTC day of that instant, as the spec stores
 * a flight. A flight with a time at an airport of no known zone is refused with its reason
 * rather than read in a guessed zone. The duration is the roster's block time, else arrival
 * minus departure as instants (so a JFK 20:45 -> LHR 08:40+1 sector is 6h 55m).
 */
export function rosterFlightToBatchRow(
  flight: RosterFlight,
  zoneOf: ZoneOf = airportTimeZone,
): { ok: true; row: BatchRow } | { ok: false; reason: string } {
  const utc = flight.clock === 'utc';
  let number = flightNumberWithTime(flight.flightNumber, flight.departureTime);
  let day = flight.date;
  let departure: Date | null = null;
  if (flight.departureTime) {
    if (utc) {
      departure = new Date(`${flight.date}T${flight.departureTime}:00.000Z`);
    } else {
      const read = departureFromLocal(
        { date: flight.date, time: flight.departureTime },
        flight.origin,
        zoneOf,
      );
      if (!read.ok) return read;
      number = flightNumberWithTime(flight.flightNumber, read.time);
      day = read.day;
      departure = read.instant;
    }
  }
  let minutes = flight.durationMinutes;
  if (departure && flight.arrivalTime && (minutes === null || minutes === printedSpan(flight))) {
    // The duration is arrival minus departure as printed: read the two on their own clocks.
    const arrivalDay = utcDay(addDays(`${flight.date}T00:00:00.000Z`, flight.arrivalDayOffset));
    const arrivalZone = utc ? 'UTC' : zoneOf(flight.destination);
    if (!arrivalZone) minutes = null;
    else {
      const arrival = zonedToUtc({ date: arrivalDay, time: flight.arrivalTime }, arrivalZone);
      const span = Math.round((arrival.getTime() - departure.getTime()) / 60_000);
      minutes = span > 0 && span <= MAX_SECTOR_MINUTES ? span : null;
    }
  }
  return {
    ok: true,
    row: {
      flightNumber: number,
      departureDate: departureDateIso(day),
      origin: flight.origin,
      destination: flight.destination,
      // Only what the roster says (its block time, or arrival minus departure), never a default.
      duration: minutes === null ? null : formatFlightDuration(minutes),
    },
  };
}

/** Arrival minus departure on the printed clocks, as the parser computes a duration. */
function printedSpan(flight: RosterFlight): number | null {
  if (!flight.departureTime || !flight.arrivalTime) return null;
  const at = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  return at(flight.arrivalTime) + flight.arrivalDayOffset * 1440 - at(flight.departureTime);
}
