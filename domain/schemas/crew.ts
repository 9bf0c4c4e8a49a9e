import { z } from 'zod';
import { ALLOWED_TAGS, BATCH_MAX, CREW_ENTRY_ROLES, JOIN_DEFAULT_ROLE } from '../constants';
import { TAG_UNKNOWN_MESSAGE, validateNote, validateTags } from '../rules/flights';
import { idSchema, isoDateTimeSchema, nullableIsoDateTimeSchema } from './common';
import { presentedUserSchema } from './user';

export const crewEntryRoleSchema = z.enum(CREW_ENTRY_ROLES, {
  error: 'Role must be IFM, IFL or Main Crew',
});
export const tagSchema = z.enum(ALLOWED_TAGS, { error: TAG_UNKNOWN_MESSAGE });

/** Request tags: allowed values, repeats folded, at most three (validateTags). */
export const tagsInputSchema = z.array(z.string()).transform((tags, ctx) => {
  const result = validateTags(tags);
  if (result.ok) return result.value;
  ctx.addIssue({ code: 'custom', message: result.reason });
  return z.NEVER;
});

/** Request note: trimmed, at most 150 characters, blank stored as null (validateNote). */
export const noteInputSchema = z
  .string()
  .nullish()
  .transform((note, ctx) => {
    const result = validateNote(note);
    if (result.ok) return result.value;
    ctx.addIssue({ code: 'custom', message: result.reason });
    return z.NEVER;
  });

/** POST /api/flight-crew: join a flight, with optional tags and note. */
export const joinFlightRequestSchema = z.object({
  flightId: idSchema,
  role: crewEntryRoleSchema.default(JOIN_DEFAULT_ROLE),
  tags: tagsInputSchema.default([]),
  note: noteInputSchema.optional(),
});
export type JoinFlightRequest = z.infer<typeof joinFlightRequestSchema>;

/** PATCH /api/flight-crew/{id}: a member changes their own entry's tags and note. */
export const updateCrewEntryRequestSchema = z
  .object({ tags: tagsInputSchema, note: noteInputSchema })
  .partial()
  .refine((body) => body.tags !== undefined || body.note !== undefined, 'Nothing to update');
export type UpdateCrewEntryRequest = z.infer<typeof updateCrewEntryRequestSchema>;

/**
 * POST /api/flight-crew/leave: the member leaves several flights at once (a re-imported roster
 * that no longer lists them). Each flight is left or refused on its own, with the reason.
 */
export const leaveFlightsRequestSchema = z.object({
  flightIds: z
    .array(idSchema)
    .min(1, 'Choose at least one flight')
    .max(BATCH_MAX, `At most ${BATCH_MAX} flights at once`),
});
export type LeaveFlightsRequest = z.infer<typeof leaveFlightsRequestSchema>;

export const leaveFlightsResponseSchema = z.object({
  left: z.array(idSchema),
  refused: z.array(z.object({ flightId: idSchema, message: z.string() })),
  /** Pending waves to or from the member on the flights left, withdrawn with them. */
  wavesWithdrawn: z.number().int(),
});
export type LeaveFlightsResponse = z.infer<typeof leaveFlightsResponseSchema>;

/**
 * The wave between the viewer and this member on this flight, from the viewer's side:
 * 'pending-sent' (the viewer waved), 'pending-received' (the member waved at the viewer).
 */
export const CREW_WAVE_STATUSES = [
  'none',
  'pending-sent',
  'pending-received',
  'accepted',
  'rejected',
] as const;
export type CrewWaveStatus = (typeof CREW_WAVE_STATUSES)[number];
export const crewWaveStatusSchema = z.object({
  status: z.enum(CREW_WAVE_STATUSES),
  waveId: idSchema.nullable(),
});
export type CrewWaveState = z.infer<typeof crewWaveStatusSchema>;

/** What only an admin viewer gets on top of the presented user (full identity). */
export const crewFullIdentitySchema = z.object({
  name: z.string().nullable(),
  email: z.string(),
});

/** A crew entry as the viewer sees it: the member is presented, never the raw user row. */
export const crewMemberSchema = z.object({
  id: idSchema,
  flightId: idSchema,
  userId: idSchema,
  role: z.string(),
  tags: z.array(z.string()),
  note: z.string().nullable(),
  createdAt: isoDateTimeSchema,
  expiresAt: nullableIsoDateTimeSchema,
  user: presentedUserSchema,
  waveStatus: crewWaveStatusSchema,
  /** Admin viewers only: the member's real name and login e-mail. */
  fullIdentity: crewFullIdentitySchema.optional(),
});
export type CrewMember = z.infer<typeof crewMemberSchema>;

/** Response of join and update: the viewer's own entry. */
export const crewEntrySchema = crewMemberSchema.omit({
  user: true,
  waveStatus: true,
  fullIdentity: true,
});
export type CrewEntry = z.infer<typeof crewEntrySchema>;
