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
/**
 * True from the app's load until the socket's first try has ended (connected, failed or given
 * up) or a poll interval has passed: polling waits for it. The first poll would come a whole
 * interval after the screen opened anyway, and the socket is normally up long before; setting
 * every query's interval as the first screen mounts, then clearing each and re-rendering every
 * polling component as the socket came up a moment later, lengthened the load's longest tasks.
 */
let firstTry = true;
let firstTryTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function changed() {
  for (const listener of listeners) listener();
}

/** The first try is over (whatever ended it): polling waits no longer. */
function endFirstTry() {
  firstTry = false;
  clearTimeout(firstTryTimer);
}

/** Called by the real-time client: true while the socket is authenticated. */
export function setRealtimeConnected(connected: boolean): void {
  const wasFirstTry = firstTry;
  endFirstTry();
  if (realtimeConnected === connected && !wasFirstTry) return;
  realtimeConnected = connected;
  changed();
}

/** Called by the real-time client when a try to connect failed: polling need not wait longer. */
export function realtimeAttemptFailed(): void {
  if (!firstTry) return;
  endFirstTry();
  changed();
}

/** Whether queries poll now: the socket is down, and its first try is over. */
const pollingOn = () => !realtimeConnected && !firstTry;

export function isRealtimeConnected(): boolean {
  return realtimeConnected;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // The first try's wait has an end even if the real-time client never reports (its code failed
  // to load): polling starts then.
  if (firstTry && firstTryTimer === undefined) {
    firstTryTimer = setTimeout(() => {
      endFirstTry();
      changed();
    }, FIRST_TRY_MAX_MS);
  }
  return () => listeners.delete(listener);
}

/** The longest polling waits for the socket's first try: one poll interval (the shortest). */
export const FIRST_TRY_MAX_MS = Math.min(...Object.values(POLL_MS));

/** For tests: the state of a fresh load, the socket's first try not yet made. */
export function resetRealtimeState(): void {
  endFirstTry();
  realtimeConnected = false;
  firstTry = true;
  firstTryTimer = undefined;
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
  // Subscribed to whether polling is on, not to the connection: a socket coming up on its first
  // try re-renders no polling screen.
  return useSyncExternalStore(subscribe, pollingOn, pollingOn) ? POLL_MS[kind] : false;
}
