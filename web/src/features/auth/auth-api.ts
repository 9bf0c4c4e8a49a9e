import type { LoginRequest, LoginResponse, User } from '../../../../domain';
import { api } from '../../lib/api-client';

export type ResetPasscodeResponse = { success: true; pin: string; email: string };

export const authApi = {
  login: (body: LoginRequest) => api.post<LoginResponse & { user: User }>('/api/auth/login', body),
  forgotPasscode: (email: string) =>
    api.post<{ success: boolean; message?: string }>('/api/auth/forgot-passcode', { email }),
  resetPasscode: (token: string) =>
    api.post<ResetPasscodeResponse>('/api/auth/reset-passcode', { token }),
  setPasscode: (passcode: string) =>
    api.post<{ success: boolean }>('/api/auth/set-passcode', { passcode }),
  logout: () => api.post<{ success: boolean }>('/api/auth/logout'),
};
