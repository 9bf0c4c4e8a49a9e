import { z } from 'zod';
import { PROFILE_PICTURE_MAX_BYTES, STATS_FILTERS, STATS_SORTS } from '../constants';
import {
  idParam,
  idSchema,
  isoDateTimeSchema,
  isoDaySchema,
  nullableIsoDateTimeSchema,
} from './common';

/** Platform statistics and the audit trail (accounts spec §2 Platform statistics, §3, §7). */

/** The spec's "Platform counters": running totals that survive deletions. */
export const platformCountersSchema = z.object({
  totalWavesEverCreated: z.number().int(),
  totalMessagesEverSent: z.number().int(),
  totalUsersEverRegistered: z.number().int(),
  totalFlightsEverCreated: z.number().int(),
  updatedAt: isoDateTimeSchema,
});

/** GET /api/admin/platform-overview: the spec's "Platform overview" plus the counters. */
export const platformOverviewSchema = z.object({
  activeFlights: z.number().int(),
  totalFlights: z.number().int(),
  liveWaves: z.number().int(),
  totalWaves: z.number().int(),
  onlineUsers: z.number().int(),
  totalUsers: z.number().int(),
  subscriptionBreakdown: z.object({
    active: z.number().int(),
    expired: z.number().int(),
    cancelled: z.number().int(),
    pending: z.number().int(),
  }),
  counters: platformCountersSchema,
});
export type PlatformOverview = z.infer<typeof platformOverviewSchema>;

/** The spec's "User statistics row", plus the domain's activity score. */
export const userStatisticsRowSchema = z.object({
  id: idSchema,
  name: z.string().nullable(),
  nickname: z.string().nullable(),
  email: z.string(),
  role: z.string().nullable(),
  isOnline: z.boolean(),
  subscriptionStatus: z.string(),
  subscriptionExpiresAt: nullableIsoDateTimeSchema,
  flightCount: z.number().int(),
  wavesSent: z.number().int(),
  wavesReceived: z.number().int(),
  lastLoginAt: nullableIsoDateTimeSchema,
  createdAt: isoDateTimeSchema,
  activityScore: z.number().int(),
});
export type UserStatisticsRow = z.infer<typeof userStatisticsRowSchema>;
/** GET /api/admin/user-statistics?filter&sort: the spec's array, filtered and sorted by the domain. */
export const userStatisticsQuerySchema = z.object({
  filter: z.enum(STATS_FILTERS).optional().default('all'),
  sort: z.enum(STATS_SORTS).optional().default('activity'),
});
export const userStatisticsSchema = z.array(userStatisticsRowSchema);

const dayCount = z.object({ day: isoDaySchema, count: z.number().int() });
/**
 * GET /api/admin/activity-series: what the statistics charts draw. Weeks start on Monday (UTC);
 * every period in range is present, with 0 when nothing happened, so charts need no gap logic.
 */
export const activitySeriesSchema = z.object({
  signupsPerWeek: z.array(z.object({ weekStart: isoDaySchema, count: z.number().int() })),
  wavesPerDay: z.array(dayCount),
  messagesPerDay: z.array(dayCount),
  membershipMix: z.array(z.object({ membershipType: z.string(), count: z.number().int() })),
});
export type ActivitySeries = z.infer<typeof activitySeriesSchema>;
export const ACTIVITY_SERIES_WEEKS = 12;
export const ACTIVITY_SERIES_DAYS = 30;

export const AUDIT_PAGE_SIZE = 50;
/** GET /api/admin/audit-log?action&userId&page: newest first; userId matches actor or target. */
export const auditLogQuerySchema = z.object({
  action: z.string().trim().max(64).optional(),
  userId: idParam.optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
});
const auditParty = z.object({
  id: idSchema,
  email: z.string().nullable(),
  name: z.string().nullable(),
});
export const auditEntrySchema = z.object({
  id: idSchema,
  at: isoDateTimeSchema,
  action: z.string(),
  /** Null for the system (jobs, automatic locks). */
  actor: auditParty.nullable(),
  target: z.object({ type: z.string(), id: z.number().int() }).nullable(),
  /** What changed; never a PIN. */
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntryView = z.infer<typeof auditEntrySchema>;
export const auditLogPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Every action name recorded so far, for the filter. */
  actions: z.array(z.string()),
});
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;

export const PROFILE_PICTURE_FAILED =
  'Failed to update profile picture. Please try again with a smaller image.';
/** PUT /api/users/me/profile-picture: a data URL, as the spec's body names it. */
export const profilePictureRequestSchema = z.object({
  profilePictureUrl: z
    .string({ error: PROFILE_PICTURE_FAILED })
    // base64 of 2 MB plus the data-URL header.
    .max(Math.ceil((PROFILE_PICTURE_MAX_BYTES * 4) / 3) + 64, PROFILE_PICTURE_FAILED)
    .regex(/^data:image\/(jpeg|png|gif);base64,[A-Za-z0-9+/=]+$/, PROFILE_PICTURE_FAILED),
});
/** The picture's own URL (served by GET /api/users/{id}/profile-picture), never the bytes. */
export const profilePictureResponseSchema = z.object({ profilePictureUrl: z.string() });
export type ProfilePictureResponse = z.infer<typeof profilePictureResponseSchema>;

/** GET /api/admin/telegram: whether new-registration notices go to Telegram, and the bot link. */
export const telegramStatusSchema = z.object({
  enabled: z.boolean(),
  botLink: z.string().nullable(),
});
export type TelegramStatus = z.infer<typeof telegramStatusSchema>;
