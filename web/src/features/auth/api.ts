import { useQueryClient } from '@tanstack/react-query';
import {
  forgotPasscodeRequestSchema,
  isCrewEmail,
  type LoginRequest,
  type LoginResponse,
  type User,
} from '../../../../domain';
import { toast } from '../../components/ui/toast';
import { api } from '../../lib/api-client';
import { useSingleFlightMutation } from '../../lib/use-single-flight-mutation';
import { CREW_DOMAINS } from '../registration';
import { authKeys, type SessionUser } from './session';

// The session query lives in session.ts, apart from the zod schemas below: the landing asks
// for the session at once and must not wait for zod. Re-exported for the tests that import it here.
export { authKeys, type SessionUser, sessionQueryKey, useSession } from './session';

export type ResetPasscodeResponse = { success: true; pin: string; email: string };

export const authApi = {
  me: () => api.get<SessionUser>('/api/auth/me'),
  login: (body: LoginRequest) => api.post<LoginResponse & { user: User }>('/api/auth/login', body),
  forgotPasscode: (email: string) =>
    api.post<{ success: boolean; message?: string }>('/api/auth/forgot-passcode', { email }),
  resetPasscode: (token: string) =>
    api.post<ResetPasscodeResponse>('/api/auth/reset-passcode', { token }),
  setPasscode: (passcode: string) =>
    api.post<{ success: boolean }>('/api/auth/set-passcode', { passcode }),
  logout: () => api.post<{ success: boolean }>('/api/auth/logout'),
};

/** POST /api/auth/login; the signed-in user goes straight into the session cache. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: authApi.login,
    onSuccess: (data) => queryClient.setQueryData(authKeys.session, data.user),
  });
}

/** POST /api/auth/set-passcode (the first PIN of /verify-email). */
export function useSetPasscode() {
  return useSingleFlightMutation({ mutationFn: authApi.setPasscode });
}

/** POST /api/auth/reset-passcode: spends the e-mailed token, once, however often it is pressed. */
export function useResetPasscode() {
  return useSingleFlightMutation({ mutationFn: authApi.resetPasscode });
}

const FORGOT_TOAST = 'forgot-passcode';
const LINK_SENT = 'If an account exists for this address, a link to get a new PIN is on its way.';

/** 'Forgot passcode': the server answers the same whether or not the account exists. */
export function useForgotPasscode({
  onInvalid,
  onSent,
}: {
  onInvalid: (message: string) => void;
  onSent?: () => void;
}) {
  const mutation = useSingleFlightMutation({
    mutationFn: authApi.forgotPasscode,
    onSuccess: (data, email) => {
      onSent?.();
      toast.dismiss(FORGOT_TOAST);
      if (data.message) return void toast.success('PIN Reset Sent', data.message, 10_000);
      // Corporate mail servers hold messages for scanning, so their members are told to wait.
      const hint = isCrewEmail(email, CREW_DOMAINS)
        ? 'Corporate e-mail can take a few minutes to arrive, so please be patient and check your spam folder too.'
        : 'Check your inbox and spam folder.';
      toast.success('PIN Reset Sent', `${LINK_SENT} ${hint}`, 10_000);
    },
    onError: (error) =>
      toast.error('Failed to reset passcode', error.message, undefined, FORGOT_TOAST),
  });

  const request = (typedEmail: string) => {
    const parsed = forgotPasscodeRequestSchema.safeParse({ email: typedEmail });
    if (!parsed.success) return onInvalid(parsed.error.issues[0]!.message);
    mutation.mutate(parsed.data.email);
  };
  return { request, isPending: mutation.isPending };
}
