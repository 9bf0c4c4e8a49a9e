import { useEffect } from 'react';
import { sendRealtimeHeartbeat } from '../realtime';
import { beaconOffline, sendOnlineStatus } from './api';

/** The spec's online heartbeat: every 30 s while the tab is visible. */
export const HEARTBEAT_MS = 30_000;

/** When the boot last marked the member online (announceOnline), 0 once a mount took it as its beat. */
let announcedAt = 0;

/**
 * Marks the member online before the first screen's data is read (the member layout's
 * preloadData), so the screen's online counters count them; the presence effect then takes this
 * as its first beat instead of sending another.
 */
export async function announceOnline(): Promise<void> {
  const at = Date.now();
  // Only one the server took stands for the first beat: after a failure the mount beats itself.
  if (await sendOnlineStatus(true)) announcedAt = at;
}

/** Set once the member signs out on purpose, so unmounting does not report a second time. */
let signedOut = false;
export function markSignedOut() {
  signedOut = true;
}

/**
 * Online status for the signed-in member: true on load, a heartbeat every 30 s while the tab is
 * visible (paused while hidden, resumed with an immediate beat when visible again), false on
 * unmount and, by beacon, when the page is unloaded. While the real-time channel is connected
 * the beat is a `heartbeat` frame on the socket (an open socket already counts as online);
 * POST /api/users/online-status is the fallback while it is down.
 */
export function usePresence() {
  useEffect(() => {
    signedOut = false;
    let timer: ReturnType<typeof setInterval> | undefined;
    const beat = () => {
      if (!sendRealtimeHeartbeat()) void sendOnlineStatus(true);
    };
    const resume = (alreadyBeaten = false) => {
      if (timer !== undefined) return;
      if (!alreadyBeaten) beat();
      timer = setInterval(beat, HEARTBEAT_MS);
    };
    const pause = () => {
      if (timer !== undefined) clearInterval(timer);
      timer = undefined;
    };
    const onVisibility = () => (document.visibilityState === 'visible' ? resume() : pause());
    const onPageHide = () => {
      if (!signedOut) beaconOffline();
    };

    // The boot's announcement, when it is recent, is this mount's first beat.
    const announced = Date.now() - announcedAt < HEARTBEAT_MS;
    announcedAt = 0;
    if (document.visibilityState === 'visible') resume(announced);
    else if (!announced) beat();
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      pause();
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      if (!signedOut) void sendOnlineStatus(false);
    };
  }, []);
}
