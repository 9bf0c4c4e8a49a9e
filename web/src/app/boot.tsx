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
 * `statusAfterMs` instead of a blank page. After `capMs`, or when a load failed (the screen asks
 * for its code again), 'Loading...' shows at once and the app renders over it: as a transition,
 * React keeps 'Loading...' on show while the member layout's code is still coming, and a public
 * screen shows its own skeleton. Resolves once the app's render is scheduled.
 */
export async function boot(
  root: Root,
  ready: Promise<unknown>,
  app: () => ReactNode,
  { statusAfterMs, capMs }: BootTimes,
): Promise<void> {
  const showStatus = () => root.render(<CenteredStatus text="Loading..." />);
  const status = setTimeout(showStatus, statusAfterMs);
  let capped: ReturnType<typeof setTimeout> | undefined;
  const cap = new Promise<false>((resolve) => {
    capped = setTimeout(() => resolve(false), capMs);
  });
  const allIn = await Promise.race([
    ready.then(
      () => true,
      () => false,
    ),
    cap,
  ]);
  clearTimeout(status);
  clearTimeout(capped);
  // Something is still coming: never a blank page while it does (rendering it twice is harmless).
  if (!allIn) showStatus();
  // The first render as a transition: React renders it in slices of a few milliseconds instead
  // of one task, so a phone's main thread stays free for input while the first screen is built
  // (Lighthouse's total blocking time).
  startTransition(() => root.render(app()));
}
