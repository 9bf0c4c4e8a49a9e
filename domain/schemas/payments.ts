import { z } from 'zod';
import { CHECKOUT_PURPOSES, CREW_ROLES, PAID_PLANS } from '../constants';
import { emailInput, idSchema, isoDateTimeSchema } from './common';
import { makeRegistrationRequestSchema } from './registration';

/**
 * The membership and payment calls (accounts spec §7, docs/api.md 'Payments'). Amounts are minor
 * units of the price table's currency; the server sets every amount and price from its own
 * table — nothing the browser sends chooses what is charged.
 */

export const paidPlanSchema = z.enum(PAID_PLANS, { error: 'Please choose a plan' });

/** GET /api/prices: the one price table every page reads. */
export const priceTableSchema = z.object({
  currency: z.string(),
  plans: z.object({
    monthly: z.object({ amount: z.number().int(), interval: z.literal('month') }),
    yearly: z.object({ amount: z.number().int(), interval: z.literal('year') }),
  }),
});

/** A checkout to send the browser to: Stripe's hosted page, or our local checkout. */
export const checkoutRedirectSchema = z.object({ sessionId: z.string(), url: z.string() });
export type CheckoutRedirect = z.infer<typeof checkoutRedirectSchema>;

/** POST /api/register/create-pending: a registration for a paid plan. */
export function makeCreatePendingRequestSchema(domains: readonly string[]) {
  return makeRegistrationRequestSchema(domains).extend({ membership: paidPlanSchema });
}

/** POST /api/stripe/create-checkout-session (renewals). The spec's 'annual' is the yearly plan. */
export const renewalCheckoutRequestSchema = z.object({
  membershipType: z.enum(['monthly', 'yearly', 'annual'], { error: 'Please choose a plan' }),
  customerEmail: emailInput('Email Required'),
  userId: idSchema,
  isRenewal: z.literal(true).optional(),
});

/** POST /api/convert-trial-to-subscription (signed-in trial members). */
export const convertTrialRequestSchema = z.object({
  membershipType: z.enum(['monthly', 'yearly', 'annual'], { error: 'Please choose a plan' }),
});
export const convertTrialResponseSchema = z.object({
  checkoutUrl: z.string(),
  sessionId: z.string(),
});

/** POST /api/stripe/verify-payment: what our webhook handler recorded for a checkout session. */
export const verifyPaymentRequestSchema = z.object({ sessionId: z.string().min(1).max(255) });
export const verifyPaymentResponseSchema = z.object({
  success: z.boolean(),
  /** 'pending' while the payment's event has not arrived yet: ask again shortly. */
  status: z.enum(['pending', 'completed', 'failed']),
  session: z.object({ amount_total: z.number().int(), customer_email: z.string() }).optional(),
  isRenewal: z.boolean(),
  purpose: z.enum(CHECKOUT_PURPOSES).optional(),
  message: z.string(),
});
export type VerifyPaymentResponse = z.infer<typeof verifyPaymentResponseSchema>;

/** GET /api/trial-status. */
export const trialStatusResponseSchema = z.object({
  onTrial: z.boolean(),
  daysRemaining: z.number().int(),
  trialExpired: z.boolean(),
  trialExpiresAt: isoDateTimeSchema.nullable(),
});

/** POST /api/cancel-subscription: a request to the admin team, not an immediate cancel. */
export const cancelSubscriptionResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
});

/** POST /api/auth/renew-membership-form: `renewalRequestSchema` / `renewalEligibilitySchema` (auth.ts). */

/** GET /api/checkout/local/{sessionId}: what the local checkout page shows. */
export const localCheckoutSchema = z.object({
  sessionId: z.string(),
  plan: paidPlanSchema,
  amount: z.number().int(),
  currency: z.string(),
  customerEmail: z.string(),
  status: z.enum(['open', 'completed', 'cancelled', 'expired', 'failed']),
});
export type LocalCheckout = z.infer<typeof localCheckoutSchema>;
/** POST /api/checkout/local/{sessionId}/pay and /cancel: where the browser goes next. */
export const localCheckoutOutcomeSchema = z.object({ redirectUrl: z.string() });

/** The pending registration the browser keeps while it pays (accounts spec §3). */
export const paidPendingRegistrationSchema = z.object({
  email: z.string(),
  name: z.string(),
  role: z.enum(CREW_ROLES),
  membership: paidPlanSchema,
});

export const PAYMENT_TEXTS = {
  pendingCreationFailed: 'Failed to create pending registration',
  noSessionId: 'No session ID received from server',
  paymentStartFailed: 'Failed to create payment session. Please try again.',
  /** No answer at all to the checkout request (the spec's 'Failed to start payment process...'). */
  checkoutStartFailed:
    'Failed to start payment process. Please check your connection and try again.',
  /** A session came back without a page the browser can open: the card provider did not start. */
  providerInitFailed: 'Failed to initialize Stripe',
  /** A registration's payment that did not go through: toast 'Registration Failed' with this. */
  completionFailedTitle: 'Registration Failed',
  completionFailedHint: 'Please try again or contact support.',
  completionFailed: 'Failed to complete registration',
  verifyFailedTitle: 'Payment Verification Failed',
  verifyFailed: 'Please contact support if payment was charged.',
  verifyDefault: 'Failed to verify payment',
  noPaymentSession: 'No payment session found',
  conversionFailedTitle: 'Conversion Failed',
  conversionFailed: 'Unable to convert trial to paid subscription',
  cancellationSubmitted: 'Cancellation Request Submitted',
  notEligibleForRenewal: 'Only expired or cancelled memberships can be renewed.',
  notOnTrial: 'Not on Trial',
} as const;

/** POST /api/stripe/webhook: what Stripe is told (2xx means 'do not redeliver'). */
export const webhookAckSchema = z.object({
  received: z.literal(true),
  duplicate: z.literal(true).optional(),
  ignored: z.literal(true).optional(),
});

/** /api/checkout/local/{sessionId}: the checkout's id, as our provider issued it. */
export const checkoutSessionParamSchema = z.object({ sessionId: z.string().min(1).max(255) });
