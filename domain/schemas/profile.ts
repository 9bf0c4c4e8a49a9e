import { z } from 'zod';
import { CREW_ROLES } from '../constants';
import { optionalText, requiredText } from './common';
import { rankSchema } from './user';

const NAME_MAX = 100;
const NICKNAME_MAX = 40;
const MOBILE_MAX = 32;

const contactEmail = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.union([z.literal(''), z.email('Please enter a valid email address')]))
  .transform((value) => value || null)
  .nullish();

/** PUT /api/users/profile: any subset of the editable fields. */
export const updateProfileRequestSchema = z
  .object({
    name: requiredText('Please enter your name').pipe(z.string().max(NAME_MAX)),
    nickname: optionalText(NICKNAME_MAX),
    role: rankSchema,
    mobileNumber: optionalText(MOBILE_MAX),
    contactEmail,
    shareContactInfo: z.boolean(),
    showNameAfterMatch: z.boolean(),
    emailNotifications: z.boolean(),
  })
  .partial();
export type UpdateProfileRequest = z.infer<typeof updateProfileRequestSchema>;

/** PATCH /api/users/me: first-time setup. The nickname has no default (API-CONVENTIONS). */
export const profileSetupRequestSchema = z.object({
  name: requiredText('Please enter your name').pipe(z.string().max(NAME_MAX)),
  nickname: optionalText(NICKNAME_MAX),
  role: z.enum(CREW_ROLES).optional(),
  yearsFlying: z.number().int().min(0).max(60).nullish(),
  mobileNumber: optionalText(MOBILE_MAX),
  // The form ticks both by default; the server keeps what it has when they are left out.
  showNameAfterMatch: z.boolean().optional(),
  shareContactInfo: z.boolean().optional(),
});
export type ProfileSetupRequest = z.infer<typeof profileSetupRequestSchema>;

/** POST /api/users/online-status (also the unload beacon). */
export const onlineStatusSchema = z.object({ isOnline: z.boolean() });
export type OnlineStatus = z.infer<typeof onlineStatusSchema>;

/** GET /api/users/stats. */
export const userStatsResponseSchema = z.object({
  onlineUsers: z.number().int(),
  acceptedConnections: z.number().int(),
});
export type UserStatsResponse = z.infer<typeof userStatsResponseSchema>;

/** The delete-account dialog: the member types DELETE. */
export const deleteAccountConfirmSchema = z.object({
  confirmation: z.literal('DELETE', { error: 'Confirmation Required' }),
});
