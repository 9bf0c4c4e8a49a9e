import { queryOptions, useQuery } from '@tanstack/react-query';
import { SIGNED_IN_HINT_COOKIE } from '../../../../domain';
import { ApiError, api } from '../../lib/api-client';

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

/**
 * GET /api/auth/me: the user, or null on 401; cached 30 minutes as the spec says. It is never
 * polled: the spec's 5-10 s keep-alive is unnecessary because sessions slide on the server with
 * every request, and a session that ends (sign-out elsewhere, deletion) closes the real-time
 * socket with 4401, upon which the real-time connection refetches this query.
 */
export const sessionQuery = queryOptions({
  queryKey: authKeys.session,
  queryFn: async (): Promise<SessionUser | null> => {
    // No hint, no session: a visitor's first page asks nothing and logs no 401.
    if (!hasSignedInHint()) return null;
    try {
      return await api.get<SessionUser>('/api/auth/me');
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

export function useSession() {
  return useQuery(sessionQuery);
}

const hintPattern = new RegExp(`(?:^|;\\s*)${SIGNED_IN_HINT_COOKIE}=`);
/** Whether this browser has signed in and not been told the session ended (a cookie we can read). */
export function hasSignedInHint() {
  return typeof document === 'undefined' || hintPattern.test(document.cookie);
}
/** The session ended elsewhere (sign-out on another device, expiry): stop asking. */
function clearSignedInHint() {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox
  document.cookie = `${SIGNED_IN_HINT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
}
