import { type ReactNode, startTransition } from 'react';
import type { Root } from 'react-dom/client';
import { CenteredStatus } from './centered-status';

export type BootTimes = {
  /** How long the first screen may take before 'Loading...' shows in its place. */
  statusAfterMs: number;
  /** The longest the first render waits for what `ready` loads. */
  capMs: number;
};

/**
 * Renders the app once `ready` is in (the screen's code and the session, main.tsx), so the first
 * screen is built complete in one render. A connection too slow for that shows 'Loading...' after
 * `statusAfterMs` instead of a blank page, and after `capMs` the app renders with what has come
 * (a page still loading shows its own skeleton). Resolves once the app's render is scheduled.
 */
export async function boot(
  root: Root,
  ready: Promise<unknown>,
  app: () => ReactNode,
  { statusAfterMs, capMs }: BootTimes,
): Promise<void> {
  const status = setTimeout(() => root.render(<CenteredStatus text="Loading..." />), statusAfterMs);
  let capped: ReturnType<typeof setTimeout> | undefined;
  const cap = new Promise((resolve) => {
    capped = setTimeout(resolve, capMs);
  });
  await Promise.race([ready.catch(() => undefined), cap]);
  clearTimeout(status);
  clearTimeout(capped);
  // The first render as a transition: React renders it in slices of a few milliseconds instead
  // of one task, so a phone's main thread stays free for input while the first screen is built
  // (Lighthouse's total blocking time); 'Loading...', if it shows, stays until the screen is in.
  startTransition(() => root.render(app()));
}
