import { z } from 'zod';
import { EMAIL_MAX, PIN_LENGTH } from '../constants';
import {
  ENTER_EMAIL,
  ENTER_PASSCODE,
  FORGOT_NEEDS_EMAIL,
  LOGIN_ERROR_TYPES,
  LOGIN_MESSAGES,
} from '../rules/sign-in';
import { emailInput, isoDateTimeSchema, passcodeSchema } from './common';
import { subscriptionStatusSchema, userSchema } from './user';

/** POST /api/auth/login. Only presence is checked: a wrong e-mail is a credentials error. */
export const loginRequestSchema = z.object({
  email: z
    .string({ error: ENTER_EMAIL })
    .trim()
    .toLowerCase()
    .min(1, ENTER_EMAIL)
    .max(EMAIL_MAX, LOGIN_MESSAGES.invalid_credentials),
  passcode: z
    .string({ error: ENTER_PASSCODE })
    .trim()
    .regex(new RegExp(`^\\d{${PIN_LENGTH}}$`), ENTER_PASSCODE),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({
  success: z.boolean(),
  user: userSchema.optional(),
  errorType: z.enum(LOGIN_ERROR_TYPES).optional(),
  subscriptionStatus: subscriptionStatusSchema.optional(),
  canRenew: z.boolean().optional(),
  email: z.string().optional(),
  message: z.string().optional(),
  retryAt: isoDateTimeSchema.optional(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** POST /api/auth/verify-email. */
export const verifyEmailRequestSchema = z.object({ email: emailInput(ENTER_EMAIL) });
export const verifyEmailResponseSchema = z.object({
  exists: z.boolean(),
  canRenew: z.boolean().optional(),
  message: z.string().optional(),
});
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponseSchema>;

/** POST /api/auth/forgot-passcode: the answer is the same whether or not the account exists. */
export const forgotPasscodeRequestSchema = z.object({ email: emailInput(FORGOT_NEEDS_EMAIL) });

/**
 * POST /api/auth/set-passcode (creation and change). `currentPasscode` is required from a
 * session signed in more than PIN_REAUTH_MS ago (a fresh sign-in is the re-authentication).
 */
export const setPasscodeRequestSchema = z.object({
  passcode: passcodeSchema,
  currentPasscode: passcodeSchema.optional(),
});
export type SetPasscodeRequest = z.infer<typeof setPasscodeRequestSchema>;

/** POST /api/auth/renew-membership-form response: renewal eligibility. */
export const renewalEligibilitySchema = z.object({
  success: z.boolean(),
  userId: z.number().int().optional(),
  name: z.string().nullable().optional(),
  wasTestMember: z.boolean().optional(),
  membershipType: z.string(),
  message: z.string().optional(),
});
export const renewalRequestSchema = z.object({
  email: emailInput('Please enter your BA email address.'),
});
