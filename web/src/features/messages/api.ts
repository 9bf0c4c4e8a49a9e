import { useMutation, useMutationState, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Message, SendMessageRequest } from '../../../../domain';
import { toast } from '../../components/ui/toast';
import { api } from '../../lib/api-client';
import { type SessionUser, sessionQueryKey } from '../auth';
import { addMessage, connectedRealtimeClient } from '../realtime';
import {
  isRealtimeConnected,
  MESSAGES_STALE_MS,
  messageKeys,
  usePollInterval,
  waveKeys,
} from '../waves';
import { sendOrQueue } from './outbox';

const sendKey = messageKeys.send;

/**
 * GET /api/messages/{waveId}: oldest first. While the socket is up, `message` pushes append to
 * it; while it is down, it is polled slowly while the chat is open (polling.ts).
 */
export function useMessages(waveId: number, enabled = true) {
  const refetchInterval = usePollInterval('messages');
  return useQuery({
    queryKey: messageKeys.thread(waveId),
    queryFn: () => api.get<Message[]>(`/api/messages/${waveId}`),
    enabled,
    refetchInterval,
    staleTime: MESSAGES_STALE_MS,
  });
}

/**
 * Sends a message: over the real-time channel when it is connected (`new_message` with a
 * clientId, settled by the server's `message_ack` or `error`), else by POST /api/messages. The
 * message shows at once from the mutation's own state (see `usePendingMessages`), so a push or
 * poll landing meanwhile cannot drop it; a failure removes it again and says 'Failed to send
 * message' with the server's reason.
 */
export function useSendMessage(waveId: number) {
  const client = useQueryClient();
  // Not single-flight on purpose: each press sends its own text, and several may be on their
  // way at once (the pending list above is built from exactly those).
  return useMutation({
    mutationKey: sendKey(waveId),
    // Runs offline too (TanStack would pause it): offline, sendOrQueue keeps it in the queue.
    networkMode: 'always',
    mutationFn: (content: string) =>
      // Offline: kept in the queue (outbox.ts) and sent when the connection returns.
      sendOrQueue(
        client.getQueryData<SessionUser | null>(sessionQueryKey)?.id,
        waveId,
        content,
        () => {
          const realtime = connectedRealtimeClient();
          if (realtime) return realtime.request<Message>({ type: 'new_message', waveId, content });
          return api.post<Message>('/api/messages', {
            waveId,
            content,
          } satisfies SendMessageRequest);
        },
      ),
    onSuccess: (message) => {
      if (message) addMessage(client, message);
    },
    onError: (error) => toast.error('Failed to send message', error.message),
    onSettled: (message, error) => {
      // Queued: nothing reached the server yet.
      if (message === null) return;
      // Over the socket, the `message` push already refreshed the wave list; after a POST or a
      // failure the thread and the list are fetched again.
      if (!error && isRealtimeConnected()) return;
      void client.invalidateQueries({ queryKey: messageKeys.thread(waveId) });
      void client.invalidateQueries({ queryKey: waveKeys.all });
    },
  });
}

export type PendingMessage = { content: string; submittedAt: number };

/** Messages on their way to the server, oldest first: the optimistic part of the thread. */
export function usePendingMessages(waveId: number): PendingMessage[] {
  return useMutationState({
    filters: { mutationKey: sendKey(waveId), status: 'pending' },
    select: (mutation) => ({
      content: String(mutation.state.variables ?? ''),
      submittedAt: mutation.state.submittedAt,
    }),
  });
}
