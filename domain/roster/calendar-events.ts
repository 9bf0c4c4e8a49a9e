import { AIRLINE_CODE, AIRLINE_DESIGNATOR_ALIASES } from '../constants';
import { isIataAirport } from './airports';
import { dutyOf } from './duties';
import type { IgnoredRosterLine } from './parser';
import type { ReadRosterFlight } from './preview';

/**
 * A calendar event's start or end as the file gives it: an instant (a 'Z' time, or a time with a
 * TZID the reader placed), a wall-clock time with no zone (a "floating" time), or a day alone.
 */
export type EventTime =
  | { kind: 'instant'; at: Date }
  | { kind: 'floating'; date: string; time: string }
  | { kind: 'day'; date: string };

/** One VEVENT, its text properties unfolded and unescaped by the reader. */
export interface CalendarEvent {
  summary: string;
  location: string;
  description: string;
  start: EventTime | null;
  end: EventTime | null;
}

const POSITIONING =
  /(?:^|[^A-Za-z])(?:DH|DHD|DEADHEAD|POS|POSN|POSITIONING|PAX|TAXI)(?![A-Za-z])|\*/i;
const CODE = /(?<![A-Za-z])[A-Z]{3}(?![A-Za-z])/g;
const pad2 = (n: number) => String(n).padStart(2, '0');
const utcDate = (d: Date) => d.toISOString().slice(0, 10);
const utcTime = (d: Date) => `${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}`;
const DAY_MS = 86_400_000;

function designators(airline: string): string[] {
  return [
    airline,
    ...Object.entries(AIRLINE_DESIGNATOR_ALIASES)
      .filter(([, to]) => to === airline)
      .map(([alias]) => alias),
  ].sort((a, b) => b.length - a.length);
}

type NumberRead =
  | { ok: true; number: string | null; spans: [number, number][] }
  | { ok: false; reason: string };

/** The airline's flight numbers in a text: none, one (perhaps printed twice), or a refusal. */
function flightNumberIn(text: string, airline: string): NumberRead {
  const codes = designators(airline).join('|');
  const pattern = new RegExp(`(?<![A-Za-z0-9])(?:${codes}) ?(\\d{1,5})([A-Za-z])?(?![0-9])`, 'g');
  const numbers = new Set<string>();
  const spans: [number, number][] = [];
  for (const match of text.matchAll(pattern)) {
    const digits = match[1] ?? '';
    if (match[2] && /[A-Za-z]/.test(text[(match.index ?? 0) + match[0].length] ?? '')) continue;
    if (digits.length > 4) {
      return {
        ok: false,
        reason: `Not a flight number: ${match[0]} (a flight number has 1 to 4 digits)`,
      };
    }
    if (match[2])
      return { ok: false, reason: `Not read: ${match[0]} has a letter after its number` };
    numbers.add(`${airline}${Number(digits)}`);
    spans.push([match.index ?? 0, (match.index ?? 0) + match[0].length]);
  }
  if (numbers.size > 1) {
    return { ok: false, reason: `Ambiguous: the event names ${[...numbers].join(' and ')}` };
  }
  return { ok: true, number: [...numbers][0] ?? null, spans };
}

/** The airports a text names, in order, outside the flight number; null when not exactly two. */
function routeIn(text: string, spans: readonly [number, number][]): [string, string] | null {
  const found: string[] = [];
  for (const match of text.matchAll(CODE)) {
    const at = match.index ?? 0;
    if (spans.some(([from, to]) => at >= from && at < to)) continue;
    if (!isIataAirport(match[0])) continue;
    if (!found.includes(match[0])) found.push(match[0]);
  }
  // A marker that is also an airport's code (DHD is Durham Downs, POS Port of Spain) names the
  // airport only when it is one of just two codes.
  const route = found.length > 2 ? found.filter((code) => !MARKERS.has(code)) : found;
  return route.length === 2 ? [route[0] as string, route[1] as string] : null;
}

/** Three-letter words of events that are not a route's airports when more than two codes show. */
const MARKERS = new Set(
  'DHD POS PAX STD STA DEP ARR ETD ETA BLK UTC GMT RPT REP SBY OFF RES FLT DUT'.split(' '),
);

