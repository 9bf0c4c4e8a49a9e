import { DAY_MS, type FlightSortMode } from '../constants';

/** Dates cross the wire as ISO strings and live in code as Date; rules accept both. */
export type DateLike = Date | string;

export interface FlightTiming {
  flightNumber: string;
  /** A UTC calendar date (midnight UTC); the time, if any, lives in the flight number. */
  departureDate: DateLike;
}

export const END_OF_DAY_NOTE = 'Expected to depart by end of day';

export function toDate(value: DateLike): Date {
  return value instanceof Date ? value : new Date(value);
}

/** 'YYYY-MM-DD' of the instant in UTC: the spec's "today" is always the GMT day. */
export function utcDay(value: DateLike): string {
  return toDate(value).toISOString().slice(0, 10);
}

export function addDays(value: DateLike, days: number): Date {
  return new Date(toDate(value).getTime() + days * DAY_MS);
}

/** Whole days from now until `value`, rounded up, so any part of a day still counts. */
export function daysUntil(value: DateLike, now: Date): number {
  return Math.ceil((toDate(value).getTime() - now.getTime()) / DAY_MS);
}

const TIME_IN_NUMBER = /\((\d{2})(\d{2})\)/;

/** 'HH:MM' from a flight number such as 'BA117 (1530)', or null when it carries no valid time. */
export function departureTimeOf(flightNumber: string): string | null {
  const match = TIME_IN_NUMBER.exec(flightNumber);
  if (!match) return null;
  const [, hh = '', mm = ''] = match;
  if (Number(hh) > 23 || Number(mm) > 59) return null;
  return `${hh}:${mm}`;
}

/** The number without its bracketed time: 'BA117 (1530)' -> 'BA117'. */
export function flightNumberBase(flightNumber: string): string {
  return flightNumber.replace(/\s*\(\d{4}\)\s*/, ' ').trim();
}

/** 'BA117' + '15:30' -> 'BA117 (1530)'; an existing bracketed time is replaced, not doubled. */
export function flightNumberWithTime(flightNumber: string, time: string | null): string {
  const base = flightNumberBase(flightNumber);
  const digits = time?.replace(':', '').trim();
  return digits ? `${base} (${digits})` : base;
}

/** The moment the flight departs; without a time it runs to the last second of its day. */
export function departureInstant(flight: FlightTiming): Date {
  const day = utcDay(flight.departureDate);
  const time = departureTimeOf(flight.flightNumber);
  return new Date(time ? `${day}T${time}:00.000Z` : `${day}T23:59:59.000Z`);
}

export function hasDepartureTime(flight: Pick<FlightTiming, 'flightNumber'>): boolean {
  return departureTimeOf(flight.flightNumber) !== null;
}

export function isDeparted(flight: FlightTiming, now: Date): boolean {
  return now.getTime() > departureInstant(flight).getTime();
}

/** Chat closes at departure: the spec states both rules with the same boundary. */
export function isChatClosed(flight: FlightTiming, now: Date): boolean {
  return isDeparted(flight, now);
}

/** Calendar days between today (UTC) and the departure day; negative for past days. */
export function daysUntilDeparture(flight: FlightTiming, now: Date): number {
  const departure = Date.parse(`${utcDay(flight.departureDate)}T00:00:00.000Z`);
  const today = Date.parse(`${utcDay(now)}T00:00:00.000Z`);
  return Math.round((departure - today) / DAY_MS);
}

export function isToday(flight: FlightTiming, now: Date): boolean {
  return daysUntilDeparture(flight, now) === 0;
}

/** Home card status text. */
export function homeCardStatus(flight: FlightTiming, now: Date): string {
  if (isDeparted(flight, now)) return 'Departed';
  const days = daysUntilDeparture(flight, now);
  if (days <= 0) return 'Departing today';
  return `${days} ${days === 1 ? 'day' : 'days'} until departure`;
}

/** The card's relative date label; past days get none because the status already says 'Departed'. */
export function relativeDayLabel(flight: FlightTiming, now: Date): string | null {
  const days = daysUntilDeparture(flight, now);
  if (days < 0) return null;
  return days === 0 ? "Today's flight" : 'Upcoming flight';
}

/** 'Xd Yh Zm', dropping leading zero units; minutes round up so a running clock never shows 0m. */
export function formatCountdown(ms: number): string {
  const totalMinutes = Math.max(1, Math.ceil(ms / 60_000));
  const days = Math.floor(totalMinutes / 1440);
  const hours = Math.floor((totalMinutes % 1440) / 60);
  const minutes = totalMinutes % 60;
  if (days > 0) return `${days}d ${hours}h ${minutes}m`;
  if (hours > 0) return `${hours}h ${minutes}m`;
  return `${minutes}m`;
}

