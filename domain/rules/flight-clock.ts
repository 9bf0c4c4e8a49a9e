/**
 * The flight rules that need an airport's time zone (issue 41): the key (the origin's local
 * date), a time given on the origin's clock, and roster rows read on their airports' clocks.
 * Kept apart from flights.ts and local-time.ts so that only what imports these reaches the
 * generated zone table (the roster screen and the server), never the screens every member loads.
 */
import { airportTimeZone } from '../roster/airport-zones';
import type { RosterFlight } from '../roster/parser';
import { canonicalFlightNumber } from './flight-search';
import { departureDateIso, formatFlightDuration } from './flights';
import { clockTime, departureFromLocal, scheduledLocalDate, type ZoneOf } from './local-time';
import { addDays, type DateLike, departureTimeOf, flightNumberWithTime, utcDay } from './time';
import { zonedToUtc } from './zoned-time';

/**
 * Identity of a flight (issue 41): the number, the origin and the scheduled departure date
 * local to the origin, as airlines name a flight. The number is read as the airline reads it
 * (canonicalFlightNumber: 'BA0117', 'ba 117' and 'BAW117' are 'BA117'), so crew who type it
 * differently land on one flight; the bracketed time is left out so that crew who add it with
 * and without a time do too. The date is the origin's (scheduledLocalDate): with a time, the
 * local day of that instant ('BA112 (0145)' on 30 Nov from JFK is 29 Nov); without one, the day
 * given. So a member entering 29 Nov without a time and one pasting the 20:45 JFK departure
 * meet on one flight. The destination is not part of it: a number leaves an airport once a
 * day, so 'BA117 LHR→JFK' and 'BA117 LHR→EWR' on one day are one flight (a mistyped or
 * diverted destination joins the listed one, with a notice: listedDifferently).
 *
 * The database stores it (flights.flight_key, unique over live flights), so a change to this
 * rule must bump FLIGHT_KEY_RULE_VERSION: the server re-keys stored flights when it changes.
 */
export function flightKey(
  f: {
    flightNumber: string;
    departureDate: DateLike;
    origin: string;
  },
  zoneOf: ZoneOf = airportTimeZone,
): string {
  const number = canonicalFlightNumber(f.flightNumber);
  const origin = f.origin.toUpperCase();
  return [number, scheduledLocalDate({ ...f, origin }, zoneOf), origin].join('|');
}

/**
 * The version of flightKey's rule. The stored keys were computed with one rule and one airport
 * zone table; the server compares this (with a hash of the zone and alias data) against what it
 * recorded, and re-keys the flights when either changed. Bump it with any change to flightKey
 * or canonicalFlightNumber beyond their data tables.
 */
export const FLIGHT_KEY_RULE_VERSION = 2;

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
