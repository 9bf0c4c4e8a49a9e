import { useMutation, useMutationState, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CHAT_OVERLOADED_CODE,
  type Message,
  type SendMessageRequest,
  UNAVAILABLE_CODE,
} from '../../../../domain';
import { toast } from '../../components/ui/toast';
import { ApiError, api } from '../../lib/api-client';
import { type SessionUser, sessionQueryKey } from '../auth';
import { addMessage, connectedRealtimeClient, RequestError } from '../realtime';
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

/** A message on its way: its text and its own id, kept across every attempt to send it. */
export type OutgoingMessage = { waveId: number; content: string; clientId: string };

/** A new message's id, made in the browser: the server stores a resend of it only once. */
export const newClientId = (): string => crypto.randomUUID();

/** Resends after an 'overloaded' refusal: at most this many, backing off from this much. */
export const SEND_RETRIES = 5;
export const SEND_RETRY_BASE_MS = 250;
const SEND_RETRY_MAX_MS = 4_000;

/**
 * The server refused only because it is busy or its database is briefly out of reach (socket
 * `error` code, or HTTP 503 with that code / `error: 'unavailable'`): nothing was stored.
 */
function isRetryable(error: unknown): boolean {
  if (error instanceof RequestError)
    return error.code === CHAT_OVERLOADED_CODE || error.code === UNAVAILABLE_CODE;
  return (
    error instanceof ApiError &&
    (error.body.code === CHAT_OVERLOADED_CODE ||
      (error.status === 503 && error.body.error === UNAVAILABLE_CODE))
  );
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends one message with its clientId (made here if not given): over the real-time channel
 * when it is connected (`new_message`, settled by `message_ack` or `error`), else by POST
 * /api/messages. Busy refusals are resent with the same clientId after a growing, jittered
 * pause; a resend of a message the server already stored is answered with that message, so
 * retrying never makes a duplicate. Returns the stored message and the clientId it went with.
 */
export async function sendMessage(
  input: Omit<OutgoingMessage, 'clientId'> & { clientId?: string },
  random: () => number = Math.random,
): Promise<{ clientId: string; message: Message }> {
  const clientId = input.clientId ?? newClientId();
  const body = { waveId: input.waveId, content: input.content, clientId };
  for (let attempt = 0; ; attempt++) {
    try {
      const realtime = connectedRealtimeClient();
      const message = realtime
        ? await realtime.request<Message>({ type: 'new_message', ...body })
        : await api.post<Message>('/api/messages', body satisfies SendMessageRequest);
      return { clientId, message };
    } catch (error) {
      if (!isRetryable(error) || attempt >= SEND_RETRIES) throw error;
      const step = Math.min(SEND_RETRY_MAX_MS, SEND_RETRY_BASE_MS * 2 ** attempt);
      await pause(step / 2 + (random() * step) / 2);
    }
  }
}

/**
 * Sends a message (see `sendMessage`). The message shows at once from the mutation's own state
 * (see `usePendingMessages`), so a push or poll landing meanwhile cannot drop it; a failure
 * removes it again and says 'Failed to send message' with the server's reason.
 */
export function useSendMessage(waveId: number) {
  const client = useQueryClient();
  // Not single-flight on purpose: each press sends its own text, and several may be on their
  // way at once (the pending list above is built from exactly those).
  return useMutation({
    mutationKey: sendKey(waveId),
    // Runs offline too (TanStack would pause it): offline, sendOrQueue keeps it in the queue
    // (outbox.ts) with the same clientId, and it is sent when the connection returns.
    networkMode: 'always',
    mutationFn: (outgoing: { content: string; clientId: string }) =>
      sendOrQueue(
        client.getQueryData<SessionUser | null>(sessionQueryKey)?.id,
        waveId,
        outgoing.content,
        async () => (await sendMessage({ waveId, ...outgoing })).message,
        outgoing.clientId,
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

export type PendingMessage = { content: string; clientId: string; submittedAt: number };

/** Messages on their way to the server, oldest first: the optimistic part of the thread. */
export function usePendingMessages(waveId: number): PendingMessage[] {
  return useMutationState({
    filters: { mutationKey: sendKey(waveId), status: 'pending' },
    select: (mutation) => {
      const outgoing = mutation.state.variables as
        | { content: string; clientId: string }
        | undefined;
      return {
        content: outgoing?.content ?? '',
        clientId: outgoing?.clientId ?? '',
        submittedAt: mutation.state.submittedAt,
      };
    },
  });
}
