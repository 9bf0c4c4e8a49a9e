import { useQuery } from '@tanstack/react-query';
import type { RegistrationRequest, RegistrationResponse } from '../../../../domain';
import { api } from '../../lib/api-client';
import { useSingleFlightMutation } from '../../lib/use-single-flight-mutation';

/** Cache keys of the registration screens. */
export const registrationKeys = {
  all: ['check-email'] as const,
  checkEmail: (email: string) => ['check-email', email] as const,
};

export const registrationApi = {
  checkEmail: (email: string) =>
    api.get<{ exists: boolean }>(`/api/check-email?email=${encodeURIComponent(email)}`),
  initiate: (body: RegistrationRequest) =>
    api.post<RegistrationResponse>('/api/register/initiate', body),
};

/** GET /api/check-email for a settled address ('' asks nothing). */
export function useEmailCheck(email: string, enabled: boolean) {
  return useQuery({
    queryKey: registrationKeys.checkEmail(email),
    queryFn: () => registrationApi.checkEmail(email),
    enabled: email !== '' && enabled,
    staleTime: 30_000,
  });
}

/** POST /api/register/initiate. */
export function useRegister() {
  return useSingleFlightMutation({ mutationFn: registrationApi.initiate });
}
