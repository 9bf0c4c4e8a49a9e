import { type QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { Toaster } from '../components/ui/toast';
import { type SessionUser, sessionQueryKey } from '../features/auth';
import { OfflineBanner } from '../features/install';
// The chat's background work (the offline send queue, catching up after a gap), lazy like the
// socket: loaded on its own, without the chat dialog.
import { LazyMessagesBackground } from '../features/messages';
import { useAfterFirstPaint } from '../lib/after-first-paint';

// The real-time client (socket, cache sync, frame reader) is of use only with a session: a
// visitor on the landing never downloads or parses it (issue 19's first-load budget).
const RealtimeConnection = lazy(async () => ({
  default: (await import('../features/realtime')).RealtimeConnection,
}));

const hasSessionUser = (client: QueryClient) =>
  client.getQueryData<SessionUser | null>(sessionQueryKey)?.id != null;

/**
 * True from the first moment the session cache holds a user, and from then on: the connection,
 * once loaded, follows the session itself (it stops on sign-out and starts on the next sign-in).
 */
function useEverSignedIn(): boolean {
  const client = useQueryClient();
  const [signedIn, setSignedIn] = useState(() => hasSessionUser(client));
  useEffect(() => {
    if (signedIn) return;
    if (hasSessionUser(client)) {
      setSignedIn(true);
      return;
    }
    return client.getQueryCache().subscribe((event) => {
      if (event.query.queryKey[0] === sessionQueryKey[0] && hasSessionUser(client)) {
        // Cache events can fire while another component renders: update after it.
        queueMicrotask(() => setSignedIn(true));
      }
    });
  }, [client, signedIn]);
  return signedIn;
}

/** The socket and the chat's background work, loaded and started once a member has signed in. */
function SignedInBackground() {
  const signedIn = useEverSignedIn();
  const painted = useAfterFirstPaint();
  if (!signedIn || !painted) return null;
  return (
    <Suspense fallback={null}>
      <RealtimeConnection />
      <LazyMessagesBackground />
    </Suspense>
  );
}

/** The query cache, the tab's real-time channel (while signed in), the offline notice and the toasts. */
export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <SignedInBackground />
      <OfflineBanner />
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
