import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Wave, WaveWithParties } from '../../../../domain';
import { toast } from '../../components/ui/toast';
import { type SessionUser, sessionQueryKey, useSessionUserId } from '../auth';
import { resetAppBadgeMemory, showPushNotification, updateAppBadge } from '../notifications';
import {
  realtimeAttemptFailed,
  setRealtimeConnected,
  setWaveSocket,
  waveCounts,
  waveKeys,
} from '../waves';
import {
  applyServerFrame,
  createInvalidator,
  refreshAfterFirstConnect,
  refreshAfterGap,
} from './cache-sync';
import { notifyRealtimeResumed, setRealtimeClient } from './connection';
import { AUTH_FAILED, type CreateSocket, RealtimeClient, realtimeUrl } from './realtime-client';

/** Every this many failed attempts in a row, the session is checked (it may have ended). */
const SESSION_CHECK_EVERY = 3;
/** After a 4401 close whose session turns out to be fine after all, start again this much later. */
const RESTART_AFTER_MS = 5_000;

/** The installed app's badge follows the unread count of the waves cache. */
function useAppBadge(client: QueryClient, active: boolean) {
  useEffect(() => {
    if (!active) return;
    const update = () => {
      const waves = client.getQueryData<WaveWithParties[]>(waveKeys.list);
      if (!waves) return;
      const counts = waveCounts(waves);
      updateAppBadge(counts.newWaves + counts.unreadMessages);
    };
    update();
    const unsubscribe = client.getQueryCache().subscribe((event) => {
      if (event.query.queryKey[0] === waveKeys.all[0] && event.type === 'updated') update();
    });
    return () => {
      unsubscribe();
      updateAppBadge(0);
      resetAppBadgeMemory();
    };
  }, [client, active]);
}

/**
 * One WebSocket per signed-in tab (mounted once, beside the router): started when the session
 * has a user, stopped when it has none. While it is up, polling is off (polling.ts) and its
 * pushes refresh the cache; while it is down the slow fallback polling runs.
 */
export function RealtimeConnection({ createSocket }: { createSocket?: CreateSocket }) {
  const client = useQueryClient();
  const userId = useSessionUserId(client);
  // Bumped to start a fresh client for the same user.
  const [generation, setGeneration] = useState(0);
  useAppBadge(client, userId !== null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new generation restarts the client
  useEffect(() => {
    if (userId === null) return;
    let disposed = false;
    let restartTimer: ReturnType<typeof setTimeout> | undefined;
    const checkSession = () => void client.invalidateQueries({ queryKey: sessionQueryKey });
    // The server ended this socket's session: reload who we are. No user → the member screens
    // sign out (and this effect ends); the same user still signed in → connect again.
    const onSessionEnded = async () => {
      await client.invalidateQueries({ queryKey: sessionQueryKey }).catch(() => undefined);
      const user = client.getQueryData<SessionUser | null>(sessionQueryKey);
      if (!disposed && user?.id === userId)
        restartTimer = setTimeout(() => setGeneration((n) => n + 1), RESTART_AFTER_MS);
    };
    const invalidator = createInvalidator(client);
    const effects = {
      onPush: showPushNotification,
      invalidate: invalidator.invalidate,
      viewerId: userId,
    };
    const realtime = new RealtimeClient({
      url: realtimeUrl(),
      userId,
      createSocket,
      onFrame: (frame) => applyServerFrame(client, frame, effects),
      onConnectedChange: setRealtimeConnected,
      onFirstConnected: () => void refreshAfterFirstConnect(client),
      onResumed: (since) => {
        refreshAfterGap(client, since !== undefined);
        notifyRealtimeResumed(since);
      },
      onAuthError: () => {
        realtimeAttemptFailed();
        toast.error('Connection Error', AUTH_FAILED);
        // The cookie belongs to someone else now (another tab signed in): reload who we are.
        checkSession();
      },
      onSessionEnded: () => void onSessionEnded(),
      onAttemptFailed: (failures) => {
        realtimeAttemptFailed();
        if (failures % SESSION_CHECK_EVERY === 0) checkSession();
      },
      log: (message, detail) => console.debug(message, detail ?? ''),
    });
    setRealtimeClient(realtime);
    // Answering a wave goes over this socket while it is connected (the spec's wave_update).
    setWaveSocket((waveId, status) =>
      realtime.connected ? realtime.request<Wave>({ type: 'wave_update', waveId, status }) : null,
    );
    realtime.start();

    const onOnline = () => realtime.nudge();
    const onVisibility = () => {
      if (document.visibilityState !== 'visible') return;
      realtime.nudge();
      realtime.checkAlive();
    };
    window.addEventListener('online', onOnline);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      disposed = true;
      window.removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onVisibility);
      clearTimeout(restartTimer);
      realtime.stop();
      invalidator.dispose();
      setRealtimeClient(null);
      setWaveSocket(null);
      setRealtimeConnected(false);
    };
  }, [client, userId, createSocket, generation]);

  return null;
}
