import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useSingleFlightMutation } from '../../lib/use-single-flight-mutation';
import { authKeys, type SessionUser } from './session';

/**
 * The disclaimer is accepted once per member and kept on the server (`disclaimerAcceptedAt`),
 * so neither a reload nor another device gets around it.
 */
export function disclaimerAccepted(
  user: { disclaimerAcceptedAt?: unknown } | null | undefined,
): boolean {
  return Boolean(user?.disclaimerAcceptedAt);
}

/** POST /api/users/accept-disclaimer; the answer (the owner user) replaces the session's user. */
export function useAcceptDisclaimer() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: () => api.post<SessionUser>('/api/users/accept-disclaimer'),
    onSuccess: (user) => queryClient.setQueryData(authKeys.session, user),
  });
}
