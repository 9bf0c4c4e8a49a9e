import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  forgotPasscodeRequestSchema,
  isCrewEmail,
  type LoginRequest,
  type LoginResponse,
  SIGNED_IN_HINT_COOKIE,
  type User,
} from '../../../../domain';
import { toast } from '../../components/ui/toast';
import { ApiError, api } from '../../lib/api-client';
import { useSingleFlightMutation } from '../../lib/use-single-flight-mutation';
import { CREW_DOMAINS } from '../registration';

export type ResetPasscodeResponse = { success: true; pin: string; email: string };

/** The signed-in user as the server presents it to its owner. */
export type SessionUser = {
  id: number;
  email: string;
  name: string | null;
  nickname: string | null;
  isAdmin: boolean;
  isDemoUser: boolean;
  role: string | null;
  disclaimerAcceptedAt: string | null;
  profileSetupDoneAt: string | null;
  [key: string]: unknown;
};

/** Cache keys of the auth feature. Sign-out clears everything but these. */
export const authKeys = {
  all: ['auth'] as const,
  session: ['auth', 'me'] as const,
};
/** The session's key, by the name the real-time connection and sign-out know it. */
export const sessionQueryKey = authKeys.session;

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

/**
 * GET /api/auth/me: the user, or null on 401; cached 30 minutes as the spec says. It is never
 * polled: the spec's 5-10 s keep-alive is unnecessary because sessions slide on the server with
 * every request, and a session that ends (sign-out elsewhere, deletion) closes the real-time
 * socket with 4401, upon which the real-time connection refetches this query.
 */
export function useSession() {
  return useQuery({
    queryKey: authKeys.session,
    queryFn: async () => {
      // No hint, no session: a visitor's first page asks nothing and logs no 401.
      if (!hasSignedInHint()) return null;
      try {
        return await authApi.me();
      } catch (error) {
        if (error instanceof ApiError && (error.status === 401 || error.status === 404)) {
          clearSignedInHint();
          return null;
        }
        throw error;
      }
    },
    staleTime: 30 * 60 * 1000,
  });
}

const hintPattern = new RegExp(`(?:^|;\\s*)${SIGNED_IN_HINT_COOKIE}=`);
function hasSignedInHint() {
  return typeof document === 'undefined' || hintPattern.test(document.cookie);
}
/** The session ended elsewhere (sign-out on another device, expiry): stop asking. */
function clearSignedInHint() {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox
  document.cookie = `${SIGNED_IN_HINT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
}

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
