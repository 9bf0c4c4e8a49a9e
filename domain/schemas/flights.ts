import { z } from 'zod';
import { BATCH_MAX, DATE_FILTER_MODES } from '../constants';
import {
  departureDateIso,
  INVALID_AIRPORT_CODES,
  isAirportCode,
  isValidDay,
  MISSING_FLIGHT_INFO,
  normaliseFlightNumber,
  normaliseManualFlight,
} from '../rules/flights';
import { clockTime, FLIGHT_NOTICE_CODES } from '../rules/local-time';
import { idSchema, isoDateTimeSchema, nullableIsoDateTimeSchema } from './common';
import { crewMemberSchema } from './crew';
import { crewRoleSchema } from './user';

const airportCode = z
  .string({ error: MISSING_FLIGHT_INFO })
  .trim()
  .toUpperCase()
  .min(1, MISSING_FLIGHT_INFO)
  .refine(isAirportCode, INVALID_AIRPORT_CODES);

/** Stored canonical, as the flight key reads it: 'ba 0117 (1530)' -> 'BA117 (1530)'. */
const flightNumber = z
  .string({ error: MISSING_FLIGHT_INFO })
  .trim()
  .toUpperCase()
  .min(1, MISSING_FLIGHT_INFO)
  .max(20)
  .transform((value) => normaliseFlightNumber(value))
  .refine((value) => value.length > 0, MISSING_FLIGHT_INFO);

/** A departure day given as 'YYYY-MM-DD' or any ISO date-time; stored as that UTC midnight. */
const departureDateInput = z
  .string({ error: MISSING_FLIGHT_INFO })
  .trim()
  .min(1, MISSING_FLIGHT_INFO)
  .refine((value) => isValidDay(value.slice(0, 10)), 'Invalid date')
  .transform((value) => departureDateIso(value.slice(0, 10)));

/**
 * The departure on the origin's clock (issue 41): `time` 'HH:MM' (null without a time), `date`
 * the scheduled local date, `timeZone` the origin's IANA zone (null when unknown: `time` is then
 * GMT). Derived from the spec's GMT bracket and UTC day, which stay the contract.
 */
export const localDepartureSchema = z.object({
  time: z.string().nullable(),
  date: z.string(),
  timeZone: z.string().nullable(),
});

/** A flight as every list and detail returns it. */
export const flightSchema = z.object({
  id: idSchema,
  flightNumber: z.string(),
  origin: z.string(),
  destination: z.string(),
  departureDate: isoDateTimeSchema,
  duration: z.string().nullable(),
  createdAt: isoDateTimeSchema,
  crewCount: z.number().int(),
  onlineCrewCount: z.number().int(),
  tags: z.array(z.string()),
  localDeparture: localDepartureSchema,
});
export type Flight = z.infer<typeof flightSchema>;

/** GET /api/flights and search items: plus whether the viewer is on it. */
export const flightListItemSchema = flightSchema.extend({ isJoined: z.boolean() });
export type FlightListItem = z.infer<typeof flightListItemSchema>;
export const flightListSchema = z.array(flightListItemSchema);

/** GET /api/flights/{id}. `canDelete` is the server's canDeleteFlight for the viewer. */
export const flightDetailSchema = flightListItemSchema.extend({
  crewMembers: z.array(crewMemberSchema),
  canDelete: z.boolean(),
  deletedAt: nullableIsoDateTimeSchema.optional(),
});
export type FlightDetail = z.infer<typeof flightDetailSchema>;

/** POST /api/flights/search. */
export const flightSearchRequestSchema = z.object({
  query: z.string().trim().max(40).optional(),
  date: z.string({ error: 'Invalid date' }).refine(isValidDay, 'Invalid date').optional(),
  dateFilterMode: z.enum(DATE_FILTER_MODES).optional(),
});
export type FlightSearchRequest = z.infer<typeof flightSearchRequestSchema>;

