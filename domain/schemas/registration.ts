import { z } from 'zod';
import { CREW_EMAIL_DOMAINS, CREW_ROLES, EMAIL_MAX, REGISTRATION_MEMBERSHIPS } from '../constants';
import { crewEmailMessage, FILL_REQUIRED, isCrewEmail } from '../rules/registration';

export const registrationMembershipSchema = z.enum(REGISTRATION_MEMBERSHIPS, {
  error: FILL_REQUIRED,
});

/**
 * POST /api/register/initiate (and create-pending). The accepted domains are configuration,
 * so the schema is built for them; `registrationRequestSchema` uses the default.
 */
export function makeRegistrationRequestSchema(domains: readonly string[]) {
  return z.object({
    email: z
      .string({ error: FILL_REQUIRED })
      .trim()
      .toLowerCase()
      .min(1, FILL_REQUIRED)
      .max(EMAIL_MAX, 'Please enter a valid email address')
      .pipe(z.email('Please enter a valid email address'))
      .refine((email) => isCrewEmail(email, domains), crewEmailMessage(domains)),
    name: z.string({ error: FILL_REQUIRED }).trim().min(1, FILL_REQUIRED).max(100),
    role: z.enum(CREW_ROLES, { error: FILL_REQUIRED }),
    membership: registrationMembershipSchema,
  });
}
export const registrationRequestSchema = makeRegistrationRequestSchema(CREW_EMAIL_DOMAINS);
export type RegistrationRequest = z.infer<typeof registrationRequestSchema>;

/** The registration kept in local storage while the member pays. */
export const pendingRegistrationSchema = z.object({
  email: z.string(),
  name: z.string(),
  role: z.enum(CREW_ROLES),
  membership: z.enum(REGISTRATION_MEMBERSHIPS),
});

export const registrationResponseSchema = z.object({
  success: z.boolean(),
  requiresPayment: z.boolean().optional(),
  trialCreated: z.boolean().optional(),
  message: z.string().optional(),
  code: z.enum(['USER_EXISTS']).optional(),
  canRenew: z.boolean().optional(),
});
export type RegistrationResponse = z.infer<typeof registrationResponseSchema>;

/** GET /api/check-email?email=... */
export const checkEmailQuerySchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(EMAIL_MAX, 'Please enter a valid email address')
    .pipe(z.email('Please enter a valid email address')),
});
export const checkEmailResponseSchema = z.object({ exists: z.boolean() });
