import { useQuery } from '@tanstack/react-query';
import type {
  RegistrationRequest,
  RegistrationResponse,
  VerifyEmailResponse,
} from '../../../../domain';
import { api } from '../../lib/api-client';
import { useSingleFlightMutation } from '../../lib/use-single-flight-mutation';

/** Cache keys of the registration screens. */
export const registrationKeys = {
  all: ['verify-email'] as const,
  verifyEmail: (email: string) => ['verify-email', email] as const,
};

export const registrationApi = {
  /**
   * The spec's existence/eligibility check (accounts spec §7): whether the address has an
   * account and whether that account may renew. It shares check-email's per-address budget.
   */
  verifyEmail: (email: string) =>
    api.post<VerifyEmailResponse>('/api/auth/verify-email', { email }),
  initiate: (body: RegistrationRequest) =>
    api.post<RegistrationResponse>('/api/register/initiate', body),
};

/** POST /api/auth/verify-email for a settled address ('' asks nothing). */
export function useEmailCheck(email: string, enabled: boolean) {
  return useQuery({
    queryKey: registrationKeys.verifyEmail(email),
    queryFn: () => registrationApi.verifyEmail(email),
    enabled: email !== '' && enabled,
    staleTime: 30_000,
  });
}

/** POST /api/register/initiate. */
export function useRegister() {
  return useSingleFlightMutation({ mutationFn: registrationApi.initiate });
}
