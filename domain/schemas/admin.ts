import { z } from 'zod';
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

export const updateEmailRequestSchema = z.object({
  email: emailInput('Please enter a valid email address'),
});
export const updateEmailResponseSchema = z.object({ oldEmail: z.string(), newEmail: z.string() });
