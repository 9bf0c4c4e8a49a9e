import {
  addDays,
  canAddFlights,
  departureTimeOf,
  flightKey,
  noFlightsReason,
  parseRoster,
  ROSTER_MESSAGES,
  type RosterChangesView,
  RosterError,
  type RosterPreviewResponse,
  type RosterSide,
  rosterChanges,
  scheduledLocalDate,
  utcDay,
} from '../../../domain';
import { airportTimeZone } from '../../../domain/roster/airport-zones';
import { readCalendarEvents } from '../../../domain/roster/calendar-events';
import {
  previewFlightToBatchRow,
  previewRow,
  type ReadRosterFlight,
  withClocks,
} from '../../../domain/roster/preview';
import type { UserRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { badRequest, enforce } from '../../lib/errors';
import { listedStatuses, memberFlightsBetween } from '../flights/listed-flights';
import { presentFlightSummary } from '../flights/presenter';
import { htmlToRosterText } from './readers/html';
import { readIcsEvents, UnreadableCalendar } from './readers/ics';
import { pdfToRosterText, UnreadablePdf } from './readers/pdf';

/** What the preview reads: pasted text, or one uploaded file. */
export type RosterInput =
  | { kind: 'text'; text: string }
  | { kind: 'file'; format: 'text' | 'csv' | 'ics' | 'html' | 'pdf'; bytes: Buffer };

export type Read = Omit<RosterPreviewResponse, 'flights' | 'reason' | 'changes'> & {
  flights: ReadRosterFlight[];
  /** The toast's text when no flight is found. */
  reason: string | null;
};

export const ROSTER_CODES = {
  empty: 'EMPTY_ROSTER',
  unreadable: 'UNREADABLE_FILE',
} as const;

const emptyRoster = () =>
  badRequest(`${ROSTER_MESSAGES.empty}: paste your roster's text or choose its file`, {
    code: ROSTER_CODES.empty,
  });
const unreadable = (message: string) => badRequest(message, { code: ROSTER_CODES.unreadable });

/** The text of a text file: UTF-8 (a BOM dropped), else Latin-1 as older exports write. */
function decodeText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('latin1').decode(bytes);
  }
}

/** A text roster (pasted, a .txt/.csv file, an HTML page's or PDF's text) through the parser. */
function readText(text: string, format: RosterPreviewResponse['format'], today: string): Read {
  if (!text.trim()) throw emptyRoster();
  let parsed: ReturnType<typeof parseRoster>;
  try {
    parsed = parseRoster(text, { today });
  } catch (error) {
    if (error instanceof RosterError && error.code === 'EMPTY_ROSTER') throw emptyRoster();
    throw error;
  }
  return {
    flights: withClocks(parsed.flights, text),
    ignored: parsed.ignored,
    layout: parsed.layout,
    format,
    reason: parsed.flights.length === 0 ? noFlightsReason(parsed) : null,
  };
}

function readCalendar(source: string): Read {
  if (!source.trim()) throw emptyRoster();
  let events: ReturnType<typeof readIcsEvents>;
  try {
    events = readIcsEvents(source);
  } catch (error) {
    if (error instanceof UnreadableCalendar) throw unreadable(error.message);
    throw error;
  }
  const { flights, ignored } = readCalendarEvents(events);
  let reason: string | null = null;
  if (flights.length === 0) {
    const [first, ...rest] = ignored;
    reason = first
      ? `Event ${first.lineNumber}: ${first.reason}${rest.length ? `; ${rest.length} more event${rest.length === 1 ? '' : 's'} not read` : ''}`
      : 'No events found in this calendar file';
  }
  return { flights, ignored, layout: 'ics', format: 'ics', reason };
}

/**
 * Reads a roster, pasted or uploaded, with the reader its format needs: the flights found (with
 * the clock their times are on), the lines not read and why, and how it was laid out. Pure of the
 * database: the file corpus measures it as it is.
 */
