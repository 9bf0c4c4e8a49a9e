import { useQuery } from '@tanstack/react-query';
import type {
  CheckoutRedirect,
  LocalCheckout,
  PaidPlan,
  PriceTable,
  RegistrationRequest,
  VerifyPaymentResponse,
} from '../../../../domain';
import { api } from '../../lib/api-client';
import { useSingleFlightMutation } from '../../lib/use-single-flight-mutation';

/** Cache keys of the payment screens: one factory, so an invalidation names them all. */
export const paymentKeys = {
  all: ['payments'] as const,
  prices: () => ['payments', 'prices'] as const,
  trialStatus: () => ['payments', 'trial-status'] as const,
  verify: (sessionId: string) => ['payments', 'verify', sessionId] as const,
  localCheckout: (sessionId: string) => ['payments', 'local-checkout', sessionId] as const,
};

export type TrialStatus = {
  onTrial: boolean;
  daysRemaining: number;
  trialExpired: boolean;
  trialExpiresAt: string | null;
};
export type RenewalEligibility = {
  success: boolean;
  userId?: number;
  name?: string | null;
  wasTestMember?: boolean;
  membershipType: string;
  message?: string;
};
export type RenewalCheckoutRequest = {
  membershipType: PaidPlan;
  customerEmail: string;
  userId: number;
  isRenewal: true;
};
/** The server may leave either field out on a fault: the screens check before redirecting. */
export type MaybeCheckoutRedirect = Partial<CheckoutRedirect>;

const checkoutPath = (sessionId: string) => `/api/checkout/local/${encodeURIComponent(sessionId)}`;

export const paymentsApi = {
  prices: () => api.get<PriceTable>('/api/prices'),
  trialStatus: () => api.get<TrialStatus>('/api/trial-status'),
  createPending: (body: RegistrationRequest) =>
    api.post<MaybeCheckoutRedirect>('/api/register/create-pending', body),
  verifyPayment: (sessionId: string) =>
    api.post<VerifyPaymentResponse>('/api/stripe/verify-payment', { sessionId }),
  renewalEligibility: (email: string) =>
    api.post<RenewalEligibility>('/api/auth/renew-membership-form', { email }),
  renewalCheckout: (body: RenewalCheckoutRequest) =>
    api.post<MaybeCheckoutRedirect>('/api/stripe/create-checkout-session', body),
  convertTrial: (membershipType: PaidPlan) =>
    api.post<{ checkoutUrl?: string; sessionId?: string }>('/api/convert-trial-to-subscription', {
      membershipType,
    }),
  cancelSubscription: () =>
    api.post<{ success: boolean; message: string }>('/api/cancel-subscription'),
  localCheckout: (sessionId: string) => api.get<LocalCheckout>(checkoutPath(sessionId)),
  localCheckoutAct: ({ sessionId, act }: { sessionId: string; act: 'pay' | 'cancel' }) =>
    api.post<{ redirectUrl: string }>(`${checkoutPath(sessionId)}/${act}`),
};

/** GET /api/prices: the one price table; every figure on every screen comes from it. */
export function usePrices() {
  return useQuery({ queryKey: paymentKeys.prices(), queryFn: paymentsApi.prices });
}

/** GET /api/trial-status (signed in). */
export function useTrialStatus() {
  return useQuery({ queryKey: paymentKeys.trialStatus(), queryFn: paymentsApi.trialStatus });
}

/**
 * Delays between asks while the payment's webhook event has not arrived ('pending'): the
 * checkout redirects the browser as it sends the event, so the first answer is often early.
 */
export const VERIFY_RETRY_DELAYS_MS = [1000, 2000, 3000, 5000, 8000] as const;

/**
 * POST /api/stripe/verify-payment, asked again with backoff while the answer is 'pending'. One
 * query covers the whole wait, so the screen shows one spinner; an answer still 'pending' after
 * the last try is what the screen shows (the server's message says the payment is processing).
 */
export function useVerifyPayment(sessionId: string | null) {
  return useQuery({
    queryKey: paymentKeys.verify(sessionId ?? ''),
    queryFn: async ({ signal }) => {
      for (let attempt = 0; ; attempt++) {
        const answer = await paymentsApi.verifyPayment(sessionId ?? '');
        const delay = VERIFY_RETRY_DELAYS_MS[attempt];
        if (answer.status !== 'pending' || delay === undefined || signal.aborted) return answer;
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    },
    enabled: Boolean(sessionId),
  });
}

/** POST /api/register/create-pending: a paid registration's checkout. */
export function useCreatePending() {
  return useSingleFlightMutation({ mutationFn: paymentsApi.createPending });
}

/** POST /api/auth/renew-membership-form. */
export function useRenewalEligibility() {
  return useSingleFlightMutation({ mutationFn: paymentsApi.renewalEligibility });
}

/** POST /api/stripe/create-checkout-session (renewals). */
export function useRenewalCheckout() {
  return useSingleFlightMutation({ mutationFn: paymentsApi.renewalCheckout });
}

/** POST /api/convert-trial-to-subscription. */
export function useConvertTrial() {
  return useSingleFlightMutation({ mutationFn: paymentsApi.convertTrial });
}

/** POST /api/cancel-subscription: a request to the admin team. */
export function useCancelSubscription() {
  return useSingleFlightMutation({ mutationFn: paymentsApi.cancelSubscription });
}

/** GET /api/checkout/local/{sessionId}: the local checkout's session. */
export function useLocalCheckout(sessionId: string) {
  return useQuery({
    queryKey: paymentKeys.localCheckout(sessionId),
    queryFn: () => paymentsApi.localCheckout(sessionId),
  });
}

/** POST /api/checkout/local/{sessionId}/pay or /cancel: one press, one request. */
export function useLocalCheckoutAct() {
  return useSingleFlightMutation({ mutationFn: paymentsApi.localCheckoutAct });
}