/**
 * Detail screen status line. With a time we count down ('Departs in 2h 15m'); without one the
 * flight has no moment to count down to, so it is described by its day.
 */
export function detailStatusLine(flight: FlightTiming, now: Date): string {
  const timed = hasDepartureTime(flight);
  if (isDeparted(flight, now)) return timed ? 'Flight departed' : "Day's flights complete";
  if (timed) {
    return `Departs in ${formatCountdown(departureInstant(flight).getTime() - now.getTime())}`;
  }
  return isToday(flight, now) ? "Today's flight" : 'Upcoming flight';
}

/** Time chip next to the number: 'HH:MM GMT', or the end-of-day note when there is no time. */
export function departureTimeLabel(flight: Pick<FlightTiming, 'flightNumber'>): string {
  const time = departureTimeOf(flight.flightNumber);
  return time ? `${time} GMT` : END_OF_DAY_NOTE;
}

/** Label of the chat button on a wave card once the chat has closed, else null. */
export function closedChatLabel(flight: FlightTiming, now: Date): string | null {
  if (!isChatClosed(flight, now)) return null;
  return hasDepartureTime(flight) ? 'Chat (Departed)' : 'Chat (Day Complete)';
}

/** My Flights badge: by calendar day only. */
export function myFlightBadge(flight: FlightTiming, now: Date): 'Completed' | 'Today' | 'Upcoming' {
  const days = daysUntilDeparture(flight, now);
  if (days < 0) return 'Completed';
  return days === 0 ? 'Today' : 'Upcoming';
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Index = getUTCDay (0 = Sunday). */
export const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
];
/** Index = getUTCMonth (0 = January). */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * A departure day as en-GB writes it in UTC: 'Wed, 25 Nov 2026' (short) or 'Wednesday, 25 November
 * 2026' (long), the same text as Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday, day,
 * month, year }) (a test holds them equal). Written out because a page's first Intl date format
 * loads the browser's locale data: 43-83 ms of one task in Chromium on this box, four times that
 * in Lighthouse's phone model, paid by Home, a flight's detail and the wave cards on first render.
 */
export function utcDayLabel(value: DateLike, style: 'short' | 'long' = 'short'): string {
  const day = toDate(value);
  if (Number.isNaN(day.getTime())) return 'Invalid Date';
  const weekday = WEEKDAY_NAMES[day.getUTCDay()]!;
  const month = MONTH_NAMES[day.getUTCMonth()]!;
  if (style === 'short') {
    // en-GB's short September is 'Sept' (CLDR), every other month its first three letters.
    const short = month === 'September' ? 'Sept' : month.slice(0, 3);
    return `${weekday.slice(0, 3)}, ${day.getUTCDate()} ${short} ${day.getUTCFullYear()}`;
  }
  return `${weekday}, ${day.getUTCDate()} ${month} ${day.getUTCFullYear()}`;
}

/** The header clock: 'DD/MM/YY HH:MM:SS' in GMT. */
export function gmtClock(now: Date): string {
  const date = `${pad(now.getUTCDate())}/${pad(now.getUTCMonth() + 1)}/${pad(now.getUTCFullYear() % 100)}`;
  return `${date} ${pad(now.getUTCHours())}:${pad(now.getUTCMinutes())}:${pad(now.getUTCSeconds())}`;
}

/** The UTC days a search mode covers. */
export function dateFilterDays(mode: 'today' | 'tomorrow' | 'both', now: Date): string[] {
  const today = utcDay(now);
  const tomorrow = utcDay(addDays(now, 1));
  if (mode === 'today') return [today];
  if (mode === 'tomorrow') return [tomorrow];
  return [today, tomorrow];
}

/** Sort order for flight lists; flights without a time sort last within their day. */
export function compareFlights(mode: FlightSortMode) {
  return (a: FlightTiming, b: FlightTiming): number => {
    // 'YYYY-MM-DD' and 'HH:MM' order as plain strings; localeCompare would load the browser's
    // collation data on Home's first render (20-30 ms of one task here) for the same order.
    const byDay = compareStrings(utcDay(a.departureDate), utcDay(b.departureDate));
    if (byDay !== 0) return byDay;
    if (mode === 'dateAndFlight') {
      return flightNumberBase(a.flightNumber).localeCompare(
        flightNumberBase(b.flightNumber),
        'en',
        {
          numeric: true,
        },
      );
    }
    const ta = departureTimeOf(a.flightNumber) ?? '99:99';
    const tb = departureTimeOf(b.flightNumber) ?? '99:99';
    return compareStrings(ta, tb);
  };
}

const compareStrings = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
