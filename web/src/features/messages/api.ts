import { useMutation, useMutationState, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Message, SendMessageRequest } from '../../../../domain';
import { toast } from '../../components/ui/toast';
import { api } from '../../lib/api-client';
import { messageKeys, waveKeys } from '../waves/api';
import { MESSAGES_STALE_MS, usePollInterval } from '../waves/polling';

const sendKey = (waveId: number) => ['messages', 'send', waveId] as const;

/** GET /api/messages/{waveId}: oldest first, polled while the chat is open (polling.ts). */
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
 * POST /api/messages (the path used while the real-time channel is down). The message shows at
 * once from the mutation's own state (see `usePendingMessages`), so a poll landing meanwhile
 * cannot drop it; a failure removes it again and says 'Failed to send message'.
 */
export function useSendMessage(waveId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: sendKey(waveId),
    mutationFn: (content: string) =>
      api.post<Message>('/api/messages', { waveId, content } satisfies SendMessageRequest),
    onSuccess: (message) => {
      client.setQueryData<Message[]>(messageKeys.thread(waveId), (list = []) =>
        list.some((m) => m.id === message.id) ? list : [...list, message],
      );
    },
    onError: (error) => toast.error('Failed to send message', error.message),
    onSettled: () => {
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
