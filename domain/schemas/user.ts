import { z } from 'zod';
import {
  APPROVAL_STATUSES,
  CREW_ROLES,
  MEMBERSHIP_FILTERS,
  MEMBERSHIP_TYPES,
  RANKS,
  SUBSCRIPTION_STATUSES,
} from '../constants';
import { idSchema, isoDateTimeSchema, nullableIsoDateTimeSchema } from './common';

export const crewRoleSchema = z.enum(CREW_ROLES, { error: 'Please choose IFM, IFL or Main Crew' });
export const rankSchema = z.enum(RANKS, { error: 'Please choose a rank' });
export const membershipTypeSchema = z.enum(MEMBERSHIP_TYPES);
export const membershipFilterSchema = z.enum(MEMBERSHIP_FILTERS);
export const subscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export const approvalStatusSchema = z.enum(APPROVAL_STATUSES);
export const avatarRingSchema = z.enum(['orange', 'red', 'purple', 'yellow', 'green']);
export const membershipStatusSchema = z.enum([
  'Active',
  'Expiring Soon',
  'Expired',
  'Lifetime',
  'Unknown',
]);
export const subscriptionBadgeSchema = z.enum([
  'TESTER',
  'LIFETIME',
  'YEARLY',
  'MONTHLY',
  '3M',
  '6M',
  'WEEKLY',
  'CUSTOM',
]);

/**
 * The signed-in member's own user object (GET /api/auth/me, login, profile updates). It is only
 * ever sent to its owner; other members get `presentedUserSchema`. The PIN is stored encrypted
 * so the owner can be shown it, and is never part of another member's view.
 */
export const userSchema = z.object({
  id: idSchema,
  email: z.string(),
  name: z.string().nullable(),
  nickname: z.string().nullable(),
  role: z.string().nullable(),
  yearsFlying: z.number().int().nullable(),
  mobileNumber: z.string().nullable(),
  contactEmail: z.string().nullable(),
  paymentEmail: z.string().nullable(),
  profilePictureUrl: z.string().nullable(),
  passcode: z.string().nullable().optional(),
  verified: z.boolean(),
  isAdmin: z.boolean(),
  isOnline: z.boolean(),
  isDemoUser: z.boolean(),
  isDeleted: z.boolean(),
  deletionScheduledAt: nullableIsoDateTimeSchema,
  createdAt: isoDateTimeSchema,
  lastActive: nullableIsoDateTimeSchema,
  lastLoginAt: nullableIsoDateTimeSchema,
  loginCount: z.number().int(),
  membershipType: membershipTypeSchema,
  subscriptionId: z.string().nullable(),
  subscriptionStatus: subscriptionStatusSchema,
  subscriptionExpiresAt: nullableIsoDateTimeSchema,
  trialStartedAt: nullableIsoDateTimeSchema,
  trialExpiresAt: nullableIsoDateTimeSchema,
  approvalStatus: approvalStatusSchema,
  approvedBy: idSchema.nullable(),
  approvedAt: nullableIsoDateTimeSchema,
  disclaimerAcceptedAt: nullableIsoDateTimeSchema,
  profileSetupDoneAt: nullableIsoDateTimeSchema,
  showNameAfterMatch: z.boolean(),
  shareContactInfo: z.boolean(),
  flightNotifications: z.boolean(),
  emailNotifications: z.boolean(),
  smsNotifications: z.boolean(),
  telegramNotifications: z.boolean(),
  pushNotifications: z.boolean(),
  totalFlightsEver: z.number().int(),
  totalWavesSentEver: z.number().int(),
  totalWavesReceivedEver: z.number().int(),
});
export type User = z.infer<typeof userSchema>;

/**
 * Another member as the viewer may see them (crew lists, wave sender and receiver). Built by
 * the server from `visibleIdentity`; real name and phone appear only once revealed, and no
 * e-mail, PIN or expiry date of another member is ever part of it.
 */
export const presentedUserSchema = z.object({
  id: idSchema,
  displayName: z.string(),
  role: z.string().nullable(),
  avatarRing: avatarRingSchema,
  trialBadge: z.string().nullable(),
  isOnline: z.boolean(),
  /** Admin messages carry a Support label. */
  isAdmin: z.boolean(),
  realName: z.string().optional(),
  mobileNumber: z.string().optional(),
  contactNote: z.string().optional(),
});
export type PresentedUser = z.infer<typeof presentedUserSchema>;

/** The spec's "Current-user analytics" (profile stat cards). */
export const userAnalyticsSchema = z.object({
  flightCount: z.number().int(),
  totalFlightsEver: z.number().int(),
  wavesSent: z.number().int(),
  totalWavesSentEver: z.number().int(),
  wavesReceived: z.number().int(),
  totalWavesReceivedEver: z.number().int(),
});
export type UserAnalytics = z.infer<typeof userAnalyticsSchema>;

/** GET /api/trial-status. */
export const trialStatusSchema = z.object({
  onTrial: z.boolean(),
  daysRemaining: z.number().int(),
  trialExpired: z.boolean(),
  trialExpiresAt: nullableIsoDateTimeSchema,
});
export type TrialStatusResponse = z.infer<typeof trialStatusSchema>;

/** The spec's "Membership info". */
export const membershipInfoSchema = z.object({
  status: membershipStatusSchema,
  daysLeft: z.number().int().nullable(),
  isLifetime: z.boolean(),
});
export type MembershipInfo = z.infer<typeof membershipInfoSchema>;