export async function readRosterInput(input: RosterInput, today: string): Promise<Read> {
  if (input.kind === 'text') return readText(input.text, 'text', today);
  if (input.bytes.length === 0) throw emptyRoster();
  switch (input.format) {
    case 'ics':
      return readCalendar(decodeText(input.bytes));
    case 'html':
      return readText(htmlToRosterText(decodeText(input.bytes)), 'html', today);
    case 'pdf':
      try {
        return readText(await pdfToRosterText(input.bytes), 'pdf', today);
      } catch (error) {
        if (error instanceof UnreadablePdf) throw unreadable(error.message);
        throw error;
      }
    default:
      return readText(decodeText(input.bytes), input.format, today);
  }
}

/**
 * POST /api/roster/preview: reads a roster (any layout, pasted or uploaded) and says what each
 * found flight is to the member, without adding anything. The parsing rules are domain/roster's;
 * this only picks the reader, places the times and looks up the member's listed flights.
 */
export function createRosterService(deps: AppDeps) {
  const { db } = deps.database;

  async function preview(viewer: UserRow, input: RosterInput): Promise<RosterPreviewResponse> {
    enforce(canAddFlights(viewer));
    const now = deps.clock.now();
    // A yearless date is the occurrence nearest to today: the UTC day is within one of the
    // member's own, and the nearest-occurrence rule is half a year wide.
    const result = await readRosterInput(input, utcDay(now));
    const rows = result.flights.map((f) => previewRow(f, now));
    const placed = rows.filter((r) => r.status !== 'unknown-airport');
    // Each row as the batch would add it (GMT bracket, UTC day), so it is matched by the same key.
    const asAdded = placed.map((r) => previewFlightToBatchRow(r));
    const listed = await listedStatuses(db, viewer.id, asAdded);
    const byRow = new Map(placed.map((r, i) => [r, listed[i]] as const));
    const changes = await changesAgainstMine(
      viewer,
      placed.map((r, i) => ({
        key: flightKey(asAdded[i]!),
        day: r.departureDate,
        gmtTime: r.utc.departure ? r.utc.departure.slice(11, 16) : null,
      })),
      now,
    );
    return {
      flights: rows.map((row) => {
        const known = byRow.get(row);
        // The member's own flight says so even when past; a past one is never 'new'.
        if (!known) return row;
        const listedDestination = known.listedDestination;
        if (known.status === 'new') return { ...row, listedDestination };
        if (known.status === 'listed-other-time' && row.status === 'past') {
          return { ...row, listedDestination };
        }
        return { ...row, status: known.status, listedTime: known.listedTime, listedDestination };
      }),
      ignored: result.ignored.map(({ line, lineNumber, code, reason }) => ({
        line,
        lineNumber,
        code,
        reason,
      })),
      layout: result.layout,
      format: result.format,
      reason: result.reason,
      changes,
    };
  }

  /** What a re-import would change among the member's own flights on the roster's days. */
  async function changesAgainstMine(
    viewer: UserRow,
    sides: RosterSide[],
    now: Date,
  ): Promise<RosterChangesView> {
    if (sides.length === 0) return { range: null, changed: [], removed: [] };
    const days = sides.map((side) => side.day).sort();
    const from = addDays(`${days[0]}T00:00:00.000Z`, -1);
    const to = addDays(`${days[days.length - 1]}T00:00:00.000Z`, 2);
    const mine = await memberFlightsBetween(db, viewer.id, from, to);
    const result = rosterChanges(
      sides,
      mine.map((flight) => ({
        flightId: flight.id,
        key: flightKey(flight),
        day: scheduledLocalDate(flight, airportTimeZone),
        gmtTime: departureTimeOf(flight.flightNumber),
        departureAt: flight.departureAt,
      })),
      now,
    );
    const byId = new Map(mine.map((flight) => [flight.id, flight]));
    const shown = (id: number) => {
      const flight = byId.get(id)!;
      return {
        flight: presentFlightSummary(flight),
        localDate: scheduledLocalDate(flight, airportTimeZone),
      };
    };
    return {
      range: result.range,
      changed: result.changed.map(({ flightId, yours, roster }) => ({
        ...shown(flightId),
        listedTime: yours,
        rosterTime: roster,
      })),
      removed: result.removed.map(shown),
    };
  }

  return { preview };
}
