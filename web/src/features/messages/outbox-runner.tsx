import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSessionUserId } from '../auth';
import { onRealtimeResumed } from '../realtime';
import { useRealtimeConnected } from '../waves';
import { flushOutbox, loadOutbox } from './outbox';
import { syncSince } from './sync';

/**
 * Mounted once beside the socket, for the signed-in member: fetches what the socket missed when
 * it comes back (GET /api/sync), and sends the offline queue — on sign-in (a tab opened again),
 * when the browser is back online and whenever the socket connects.
 */
export function MessagesBackground() {
  const client = useQueryClient();
  const userId = useSessionUserId(client);
  const connected = useRealtimeConnected();

  useEffect(() => onRealtimeResumed((since) => void syncSince(client, since)), [client]);

  useEffect(() => {
    if (userId === null) return;
    const flush = () => {
      if (navigator.onLine) void flushOutbox(client, userId);
    };
    void loadOutbox(userId).then(flush);
    window.addEventListener('online', flush);
    return () => window.removeEventListener('online', flush);
  }, [client, userId]);

  useEffect(() => {
    if (connected && userId !== null) void flushOutbox(client, userId);
  }, [client, userId, connected]);

  return null;
}
