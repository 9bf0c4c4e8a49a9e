import { z } from 'zod';
import {
  CREW_ROLES,
  DELETION_GRACE_DAYS,
  EMAIL_MAX,
  MOBILE_MAX,
  NAME_MAX,
  NICKNAME_MAX,
} from '../constants';
import { isoDateTimeSchema, optionalText, requiredText } from './common';
import { rankSchema } from './user';

export const MOBILE_MESSAGE = 'Please enter a valid mobile number';
const MOBILE_PATTERN = /^\+?[\d\s().-]+$/;
const MOBILE_DIGITS = { min: 6, max: 15 } as const;

/** A plausible phone number: digits with the usual separators, 6 to 15 digits (E.164's max). */
export function isPlausibleMobile(value: string): boolean {
  const digits = value.replace(/\D/g, '').length;
  return MOBILE_PATTERN.test(value) && digits >= MOBILE_DIGITS.min && digits <= MOBILE_DIGITS.max;
}

const mobileNumber = optionalText(MOBILE_MAX).refine(
  (value) => value == null || isPlausibleMobile(value),
  MOBILE_MESSAGE,
);

const contactEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX, 'Please enter a valid email address')
  .pipe(z.union([z.literal(''), z.email('Please enter a valid email address')]))
  .transform((value) => value || null)
  .nullish();

/** PUT /api/users/profile: any subset of the editable fields. */
export const updateProfileRequestSchema = z
  .object({
    name: requiredText('Please enter your name').pipe(z.string().max(NAME_MAX)),
    nickname: optionalText(NICKNAME_MAX),
    role: rankSchema,
    mobileNumber,
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
  mobileNumber,
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

/** POST /api/users/online-status answer. */
export const onlineStatusResponseSchema = z.object({
  success: z.boolean(),
  isOnline: z.boolean(),
});

/** GET /api/users/me/passcode: the owner's own PIN (masked on screen until revealed). */
export const passcodeRevealResponseSchema = z.object({ passcode: z.string().nullable() });
export type PasscodeRevealResponse = z.infer<typeof passcodeRevealResponseSchema>;

/** POST /api/admin/update-contact-email: an admin's contact e-mail (blank clears it). */
export const updateContactEmailRequestSchema = z.object({ contactEmail });
export const updateContactEmailResponseSchema = z.object({
  success: z.boolean(),
  user: z.object({ contactEmail: z.string().nullable() }),
});
export type UpdateContactEmailResponse = z.infer<typeof updateContactEmailResponseSchema>;

/** The spec's success text, after the 'Account Deleted' title. */
export const ACCOUNT_DELETED_MESSAGE = `Your access has been revoked immediately. Data will be kept for ${DELETION_GRACE_DAYS} days before it is permanently deleted.`;

/** POST /api/auth/delete-account. */
export const deleteAccountResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  deletionScheduledAt: isoDateTimeSchema,
});
export type DeleteAccountResponse = z.infer<typeof deleteAccountResponseSchema>;

/** POST /api/admin/restore-account/{id}. */
export const restoreAccountResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
});

/** The delete-account dialog: the member types DELETE. */
export const deleteAccountConfirmSchema = z.object({
  confirmation: z.literal('DELETE', { error: 'Confirmation Required' }),
});
