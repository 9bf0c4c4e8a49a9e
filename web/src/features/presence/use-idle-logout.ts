import { useEffect, useRef } from 'react';

/** The spec's idle rule: signed out after 10 minutes without input, checked every 60 s. */
export const IDLE_LIMIT_MS = 10 * 60_000;
export const IDLE_CHECK_MS = 60_000;

/** Input that counts as activity. */
export const ACTIVITY_EVENTS = [
  'pointerdown',
  'pointermove',
  'keydown',
  'wheel',
  'touchstart',
  'scroll',
] as const;

/**
 * Calls `onIdle` once when no input arrived for IDLE_LIMIT_MS. Checked every IDLE_CHECK_MS and
 * again the moment a hidden tab becomes visible (browsers slow timers in hidden tabs, and coming
 * back to a tab is not itself input), so a member returning after an hour is signed out at once.
 */
export function useIdleLogout(onIdle: () => void) {
  const callback = useRef(onIdle);
  callback.current = onIdle;

  useEffect(() => {
    let last = Date.now();
    let fired = false;
    const bump = () => {
      last = Date.now();
    };
    const check = () => {
      if (fired || Date.now() - last < IDLE_LIMIT_MS) return;
      fired = true;
      callback.current();
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') check();
    };
    for (const name of ACTIVITY_EVENTS) {
      window.addEventListener(name, bump, { capture: true, passive: true });
    }
    document.addEventListener('visibilitychange', onVisibility);
    const timer = setInterval(check, IDLE_CHECK_MS);
    return () => {
      clearInterval(timer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, bump, { capture: true });
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, []);
}
