/**
 * The time rule (issue 41, item 2): a time entered or pasted is local to its airport — the
 * departure's to the origin, an arrival's to the destination — unless it is marked UTC ('Z',
 * 'UTC', 'GMT'). A flight is still stored as the spec has it: the GMT time in the number's
 * brackets, `departureDate` the UTC day of that instant. The origin's local clock is derived
 * from those when a flight is shown, and names the flight's scheduled date in its key.
 *
 * Zones come from airportTimeZone (the generated IATA table), passed in as `zoneOf`: this module
 * does not import the table, so a screen that only formats (localAndGmtLabel) never loads it.
 * An airport without a zone is never given a guessed one: a local time there is refused with
 * UNKNOWN_TIME_ZONE.
 */
import { type DateLike, departureInstant, departureTimeOf, utcDay } from './time';
import { utcToZoned, type WallClock, zonedToUtc } from './zoned-time';

/** How a caller finds an airport's zone (tests pass a table of their own). */
export type ZoneOf = (code: string) => string | null;

export const UNKNOWN_TIME_ZONE =
  'Unknown Time Zone: {code} has no known time zone, so a local time there cannot be read. Give the time in GMT.';
export const unknownTimeZone = (code: string) => UNKNOWN_TIME_ZONE.replace('{code}', code);

/**
 * A time written as UTC: '1530Z', '15:30Z', or a line / field carrying 'UTC', 'GMT', 'ZULU' or
 * a lone 'Z'. The one reading of a UTC mark, for the parser's clock and the preview alike.
 */
const UTC_MARK = /(?:\d{2}:?\d{2}Z\b)|(?:^|[\s(])Z(?=$|[\s)])|\b(?:UTC|GMT|ZULU)\b/i;
export const isMarkedUtc = (text: string): boolean => UTC_MARK.test(text);

const HHMM = /^([01]\d|2[0-3]):?([0-5]\d)$/;
/** 'HH:MM' from 'HH:MM' or 'HHMM', else null. */
export function clockTime(value: string): string | null {
  const match = HHMM.exec(value.trim());
  return match ? `${match[1]}:${match[2]}` : null;
}

const hhmm = (instant: Date) => instant.toISOString().slice(11, 16);

/**
 * A local departure as the spec stores it: the GMT 'HH:MM' for the number's brackets and the UTC
 * day for `departureDate`, or the refusal when the origin has no known zone.
 */
export function departureFromLocal(
  wall: WallClock,
  origin: string,
  zoneOf: ZoneOf,
): { ok: true; time: string; day: string; instant: Date } | { ok: false; reason: string } {
  const zone = zoneOf(origin);
  if (!zone) return { ok: false, reason: unknownTimeZone(origin) };
  const instant = zonedToUtc(wall, zone);
  return { ok: true, time: hhmm(instant), day: utcDay(instant), instant };
}

export interface LocalDeparture {
  /** 'HH:MM' at the origin, or null for a flight without a time. */
  time: string | null;
  /** 'YYYY-MM-DD' at the origin: the flight's scheduled (local) date. */
  date: string;
  /** The origin's IANA zone, or null when it has none (then `time` is GMT). */
  timeZone: string | null;
}

/**
 * The departure on the origin's clock. Without a time the stored day is the one the member gave
 * (their local date), so it is the local date as it stands.
 */
export function localDeparture(
  flight: { flightNumber: string; departureDate: DateLike; origin: string },
  zoneOf: ZoneOf,
): LocalDeparture {
  const timeZone = zoneOf(flight.origin);
  if (!departureTimeOf(flight.flightNumber)) {
    return { time: null, date: utcDay(flight.departureDate), timeZone };
  }
  const instant = departureInstant(flight);
  if (!timeZone) return { time: hhmm(instant), date: utcDay(instant), timeZone: null };
  return { ...utcToZoned(instant, timeZone), timeZone };
}

/** The scheduled departure date local to the origin (the date that names a flight). */
export const scheduledLocalDate = (
  flight: { flightNumber: string; departureDate: DateLike; origin: string },
  zoneOf: ZoneOf,
): string => localDeparture(flight, zoneOf).date;

