import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../components/ui/toast';
import { api } from '../../lib/api-client';
import { sessionQueryKey } from '../auth';
import { sendOnlineStatus } from './api';
import { markSignedOut } from './use-presence';

export const IDLE_LOGOUT_TITLE = 'Logged Out';
export const IDLE_LOGOUT_MESSAGE = 'You have been logged out due to inactivity';

/**
 * Forgets everything cached for the signed-in member and goes to the landing page. Used after
 * the server has ended the session (log out, sign out everywhere, account deleted).
 */
export function useLeaveSession() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    markSignedOut();
    navigate('/', { replace: true });
    queryClient.clear();
    queryClient.setQueryData(sessionQueryKey, null);
  }, [navigate, queryClient]);
}

/**
 * Log out: online status false first (while the session still exists), then the session is
 * ended on the server, then the cache is cleared. `reason: 'idle'` is the inactivity logout.
 */
export function useSignOut() {
  const leave = useLeaveSession();
  return useCallback(
    async (reason: 'user' | 'idle' = 'user') => {
      await sendOnlineStatus(false);
      try {
        await api.post('/api/auth/logout');
      } catch {
        if (reason === 'user') {
          toast.error('Request Failed', 'Failed to log out');
          return false;
        }
      }
      leave();
      if (reason === 'idle') toast.info(IDLE_LOGOUT_TITLE, IDLE_LOGOUT_MESSAGE, 10_000);
      else toast.success('Logged Out', 'You have been signed out.');
      return true;
    },
    [leave],
  );
}
