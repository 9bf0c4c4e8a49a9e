import type { RegistrationRequest, RegistrationResponse } from '../../../../domain';
import { api } from '../../lib/api-client';

export const registrationApi = {
  checkEmail: (email: string) =>
    api.get<{ exists: boolean }>(`/api/check-email?email=${encodeURIComponent(email)}`),
  initiate: (body: RegistrationRequest) =>
    api.post<RegistrationResponse>('/api/register/initiate', body),
};
