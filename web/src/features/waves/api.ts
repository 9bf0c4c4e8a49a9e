import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  SendWaveRequest,
  Wave,
  WaveStatusUpdateRequest,
  WaveWithParties,
} from '../../../../domain';
import { toast } from '../../components/ui/toast';
import { ApiError, api } from '../../lib/api-client';
import { useSingleFlightMutation } from '../../lib/use-single-flight-mutation';
import { MARK_READ_RETRY_MS, MARK_READ_TRIES, type PollKind, usePollInterval } from './polling';
import { respondOverSocket } from './socket';

/** Cache keys of waves and chats. The real-time work refreshes these on socket pushes. */
export const waveKeys = {
  all: ['waves'] as const,
  list: ['waves', 'list'] as const,
};
/**
 * The flight screens' cache (features/flights/api.ts `flightKeys.all`): crew cards carry wave
 * states. Named here rather than imported, so waves and flights do not import each other.
 */
const flightsKey = ['flights'] as const;
export const messageKeys = {
  all: ['messages'] as const,
  thread: (waveId: number) => ['messages', waveId] as const,
  /** The mutation key of sends to one chat: its pending messages are read from it. */
  send: (waveId: number) => ['messages', 'send', waveId] as const,
};

export const wavesApi = {
  list: () => api.get<WaveWithParties[]>('/api/waves'),
  send: (body: SendWaveRequest) => api.post<Wave>('/api/waves', body),
  respond: (waveId: number, status: WaveStatusUpdateRequest['status']) =>
    api.put<Wave>(`/api/waves/${waveId}/status`, { status }),
  markRead: (waveId: number) =>
    api.put<{ success: boolean; updated?: number }>(`/api/waves/${waveId}/read`),
  markAllRead: () => api.post<{ success: boolean; updated?: number }>('/api/waves/read-all'),
  remove: (waveId: number) => api.delete<null>(`/api/waves/${waveId}`),
};

/** GET /api/waves as the hooks and the boot's data preload (pages' `preloadData`) ask for it. */
export const waveListQuery = () =>
  queryOptions({ queryKey: waveKeys.list, queryFn: wavesApi.list });

/**
 * GET /api/waves, polled at the rate of the screen it is on (polling.ts). Several screens share
 * the one cache entry; each observer keeps its own interval.
 */
export function useWaves(poll: Extract<PollKind, 'waves' | 'wavesOnMessages'> = 'waves') {
  const refetchInterval = usePollInterval(poll);
  return useQuery({ ...waveListQuery(), refetchInterval });
}

/** Mark-read calls: up to 3 tries 1 s apart; a refusal (4xx) is not tried again. */
const retryMarkRead = (failures: number, error: Error) =>
  failures < MARK_READ_TRIES - 1 &&
  !(error instanceof ApiError && error.status >= 400 && error.status < 500);

function useRefreshWaves() {
  const client = useQueryClient();
  return (alsoFlights = false) => {
    void client.invalidateQueries({ queryKey: waveKeys.all });
    if (alsoFlights) void client.invalidateQueries({ queryKey: flightsKey });
  };
}

/** POST /api/waves; failures say 'Failed to send wave' with the server's reason. */
export function useSendWave() {
  const refresh = useRefreshWaves();
  return useSingleFlightMutation({
    mutationFn: wavesApi.send,
    onSuccess: () => refresh(true),
    onError: (error) => toast.error('Failed to send wave', error.message),
  });
}

/**
 * The receiver accepts or declines: the spec's `wave_update` frame while the real-time channel is
 * connected (as chat sends `new_message`), else PUT /api/waves/{id}/status. Both run the same
 * server function and answer the wave.
 */
export function useRespondToWave() {
  const refresh = useRefreshWaves();
  return useSingleFlightMutation({
    mutationFn: ({ waveId, status }: { waveId: number; status: 'accepted' | 'rejected' }) =>
      respondOverSocket(waveId, status) ?? wavesApi.respond(waveId, status),
    flightKey: ({ waveId }) => waveId,
    onSuccess: () => refresh(true),
    onError: (error) => toast.error('Failed to respond to wave', error.message),
  });
}

/** PUT /api/waves/{id}/read: quiet, as the chat does it on its own. */
export function useMarkWaveRead() {
  const refresh = useRefreshWaves();
  return useSingleFlightMutation({
    mutationFn: wavesApi.markRead,
    flightKey: (waveId) => waveId,
    retry: retryMarkRead,
    retryDelay: MARK_READ_RETRY_MS,
    onSuccess: () => refresh(),
  });
}

/** POST /api/waves/read-all. */
export function useMarkAllRead() {
  const refresh = useRefreshWaves();
  return useSingleFlightMutation({
    mutationFn: wavesApi.markAllRead,
    retry: retryMarkRead,
    retryDelay: MARK_READ_RETRY_MS,
    onSuccess: () => refresh(),
    onError: () => toast.error('Failed to mark all messages as read. Please try again.'),
  });
}

/** DELETE /api/waves/{id} (204): the wave and its messages. Callers word the toasts. */
export function useDeleteWave() {
  const client = useQueryClient();
  const refresh = useRefreshWaves();
  return useSingleFlightMutation({
    mutationFn: (waveId: number) => wavesApi.remove(waveId),
    flightKey: (waveId) => waveId,
    onSuccess: (_, waveId) => {
      client.setQueryData<WaveWithParties[]>(waveKeys.list, (list) =>
        list?.filter((w) => w.id !== waveId),
      );
      client.removeQueries({ queryKey: messageKeys.thread(waveId) });
      refresh(true);
    },
  });
}