/**
 * POST /api/flights: find or create the flight and join it (API-CONVENTIONS). The spec's
 * payload reads as the spec says (a bracketed time in `flightNumber` is GMT, `departureDate`
 * its UTC day). `localDepartureTime` ('HH:MM', beyond the spec) gives the time on the origin's
 * clock instead, `departureDate` then being the local date there: the server stores the GMT
 * bracket and UTC day it names (applyLocalDepartureTime).
 */
export const createFlightRequestSchema = z.object({
  flightNumber,
  origin: airportCode,
  destination: airportCode,
  departureDate: departureDateInput,
  duration: z.string().trim().max(20).optional(),
  role: crewRoleSchema.optional(),
  localDepartureTime: z
    .string()
    .trim()
    .refine((value) => clockTime(value) !== null, 'Invalid time')
    .optional(),
});

/**
 * What POST /api/flights answers: the list item, and a notice when the flight joined is listed
 * at another time or to another destination (listedDifferently).
 */
export const createFlightResponseSchema = flightListItemSchema.extend({
  notice: z.object({ code: z.enum(FLIGHT_NOTICE_CODES), message: z.string() }).optional(),
});
export type CreateFlightResponse = z.infer<typeof createFlightResponseSchema>;
export type CreateFlightRequest = z.infer<typeof createFlightRequestSchema>;
export type CreateFlightInput = z.input<typeof createFlightRequestSchema>;

/**
 * The manual add form. Its output is a createFlightRequest body plus the role; the rule itself
 * (and its single 'Missing Information' / 'Invalid Airport Codes' message) is
 * normaliseManualFlight, so form and server cannot drift apart.
 */
const formField = z.string({ error: MISSING_FLIGHT_INFO });
export const manualFlightFormSchema = z
  .object({
    flightNumber: formField.default(''),
    date: formField.default(''),
    time: z.string().nullish(),
    origin: z.string().nullish(),
    destination: formField.default(''),
    role: z.string().nullish(),
  })
  .transform((input, ctx) => {
    const result = normaliseManualFlight(input);
    if (result.ok) return result.value;
    ctx.addIssue({ code: 'custom', message: result.reason });
    return z.NEVER;
  });
export type ManualFlightForm = z.input<typeof manualFlightFormSchema>;

/**
 * One row of POST /api/flights/batch. Rows are checked one by one (an invalid row counts as
 * failed rather than refusing the upload), so the row shape is loose here.
 */
export const batchFlightRowSchema = z.object({
  flightNumber: z.string().nullish(),
  departureDate: z.string().nullish(),
  origin: z.string().nullish(),
  destination: z.string().nullish(),
  duration: z.string().nullish(),
  localDepartureTime: z.string().nullish(),
});
export const batchFlightsRequestSchema = z.object({
  flights: z
    .array(batchFlightRowSchema)
    .min(1, 'No Flights Selected')
    .max(BATCH_MAX, `At most ${BATCH_MAX} flights per upload`),
});
export type BatchFlightsRequest = z.infer<typeof batchFlightsRequestSchema>;

export const batchFlightsResponseSchema = z.object({
  results: z.object({
    created: z.number().int(),
    existing: z.number().int(),
    failed: z.number().int(),
    joined: z.number().int(),
  }),
  existingFlights: z.array(z.string()),
  errorDetails: z.array(z.string()),
  /** Rows that joined a flight listed at another time: '<label>: Already listed departing …'. */
  notices: z.array(z.string()),
  message: z.string(),
});
export type BatchFlightsResponse = z.infer<typeof batchFlightsResponseSchema>;

/** GET /api/flights/stats. */
export const flightStatsSchema = z.object({
  activeFlights: z.number().int(),
  totalSharedFlights: z.number().int(),
});
export type FlightStats = z.infer<typeof flightStatsSchema>;

/** GET /api/user/flights: the viewer's crew entries with their flights. */
export const userFlightSchema = z.object({
  id: idSchema,
  role: z.string(),
  tags: z.array(z.string()),
  note: z.string().nullable(),
  /** canDeleteFlight for the viewer: true shows Delete, false shows 'Leave flight'. */
  canDelete: z.boolean(),
  flight: flightSchema,
});
export const userFlightsSchema = z.array(userFlightSchema);
export type UserFlight = z.infer<typeof userFlightSchema>;
