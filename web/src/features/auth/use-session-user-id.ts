import type { QueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { type SessionUser, sessionQueryKey } from './session';

/**
 * The signed-in user's id, read from the session cache without fetching it: whoever shows a
 * member screen loads the session; sign-in and sign-out write it. Cache events can fire while
 * another component renders, so the update is deferred to a microtask.
 */
export function useSessionUserId(client: QueryClient): number | null {
  const subscribe = useCallback(
    (onChange: () => void) =>
      client.getQueryCache().subscribe((event) => {
        if (event.query.queryKey[0] === sessionQueryKey[0]) queueMicrotask(onChange);
      }),
    [client],
  );
  const read = () => client.getQueryData<SessionUser | null>(sessionQueryKey)?.id ?? null;
  return useSyncExternalStore(subscribe, read, read);
}