/**
 * '20:45 JFK · 01:45 GMT +1': the origin's clock first, then the spec's GMT chip, with the days
 * the GMT date is after (+1) or before (-1) the local one. Null without a time; a flight from an
 * airport of unknown zone gets the GMT chip alone.
 */
export function localAndGmtLabel(flight: {
  flightNumber: string;
  departureDate: DateLike;
  origin: string;
  localDeparture?: LocalDeparture | null;
}): string | null {
  const gmt = departureTimeOf(flight.flightNumber);
  if (!gmt) return null;
  const local = flight.localDeparture;
  if (!local?.time || !local.timeZone) return `${gmt} GMT`;
  const gmtDay = utcDay(flight.departureDate);
  const shift = Math.round((Date.parse(gmtDay) - Date.parse(local.date)) / 86_400_000);
  const days = shift === 0 ? '' : ` ${shift > 0 ? '+' : '−'}${Math.abs(shift)}`;
  return `${local.time} ${flight.origin} · ${gmt} GMT${days}`;
}

export const DEPARTURE_TIME_DIFFERS = 'DEPARTURE_TIME_DIFFERS';
/** The flight was listed to another destination (the key has no destination, issue 41). */
export const DESTINATION_DIFFERS = 'DESTINATION_DIFFERS';
/** The codes of an add's notice; the web reacts to these, never to the message text. */
export const FLIGHT_NOTICE_CODES = [DEPARTURE_TIME_DIFFERS, DESTINATION_DIFFERS] as const;
export type FlightNoticeCode = (typeof FLIGHT_NOTICE_CODES)[number];

const sayer = (source: 'roster' | 'entry') =>
  source === 'roster' ? 'your roster says' : 'you entered';

const departureOn = (origin: string, zoneOf: ZoneOf) => {
  const zone = zoneOf(origin);
  return (instant: Date) =>
    zone
      ? `${utcToZoned(instant, zone).time} ${origin} (${hhmm(instant)} GMT)`
      : `${hhmm(instant)} GMT`;
};

/**
 * What a member is told when the flight they add is already listed at another time: they join
 * it, and read both times on the origin's clock (with the GMT of each), e.g. 'Already listed
 * departing 15:30 LHR (15:30 GMT); your roster says 16:30 LHR (16:30 GMT)'.
 */
export function departureTimeDiffers(
  origin: string,
  listed: Date,
  given: Date,
  source: 'roster' | 'entry',
  zoneOf: ZoneOf,
): string {
  const read = departureOn(origin, zoneOf);
  return `Already listed departing ${read(listed)}; ${sayer(source)} ${read(given)}`;
}

/**
 * What a member is told when the flight they add (one key: number, origin, local day) is listed
 * with another destination, another time, or both: they join it as listed. One notice: 'Already
 * listed to JFK; you entered EWR', the time's sentence above, or both in one ('Already listed to
 * JFK departing 15:30 LHR (15:30 GMT); you entered EWR departing 16:30 LHR (16:30 GMT)'), with
 * the code DESTINATION_DIFFERS whenever the destination differs. Null when nothing differs.
 */
export function listedDifferently(
  differs: {
    origin: string;
    destination: { listed: string; given: string } | null;
    time: { listed: Date; given: Date } | null;
  },
  source: 'roster' | 'entry',
  zoneOf: ZoneOf,
): { code: FlightNoticeCode; message: string } | null {
  const { origin, destination, time } = differs;
  if (!time && !destination) return null;
  if (!destination) {
    return {
      code: DEPARTURE_TIME_DIFFERS,
      message: departureTimeDiffers(origin, time!.listed, time!.given, source, zoneOf),
    };
  }
  const read = departureOn(origin, zoneOf);
  const listed = time ? `${destination.listed} departing ${read(time.listed)}` : destination.listed;
  const given = time ? `${destination.given} departing ${read(time.given)}` : destination.given;
  return {
    code: DESTINATION_DIFFERS,
    message: `Already listed to ${listed}; ${sayer(source)} ${given}`,
  };
}
