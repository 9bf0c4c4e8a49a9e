import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { CheckoutPurpose, PaidPlan } from '../../../domain';
import type { Config } from '../../config';

export type CheckoutRequest = {
  purpose: CheckoutPurpose;
  plan: PaidPlan;
  /** From our price table (minor units); Stripe charges its price id, which must agree. */
  amount: number;
  currency: string;
  email: string;
  /** Our user id, echoed back by Stripe as client_reference_id. */
  reference: string;
  successUrl: string;
  cancelUrl: string;
};

/**
 * Who takes the money: Stripe's hosted checkout, or our local checkout when no Stripe key is
 * configured. Only this file and the local checkout routes know which one is in use; both end
 * in the same signed `checkout.session.completed` event through the same webhook handler.
 */
export type PaymentProvider = {
  readonly local: boolean;
  createCheckoutSession(request: CheckoutRequest): Promise<{ id: string; url: string }>;
};

export function createPaymentProvider(config: Config): PaymentProvider {
  const { secretKey } = config.stripe;
  if (!secretKey) return localProvider(config);
  const stripe = new Stripe(secretKey, {
    ...(config.stripe.api ?? {}),
    // Creating a session is not idempotent on our side without a key; one attempt, a clear error.
    maxNetworkRetries: 0,
    telemetry: false,
    timeout: 20_000,
  });
  const priceIds: Record<PaidPlan, string | undefined> = {
    monthly: config.stripe.priceMonthly,
    yearly: config.stripe.priceYearly,
  };
  return {
    local: false,
    async createCheckoutSession(request) {
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: priceIds[request.plan]!, quantity: 1 }],
        customer_email: request.email,
        client_reference_id: request.reference,
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        metadata: { purpose: request.purpose, plan: request.plan },
      });
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { id: session.id, url: session.url };
    },
  };
}

function localProvider(config: Config): PaymentProvider {
  return {
    local: true,
    async createCheckoutSession() {
      const id = `cs_local_${randomBytes(16).toString('hex')}`;
      return { id, url: `${config.publicUrl}/checkout/${id}` };
    },
  };
}
