import { useSyncExternalStore } from 'react';

/**
 * Every polling interval of the app lives here (spec §9, and the design's "Push, don't poll").
 * Polling is only the fallback for a real-time channel that is down: while the socket is up,
 * `setRealtimeConnected(true)` switches all of it off (each hook gets `false`) and the
 * socket's pushes refresh the caches instead (features/realtime/cache-sync.ts). When the
 * socket drops, `setRealtimeConnected(false)` turns this slow polling back on. The spec's 3-5 s
 * rates are not used: they would cost a request per screen every few seconds for every member.
 */
export const POLL_MS = {
  /** GET /api/waves on the Messages screen and in the navigation (spec: 3 s). */
  wavesOnMessages: 30_000,
  /** GET /api/waves on Home and elsewhere (spec: 5 s). */
  waves: 30_000,
  /** GET /api/messages/{waveId} while a chat is open (spec: 5 s). */
  messages: 30_000,
  /** Flight lists, flight detail, My Flights, flight and user stats (spec: 30 s; features/flights). */
  flights: 30_000,
  /** GET /api/admin/pending-count, the admin's purple badge on Home (spec: 5 s). */
  adminPending: 30_000,
} as const;
export type PollKind = keyof typeof POLL_MS;

/** Messages are considered fresh for 2 s. */
export const MESSAGES_STALE_MS = 2_000;
/** Mark-read: up to 3 tries, 1 s apart; the open chat marks read at most every 5 s. */
export const MARK_READ_TRIES = 3;
export const MARK_READ_RETRY_MS = 1_000;
export const CHAT_MARK_READ_DEBOUNCE_MS = 5_000;
/** The wave result notice stays 3 s. */
export const WAVE_NOTICE_MS = 3_000;

let realtimeConnected = false;
const listeners = new Set<() => void>();

/** Called by the real-time client: true while the socket is authenticated. */
export function setRealtimeConnected(connected: boolean): void {
  if (realtimeConnected === connected) return;
  realtimeConnected = connected;
  for (const listener of listeners) listener();
}

export function isRealtimeConnected(): boolean {
  return realtimeConnected;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the real-time channel is up (the chat's Live/Offline indicator). */
export function useRealtimeConnected(): boolean {
  return useSyncExternalStore(subscribe, isRealtimeConnected, isRealtimeConnected);
}

/**
 * The refetchInterval for a query of this kind: the interval while the socket is down, `false`
 * while it is up. Flight screens use `usePollInterval('flights')`: their caches refresh on the
 * server's `invalidate` pushes.
 */
export function usePollInterval(kind: PollKind): number | false {
  return useRealtimeConnected() ? false : POLL_MS[kind];
}
