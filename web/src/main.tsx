import './lib/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter } from './app/app-router';
import { boot } from './app/boot';
import { Providers } from './app/providers';
import { createRouter, preloadRoute } from './app/routes';
import { loadSonner } from './components/ui/toast';
import { sessionQuery } from './features/auth';
import { captureInstallPrompt, registerServiceWorker } from './features/install';
import { createQueryClient } from './lib/query-client';
import './index.css';

/** 'Loading...' after a second on a slow link; the app renders after three at most (boot.tsx). */
const BOOT_TIMES = { statusAfterMs: 1000, capMs: 3000 };

const queryClient = createQueryClient();
// Chromium's install event can fire before any screen is up: caught now, used by the dialog.
captureInstallPrompt();
// The toasts' code, beside the screen's (components/ui/toast.tsx says why).
// A failed load is asked for again by the first toast.
loadSonner().catch(() => undefined);

// Render as you fetch: the screen's code, then its data (lib/page-data.ts), and the session are
// asked for side by side, instead of one after the other as rendering would discover them
// (layout, session gate, page, queries). The first render then builds the finished screen in
// one go, without a spinner or skeletons replaced a moment later; every replacement is a
// re-render a phone waits on.
const ready = Promise.all([
  preloadRoute(window.location.pathname, queryClient),
  // A failed session fetch does not end the wait for the code: the session gate asks again.
  queryClient.query(sessionQuery).catch(() => undefined),
]);
const root = createRoot(document.getElementById('root')!);

void boot(
  root,
  ready,
  // Made once the wait is over rather than as this module runs: for a member the preloads end in
  // a later task, so the router's set-up (tens of milliseconds on a phone) no longer lengthens
  // the module's.
  () => (
    <StrictMode>
      <Providers client={queryClient}>
        <AppRouter router={createRouter()} />
      </Providers>
    </StrictMode>
  ),
  BOOT_TIMES,
).then(() => {
  // The production build only: a worker under the dev server would serve stale modules. Asked
  // for once the first screen is on its way, not during the module's evaluation.
  if (import.meta.env.PROD) void registerServiceWorker();
});