/**
 * The flights of a calendar's events (ICS files from crew roster apps and AIMS's "upload to
 * calendar"). An event is a flight when its SUMMARY (else LOCATION, else DESCRIPTION) names one
 * flight number of the airline, and the route is the two airports named, in order, by the text
 * that names the number, else the SUMMARY, LOCATION or DESCRIPTION (exactly two IATA codes in
 * that text, else the event is refused: a wrong route is worse than a missed flight). DTSTART is the departure
 * and DTEND the arrival; a 'Z' or zoned time is an instant (read as UTC, so the preview shows it
 * local to each airport), a floating time the origin's local departure (its end is not placed),
 * a day alone an untimed flight. `lineNumber` is the event's number in the file, from 1.
 */
export function readCalendarEvents(
  events: readonly CalendarEvent[],
  airline: string = AIRLINE_CODE,
): { flights: ReadRosterFlight[]; ignored: IgnoredRosterLine[] } {
  const flights: ReadRosterFlight[] = [];
  const ignored: IgnoredRosterLine[] = [];
  const seen = new Set<string>();
  for (const [index, event] of events.entries()) {
    const read = readEvent(event, index + 1, airline, seen);
    if ('code' in read) ignored.push(read);
    else flights.push(read);
  }
  return { flights, ignored };
}

function readEvent(
  event: CalendarEvent,
  lineNumber: number,
  airline: string,
  seen: Set<string>,
): ReadRosterFlight | IgnoredRosterLine {
  const line = [event.summary, event.location].filter(Boolean).join(' · ').trim() || '(no title)';
  const refuse = (code: IgnoredRosterLine['code'], reason: string): IgnoredRosterLine => ({
    line,
    lineNumber,
    code,
    reason,
  });

  let number: string | null = null;
  let where = '';
  let spans: [number, number][] = [];
  for (const text of [event.summary, event.location, event.description]) {
    const read = flightNumberIn(text, airline);
    if (!read.ok) return refuse('AMBIGUOUS', read.reason);
    if (read.number) {
      number = read.number;
      where = text;
      spans = read.spans;
      break;
    }
  }
  if (!number) {
    const duty = dutyOf(event.summary.trim().split(/\s+/));
    if (duty) return refuse('NOT_FLIGHT', `Not a flight: ${duty.label} (${duty.code})`);
    return refuse('NO_FLIGHT_NUMBER', `No ${airline} flight number in this event`);
  }
  // The text naming the number first, then SUMMARY, LOCATION, DESCRIPTION ('LHR - JFK' as the
  // title with 'Flight: BA175' in the details is how some apps write it).
  const route =
    routeIn(where, spans) ??
    [event.summary, event.location, event.description]
      .filter((text) => text !== where)
      .reduce<[string, string] | null>((found, text) => found ?? routeIn(text, []), null);
  if (!route) {
    return refuse(
      'NO_ROUTE',
      `${number}: no route; the event should name two airport codes, e.g. 'LHR-JFK'`,
    );
  }
  const [origin, destination] = route;
  const start = event.start;
  if (!start) return refuse('NO_DATE', `${number}: the event has no start`);

  let flight: ReadRosterFlight;
  const common = {
    flightNumber: number,
    origin,
    destination,
    sourceLine: line,
    positioning: POSITIONING.test(event.summary),
  };
  if (start.kind === 'instant') {
    const end = event.end?.kind === 'instant' && event.end.at > start.at ? event.end.at : null;
    const date = utcDate(start.at);
    flight = {
      ...common,
      clock: 'utc',
      date,
      departureTime: utcTime(start.at),
      arrivalTime: end ? utcTime(end) : null,
      arrivalDayOffset: end
        ? Math.round(
            (Date.parse(`${utcDate(end)}T00:00:00Z`) - Date.parse(`${date}T00:00:00Z`)) / DAY_MS,
          )
        : 0,
      durationMinutes: end ? Math.round((end.getTime() - start.at.getTime()) / 60_000) : null,
    };
  } else {
    flight = {
      ...common,
      clock: 'local',
      date: start.date,
      departureTime: start.kind === 'floating' ? start.time : null,
      arrivalTime: null,
      arrivalDayOffset: 0,
      durationMinutes: null,
    };
  }
  const key = `${number}|${flight.date}|${origin}|${destination}`;
  if (seen.has(key)) {
    return refuse(
      'DUPLICATE',
      `Already listed: ${number} ${origin}-${destination} on ${flight.date}`,
    );
  }
  seen.add(key);
  return flight;
}
