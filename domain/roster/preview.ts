import { departureDateIso, formatFlightDuration } from '../rules/flights';
import { flightNumberWithTime } from '../rules/time';
import { utcToZoned, zonedToUtc } from '../rules/zoned-time';
import type { RosterPreviewFlight } from '../schemas/roster';
import { airportTimeZone } from './airport-zones';
import type { RosterFlight } from './parser';

/**
 * Whose clock a flight's printed date and times are on: `local` (the roster's default: the
 * departure local to the origin, the arrival local to the destination) or `utc` (the line or
 * the roster says so, or the layout prints UTC, as a calendar event in 'Z' does).
 */
export type RosterClock = 'local' | 'utc';

/** A flight as a reader found it, with the clock its times are on. */
export type ReadRosterFlight = RosterFlight & { clock: RosterClock };

/** A flight of the preview before the member's own flights are looked at. */
export type PreviewRow = Omit<
  RosterPreviewFlight,
  'status' | 'listedTime' | 'listedDestination'
> & {
  status: 'new' | 'past' | 'unknown-airport';
  listedTime: null;
  listedDestination: null;
};

// A roster's own statement about its times: 'All times UTC', 'Times in GMT', 'Times: Zulu'.
const UTC_ROSTER = /\btimes?\b[^\n]{0,24}?\b(?:UTC|GMT|ZULU)\b/i;

/** Whether a roster states once, for all its lines, that its times are UTC. */
export const rosterSaysUtc = (text: string): boolean => UTC_ROSTER.test(text);

/**
 * The clock of each flight of a text roster: UTC when the roster says so for all its lines, else
 * the parser's reading of the flight's own line (isMarkedUtc).
 */
export function withClocks(flights: readonly RosterFlight[], text: string): ReadRosterFlight[] {
  const all = rosterSaysUtc(text);
  return flights.map((f) => ({
    ...f,
    clock: all ? 'utc' : f.clock,
  }));
}

const DAY_MS = 86_400_000;
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00.000Z`) - Date.parse(`${from}T00:00:00.000Z`)) / DAY_MS);
const utcInstant = (day: string, time: string) => new Date(`${day}T${time}:00.000Z`);

/**
 * A found flight as the preview shows it: its day and times local to its airports, the instants
 * they name, and whether it is past or has an airport whose zone is unknown (then its times are
 * shown as printed and named no instant: a zone is never guessed).
 */
export function previewRow(flight: ReadRosterFlight, now: Date): PreviewRow {
  const base = {
    flightNumber: flight.flightNumber,
    origin: flight.origin,
    destination: flight.destination,
    positioning: flight.positioning,
    sourceLine: flight.sourceLine,
    listedTime: null,
    listedDestination: null,
  };
  const from = airportTimeZone(flight.origin);
  const to = airportTimeZone(flight.destination);
  if (!from || !to) {
    return {
      ...base,
      departureDate: flight.date,
      departureTime: flight.departureTime,
      arrivalTime: flight.arrivalTime,
      arrivalDayOffset: flight.arrivalDayOffset,
      durationMinutes: flight.durationMinutes,
      utc: { departure: null, arrival: null },
      status: 'unknown-airport',
    };
  }

  let departureDate = flight.date;
  let departureTime = flight.departureTime;
  let arrivalTime = flight.arrivalTime;
  let arrivalDayOffset = flight.arrivalDayOffset;
  let departure: Date | null = null;
  let arrival: Date | null = null;
  const arrivalDay = addDays(flight.date, flight.arrivalDayOffset);
  if (flight.clock === 'utc') {
    departure = flight.departureTime ? utcInstant(flight.date, flight.departureTime) : null;
    arrival = flight.arrivalTime ? utcInstant(arrivalDay, flight.arrivalTime) : null;
    if (departure) {
      const local = utcToZoned(departure, from);
      departureDate = local.date;
      departureTime = local.time;
    }
    if (arrival) {
      const local = utcToZoned(arrival, to);
      arrivalTime = local.time;
      arrivalDayOffset = daysBetween(departureDate, local.date);
    }
  } else {
    departure = flight.departureTime
      ? zonedToUtc({ date: flight.date, time: flight.departureTime }, from)
      : null;
    arrival = flight.arrivalTime
      ? zonedToUtc({ date: arrivalDay, time: flight.arrivalTime }, to)
      : null;
  }
  // An arrival before its departure is printed without its day ('LHR 2140 SIN 1750'): the
  // roster does not say which day it lands, so no instant (and no duration) is made up.
  if (departure && arrival && arrival <= departure) arrival = null;
  const durationMinutes =
    departure && arrival
      ? Math.round((arrival.getTime() - departure.getTime()) / 60_000)
      : flight.arrivalTime && flight.departureTime
        ? null
        : flight.durationMinutes;

  // Without a time the flight counts until the end of its day at the origin.
  const departs = departure ?? zonedToUtc({ date: addDays(departureDate, 1), time: '00:00' }, from);
  return {
    ...base,
    departureDate,
    departureTime,
    arrivalTime,
    arrivalDayOffset,
    durationMinutes,
    utc: { departure: departure?.toISOString() ?? null, arrival: arrival?.toISOString() ?? null },
    status: departs.getTime() <= now.getTime() ? 'past' : 'new',
  };
}

/**
 * A preview row as a POST /api/flights/batch row, in the spec's terms: the GMT time of the
 * departure instant in the number's brackets and its UTC day; without a time, the day local to
 * the origin (the day the flight key names then).
 */
export function previewFlightToBatchRow(
  flight: Pick<
    RosterPreviewFlight,
    'flightNumber' | 'origin' | 'destination' | 'departureDate' | 'durationMinutes' | 'utc'
  >,
) {
  const departure = flight.utc.departure;
  return {
    flightNumber: flightNumberWithTime(flight.flightNumber, departure?.slice(11, 16) ?? null),
    departureDate: departureDateIso(departure?.slice(0, 10) ?? flight.departureDate),
    origin: flight.origin,
    destination: flight.destination,
    duration: flight.durationMinutes === null ? null : formatFlightDuration(flight.durationMinutes),
  };
}
