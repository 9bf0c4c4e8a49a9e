import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BatchFlightsRequest,
  BatchFlightsResponse,
  CreateFlightInput,
  CreateFlightResponse,
  CrewEntry,
  DateFilterMode,
  FlightDetail,
  FlightListItem,
  FlightStats,
  LeaveFlightsResponse,
  UserFlight,
} from '../../../../domain';
import { api } from '../../lib/api-client';
import { useSingleFlightMutation } from '../../lib/use-single-flight-mutation';
import { usePollInterval } from '../waves';

/** Cache keys of the flight screens. '/api/user-flights' is the spec's name for My Flights. */
export const flightKeys = {
  all: ['flights'] as const,
  list: ['flights', 'list'] as const,
  search: (params: SearchParams) => ['flights', 'search', params] as const,
  detail: (id: number) => ['flights', 'detail', id] as const,
  stats: ['flights', 'stats'] as const,
  mine: ['flights', 'user-flights'] as const,
  /** The header's online counters: the users API, shown on the flight screens. */
  userStats: ['users', 'stats'] as const,
};

/**
 * The reads of the flight screens, as the screens' hooks and the boot's data preload (pages'
 * `preloadData`) both ask for them: one key and one fetch per read.
 */
export const flightQueries = {
  list: () =>
    queryOptions({
      queryKey: flightKeys.list,
      queryFn: () => api.get<FlightListItem[]>('/api/flights'),
    }),
  stats: () =>
    queryOptions({
      queryKey: flightKeys.stats,
      queryFn: () => api.get<FlightStats>('/api/flights/stats'),
    }),
  userStats: () =>
    queryOptions({
      queryKey: flightKeys.userStats,
      queryFn: () =>
        api.get<{ onlineUsers: number; acceptedConnections: number }>('/api/users/stats'),
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: flightKeys.detail(id),
      queryFn: () => api.get<FlightDetail>(`/api/flights/${id}`),
    }),
};

/** A flight id as a route may carry it: a positive integer. */
export const isFlightId = (id: number) => Number.isInteger(id) && id > 0;

/**
 * GET /api/flights: two retries 1 s apart. No polling while the real-time channel is up (the
 * server's `invalidate` pushes refresh it); every 30 s while it is down (polling.ts).
 */
export function useFlights(enabled = true) {
  const refetchInterval = usePollInterval('flights');
  return useQuery({
    ...flightQueries.list(),
    refetchInterval,
    retry: 2,
    retryDelay: 1000,
    enabled,
  });
}

export type SearchParams = { query?: string; date?: string; dateFilterMode?: DateFilterMode };

/** POST /api/flights/search: fresh for 2 minutes, three retries with capped backoff. */
export function useFlightSearch(params: SearchParams, enabled: boolean) {
  return useQuery({
    queryKey: flightKeys.search(params),
    queryFn: () => api.post<FlightListItem[]>('/api/flights/search', params),
    staleTime: 2 * 60_000,
    retry: 3,
    retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
    enabled,
  });
}

export function useFlightStats() {
  const refetchInterval = usePollInterval('flights');
  return useQuery({ ...flightQueries.stats(), refetchInterval });
}

/** GET /api/users/stats (online users, connections): arrives with the users issue. */
export function useUserStats() {
  const refetchInterval = usePollInterval('flights');
  return useQuery({ ...flightQueries.userStats(), refetchInterval });
}

export function useFlightDetail(id: number) {
  const refetchInterval = usePollInterval('flights');
  return useQuery({
    ...flightQueries.detail(id),
    enabled: isFlightId(id),
    refetchInterval,
  });
}

export function useUserFlights() {
  const refetchInterval = usePollInterval('flights');
  return useQuery({
    queryKey: flightKeys.mine,
    queryFn: () => api.get<UserFlight[]>('/api/user/flights'),
    refetchInterval,
  });
}

export const flightApi = {
  add: (body: CreateFlightInput) => api.post<CreateFlightResponse>('/api/flights', body),
  batch: (body: BatchFlightsRequest) => api.post<BatchFlightsResponse>('/api/flights/batch', body),
  remove: (id: number) => api.delete<{ success: boolean }>(`/api/flights/${id}`),
  join: (body: { flightId: number; role?: string; tags?: string[]; note?: string | null }) =>
    api.post<CrewEntry>('/api/flight-crew', body),
  updateEntry: (id: number, body: { tags?: string[]; note?: string | null }) =>
    api.patch<CrewEntry>(`/api/flight-crew/${id}`, body),
  leave: (entryId: number) => api.delete<{ success: boolean }>(`/api/flight-crew/${entryId}`),
  leaveMany: (flightIds: number[]) =>
    api.post<LeaveFlightsResponse>('/api/flight-crew/leave', { flightIds }),
};

/**
 * After a join, add, delete or removal: every flight list is refreshed, and an open detail
 * view is refetched 100 ms later (the spec's timing).
 */
export function refreshFlights(client: QueryClient, detailId?: number) {
  void client.invalidateQueries({ queryKey: flightKeys.all });
  if (detailId !== undefined) {
    setTimeout(() => void client.invalidateQueries({ queryKey: flightKeys.detail(detailId) }), 100);
  }
}

/** POST /api/flights (Add Flight): a double tap adds the flight once. */
export function useAddFlight() {
  const client = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: flightApi.add,
    onSuccess: () => refreshFlights(client),
  });
}

/** POST /api/flights/batch (the roster upload). */
export function useAddFlightsBatch() {
  const client = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: flightApi.batch,
    onSuccess: () => refreshFlights(client),
  });
}

/**
 * DELETE /api/flights/{id}. A refusal (e.g. someone joined meanwhile) refreshes the screens
 * too, so they offer 'Leave flight' instead.
 */
export function useDeleteFlight() {
  const client = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (id: number) => flightApi.remove(id),
    onSuccess: () => refreshFlights(client),
    onError: (_error, id) => refreshFlights(client, id),
  });
}

/** DELETE /api/flight-crew/{id}: leaving a flight, or an admin removing someone from it. */
export function useLeaveFlight() {
  const client = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: ({ entryId }: { entryId: number; flightId?: number }) => flightApi.leave(entryId),
    onSuccess: (_result, { flightId }) => refreshFlights(client, flightId),
  });
}

/** POST /api/flight-crew/leave: a re-imported roster's 'no longer on your roster' flights. */
export function useLeaveFlights() {
  const client = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (flightIds: number[]) => flightApi.leaveMany(flightIds),
    onSuccess: () => refreshFlights(client),
  });
}

export type CrewEntryInput = { role?: string; tags: string[]; note: string };

/** POST /api/flight-crew (Join Flight). Someone already on it just sees the refreshed list. */
export function useJoinFlight(flightId: number) {
  const client = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (values: CrewEntryInput) =>
      flightApi.join({ flightId, ...values, note: values.note || null }),
    onSuccess: () => refreshFlights(client, flightId),
    onError: (error) => {
      if (error.message.includes('already on this flight')) refreshFlights(client, flightId);
    },
  });
}

/** PATCH /api/flight-crew/{id}: the member's own tags and note. */
export function useUpdateCrewEntry(flightId: number) {
  const client = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: ({ entryId, values }: { entryId: number; values: CrewEntryInput }) =>
      flightApi.updateEntry(entryId, { tags: values.tags, note: values.note || null }),
    onSuccess: () => refreshFlights(client, flightId),
  });
}
