import { z } from 'zod';
import { isCrewEmail } from '../rules/registration';
import { emailInput, idSchema, nullableIsoDateTimeSchema } from './common';

/** The spec's "Pending approval record" (snake_case as the spec names it). */
export const pendingApprovalSchema = z.object({
  id: idSchema,
  name: z.string().nullable(),
  email: z.string(),
  payment_email: z.string().nullable(),
  role: z.string().nullable(),
  created_at: z.string(),
  membership_type: z.string(),
  effective_expiry_date: nullableIsoDateTimeSchema,
});
export type PendingApproval = z.infer<typeof pendingApprovalSchema>;
export const pendingApprovalListSchema = z.array(pendingApprovalSchema);
export const pendingCountSchema = z.object({ count: z.number().int() });

export const approveUserResponseSchema = z.object({
  success: z.boolean(),
  pin: z.string().regex(/^\d{4}$/),
  message: z.string(),
});

export const rejectUserRequestSchema = z.object({
  reason: z.string().trim().max(500, 'Reason must be at most 500 characters').optional(),
});
export const rejectUserResponseSchema = z.object({ success: z.boolean(), message: z.string() });

const adminEditedEmail = emailInput('Please enter a valid email address');

/**
 * The form check the web dialog runs: a well-formed address. The web app does not know the
 * server's domains or admin address, so the account rule below is the server's alone.
 */
export const updateEmailRequestSchema = z.object({ email: adminEditedEmail });

/** The server's e-mail rule for accounts (spec): a crew domain, or the admin's own address. */
export type AccountEmailRule = {
  crewEmailDomains: readonly string[];
  adminEmail?: string | undefined;
  airlineName: string;
};

export const accountEmailMessage = (airlineName: string) =>
  `Email must be a valid ${airlineName} email or admin email`;

export function isAccountEmail(email: string, rule: AccountEmailRule): boolean {
  const lower = email.trim().toLowerCase();
  return (
    isCrewEmail(lower, rule.crewEmailDomains) ||
    (rule.adminEmail !== undefined && lower === rule.adminEmail.trim().toLowerCase())
  );
}

/** POST /api/admin/users/{id}/update-email, as the server checks it. */
export function makeUpdateEmailRequestSchema(rule: AccountEmailRule) {
  return z.object({
    email: adminEditedEmail.refine(
      (email) => isAccountEmail(email, rule),
      accountEmailMessage(rule.airlineName),
    ),
  });
}
export const updateEmailResponseSchema = z.object({ oldEmail: z.string(), newEmail: z.string() });
