import './lib/zod-config';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter } from './app/app-router';
import { Providers } from './app/providers';
import { createRouter, preloadRoute } from './app/routes';
import { sessionQuery } from './features/auth';
import { captureInstallPrompt, registerServiceWorker } from './features/install';
import { createQueryClient } from './lib/query-client';
import './index.css';

/**
 * The longest the first render waits for the screen's code and the session. After it, React
 * renders with what has come: a page still loading shows its skeleton, and nothing shows until
 * the member layout's own code is in (the first render is a transition with no fallback above).
 */
const BOOT_WAIT_MS = 3000;

const queryClient = createQueryClient();
// Chromium's install event can fire before any screen is up: caught now, used by the dialog.
captureInstallPrompt();

// Render as you fetch: the screen's code and the session are asked for at once, side by side,
// instead of one after the other as rendering would discover them (layout, session gate, page).
// The first render then builds the finished screen in one go, without a spinner that is
// replaced a moment later; every replacement is a synchronous re-render a phone waits on.
const ready = Promise.all([
  preloadRoute(window.location.pathname),
  queryClient.prefetchQuery(sessionQuery),
]);
const waited = new Promise((resolve) => setTimeout(resolve, BOOT_WAIT_MS));

void Promise.race([ready.catch(() => undefined), waited]).then(() => {
  // Made here rather than as this module runs: for a member the preloads end in a later task,
  // so the router's set-up (tens of milliseconds on a phone) no longer lengthens the module's.
  const router = createRouter();
  const root = createRoot(document.getElementById('root')!);
  // The first render as a transition: React renders it in slices of a few milliseconds instead
  // of one task, so a phone's main thread stays free for input while the first screen is built
  // (Lighthouse's total blocking time). There is no earlier screen to keep on show, which is why
  // navigations are not transitions (app-router.tsx); this is not one.
  startTransition(() => {
    root.render(
      <StrictMode>
        <Providers client={queryClient}>
          <AppRouter router={router} />
        </Providers>
      </StrictMode>,
    );
  });
  // The production build only: a worker under the dev server would serve stale modules. Asked
  // for once the first screen is on its way, not during the module's evaluation.
  if (import.meta.env.PROD) void registerServiceWorker();
});
