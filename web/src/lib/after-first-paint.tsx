import { type ReactNode, useEffect, useState } from 'react';

/** The longest the background waits for a frame: a tab loaded hidden paints none until shown. */
const FRAME_WAIT_MS = 100;

/**
 * True from the task after the screen's first paint. Work a member does not see (presence, the
 * socket, push subscription sync, the install offer, the offline queue) mounts then, in tasks of
 * its own, instead of lengthening the commit that first shows the screen: on a phone that one
 * task was the longest of the load. Browsers run no frames in a hidden tab (one opened in the
 * background, a restored session): there the work starts after a short wait instead, so the
 * socket, notifications and the idle sign-out clock do not wait for the tab to be shown.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let done = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const start = () => {
      if (done) return;
      done = true;
      timer = setTimeout(() => setPainted(true), 0);
    };
    const frame =
      typeof requestAnimationFrame === 'function' && document.visibilityState === 'visible'
        ? requestAnimationFrame(start)
        : undefined;
    const fallback = setTimeout(start, frame === undefined ? 0 : FRAME_WAIT_MS);
    return () => {
      done = true;
      if (frame !== undefined) cancelAnimationFrame(frame);
      clearTimeout(fallback);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}

/** Its children, from the task after the first paint (useAfterFirstPaint). */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  return useAfterFirstPaint() ? children : null;
}
