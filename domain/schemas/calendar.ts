import { z } from 'zod';
import { nullableIsoDateTimeSchema } from './common';

/** GET /api/user/calendar: whether the member has a feed address, and since when. */
export const calendarFeedStatusSchema = z.object({
  enabled: z.boolean(),
  createdAt: nullableIsoDateTimeSchema,
});
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatusSchema>;

/**
 * POST /api/user/calendar: a new address (any earlier one stops working). Shown once: the
 * server keeps only its hash.
 */
export const calendarFeedCreatedSchema = z.object({
  enabled: z.literal(true),
  createdAt: z.string(),
  url: z.string(),
  webcalUrl: z.string(),
});
export type CalendarFeedCreated = z.infer<typeof calendarFeedCreatedSchema>;
