import { type ReactNode, useEffect, useState } from 'react';

/**
 * True from the task after the screen's first paint. Work a member does not see (presence, the
 * socket, push subscription sync, the install offer, the offline queue) mounts then, in tasks of
 * its own, instead of lengthening the commit that first shows the screen: on a phone that one
 * task was the longest of the load.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame, then a task: the paint happens between the two. Without frames (a hidden tab, a
    // test's DOM) the task alone.
    const frame =
      typeof requestAnimationFrame === 'function'
        ? requestAnimationFrame(() => {
            timer = setTimeout(() => setPainted(true), 0);
          })
        : undefined;
    if (frame === undefined) timer = setTimeout(() => setPainted(true), 0);
    return () => {
      if (frame !== undefined) cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}

/** Its children, from the task after the first paint (useAfterFirstPaint). */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  return useAfterFirstPaint() ? children : null;
}
