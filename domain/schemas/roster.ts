import { z } from 'zod';
import { ROSTER_MAX_BYTES } from '../roster/roster-files';
import { waveFlightSchema } from './waves';

/** POST /api/roster/preview as JSON: the pasted text. */
export const rosterPreviewRequestSchema = z.object({
  text: z.string().max(ROSTER_MAX_BYTES, 'Roster is too long: at most 2 MB'),
});
export type RosterPreviewRequest = z.infer<typeof rosterPreviewRequestSchema>;

/**
 * What a found flight is to the member: `new` (not listed, or listed without them), `yours`
 * (already on it), `listed-other-time` (listed with another departure time), `past` (departed),
 * `unknown-airport` (an airport whose time zone is not known, so its times cannot be placed).
 */
export const rosterPreviewStatusSchema = z.enum([
  'new',
  'yours',
  'listed-other-time',
  'past',
  'unknown-airport',
]);
export type RosterPreviewStatus = z.infer<typeof rosterPreviewStatusSchema>;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const time = z.string().regex(/^\d{2}:\d{2}$/);

export const rosterPreviewFlightSchema = z.object({
  /** 'BA117': the airline's code and the number without leading zeros. */
  flightNumber: z.string(),
  origin: z.string(),
  destination: z.string(),
  /** The scheduled departure day, local to the origin. */
  departureDate: day,
  /** Local to the origin, when the roster gives one. */
  departureTime: time.nullable(),
  /** Local to the destination, when the roster gives one. */
  arrivalTime: time.nullable(),
  /** Days after the departure day (local) that the arrival (local) falls on. */
  arrivalDayOffset: z.number().int(),
  /** Minutes in the air when the roster says (block time, or arrival minus departure). */
  durationMinutes: z.number().int().nullable(),
  /** The instants, ISO 8601 UTC; null where the roster gives no time or the zone is unknown. */
  utc: z.object({ departure: z.string().nullable(), arrival: z.string().nullable() }),
  positioning: z.boolean(),
  /** The roster line (or calendar event) the flight was read from. */
  sourceLine: z.string(),
  status: rosterPreviewStatusSchema,
  /** For `listed-other-time`: the listed departure, 'HH:MM' as the flight shows it. */
  listedTime: z.string().nullable(),
  /**
   * The destination the flight with this key is listed to, when it is another than the roster's
   * (the key has no destination: adding the row joins the listed flight, with a notice).
   */
  listedDestination: z.string().nullable(),
});
export type RosterPreviewFlight = z.infer<typeof rosterPreviewFlightSchema>;

export const rosterIgnoreCodeSchema = z.enum([
  'NO_DATE',
  'BAD_DATE',
  'AMBIGUOUS',
  'NOT_FLIGHT',
  'NO_FLIGHT_NUMBER',
  'NO_ROUTE',
  'UNKNOWN_AIRPORT',
  'DUPLICATE',
  'COLUMN_ROSTER',
]);

export const rosterPreviewIgnoredSchema = z.object({
  line: z.string(),
  /** The line's number in the text read (for a file: the text extracted from it), from 1. */
  lineNumber: z.number().int(),
  code: rosterIgnoreCodeSchema,
  reason: z.string(),
});
export type RosterPreviewIgnored = z.infer<typeof rosterPreviewIgnoredSchema>;

/** How the roster was read (docs/api.md 'Roster preview'). */
export const rosterLayoutSchema = z.enum([
  'crewlink',
  'dated-lines',
  'columns',
  'mixed',
  'undated',
  'ics',
  'aims-html',
]);

/**
 * A re-import (issue 41, item 5): the member's flights on the days the roster covers (first to
 * last found flight, local days) that it lists at another time (`changed`: reported only, the
 * flight is shared) or no longer lists (`removed`: offered for leaving; departed ones never).
 */
export const rosterChangesSchema = z.object({
  range: z.object({ from: day, to: day }).nullable(),
  changed: z.array(
    z.object({
      flight: waveFlightSchema,
      /** The departure day local to the origin (the flight's `departureDate` is the UTC one). */
      localDate: day,
      /** 'HH:MM' GMT as the flight is listed. */
      listedTime: time,
      /** 'HH:MM' GMT as the roster now gives it. */
      rosterTime: time,
    }),
  ),
  removed: z.array(z.object({ flight: waveFlightSchema, localDate: day })),
});
export type RosterChangesView = z.infer<typeof rosterChangesSchema>;

export const rosterPreviewResponseSchema = z.object({
  flights: z.array(rosterPreviewFlightSchema),
  ignored: z.array(rosterPreviewIgnoredSchema),
  layout: rosterLayoutSchema,
  /** What was read: pasted text, or the uploaded file's kind. */
  format: z.enum(['text', 'csv', 'ics', 'html', 'pdf']),
  /** Why no flight was found, when none was; null otherwise. */
  reason: z.string().nullable(),
  changes: rosterChangesSchema,
});
export type RosterPreviewResponse = z.infer<typeof rosterPreviewResponseSchema>;
