import { useSyncExternalStore } from 'react';

/**
 * Tailwind's `lg` breakpoint: from here on a desk or a tablet in landscape has room for a
 * navigation rail and two panes side by side. CSS does the look (`lg:`); this query is for the
 * few places where the behaviour differs (a pane instead of a full-screen chat or a new page).
 */
export const DESK_QUERY = '(min-width: 1024px)';

/** Whether the media query matches now; jsdom (unit tests) has no matchMedia: a phone there. */
export function matchesMediaQuery(query: string): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
}

/** Whether the media query matches now, re-rendering when it starts or stops matching. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => matchesMediaQuery(query),
    () => false,
  );
}

/** At least the `lg` width: rail, list beside detail, list beside conversation. */
export const useDeskLayout = () => useMediaQuery(DESK_QUERY);
