import { z } from 'zod';
import { WAVE_STATUSES } from '../constants';
import { idParam, idSchema, isoDateTimeSchema } from './common';
import { presentedUserSchema } from './user';

export const waveStatusSchema = z.enum(WAVE_STATUSES);

/** A wave row: what POST /api/waves and the status update return. */
export const waveSchema = z.object({
  id: idSchema,
  senderId: idSchema,
  receiverId: idSchema,
  flightId: idSchema,
  status: waveStatusSchema,
  senderRead: z.boolean(),
  receiverRead: z.boolean(),
  createdAt: isoDateTimeSchema,
});
export type Wave = z.infer<typeof waveSchema>;

/** The flight as a wave card shows it. */
export const waveFlightSchema = z.object({
  id: idSchema,
  flightNumber: z.string(),
  origin: z.string(),
  destination: z.string(),
  departureDate: isoDateTimeSchema,
});

/**
 * GET /api/waves item: both people presented for the viewer, the flight, and what the server
 * worked out with the domain rules (unread for this viewer, chat closed at departure).
 */
export const waveWithPartiesSchema = waveSchema.extend({
  sender: presentedUserSchema,
  receiver: presentedUserSchema,
  flight: waveFlightSchema,
  unread: z.boolean(),
  chatClosed: z.boolean(),
  unreadMessages: z.number().int(),
});
export type WaveWithParties = z.infer<typeof waveWithPartiesSchema>;
export const waveListSchema = z.array(waveWithPartiesSchema);

/** GET /api/waves/check/{flightId}: the viewer's waves on a flight, keyed by the other's id. */
export const waveCheckEntrySchema = z.object({
  exists: z.boolean(),
  status: waveStatusSchema,
  isSender: z.boolean(),
  waveId: idSchema,
});
export const waveCheckResponseSchema = z.object({
  waveStatusMap: z.record(z.string(), waveCheckEntrySchema),
});
export type WaveCheckResponse = z.infer<typeof waveCheckResponseSchema>;
export const flightIdParamSchema = z.object({
  flightId: idParam,
});

/** POST /api/waves. */
export const sendWaveRequestSchema = z.object({ receiverId: idSchema, flightId: idSchema });
export type SendWaveRequest = z.infer<typeof sendWaveRequestSchema>;

/** PUT /api/waves/{id}/status: only accept or reject. */
export const waveStatusUpdateRequestSchema = z.object({
  status: z.enum(['accepted', 'rejected'], { error: 'Status must be accepted or rejected' }),
});
export type WaveStatusUpdateRequest = z.infer<typeof waveStatusUpdateRequestSchema>;

/** PUT /api/waves/{id}/read and POST /api/waves/read-all. */
export const markReadResponseSchema = z.object({
  success: z.boolean(),
  updated: z.number().int().optional(),
});
