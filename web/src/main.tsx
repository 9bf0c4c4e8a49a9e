import './lib/zod-config';
import { loadSonner } from './components/ui/toast';
import { sessionQuery } from './features/auth';
import { captureInstallPrompt, registerServiceWorker } from './features/install';
import { nextTask } from './lib/next-task';
import { createQueryClient } from './lib/query-client';
import './index.css';

/** 'Loading...' after a second on a slow link; the app renders after three at most (boot.tsx). */
const BOOT_TIMES = { statusAfterMs: 1000, capMs: 3000 };

const queryClient = createQueryClient();
// Chromium's install event can fire before any screen is up: caught now, used by the dialog.
captureInstallPrompt();
// The toasts' code, beside the screen's (components/ui/toast.tsx says why); it runs in a task of
// its own as it arrives. A failed load is asked for again by the first toast.
loadSonner().catch(() => undefined);

/**
 * The start in stages, each in a task of its own: this module, the session request, the route
 * table, the preloads (the screen's code and data), then React's DOM renderer and the mount
 * (which makes the router and renders in tasks of their own too, app/mount.tsx). As one module
 * graph and one function they were the load's longest task: ~70 ms on the CI machine, ~280 ms
 * at Lighthouse's 4x slowdown, most of Home's blocking time. index.html preloads the stages'
 * code (vite.config.ts), so the split costs no round trip.
 *
 * Render as you fetch: the screen's code, then its data (lib/page-data.ts), and the session are
 * asked for side by side, instead of one after the other as rendering would discover them
 * (layout, session gate, page, queries). The first render then builds the finished screen in
 * one go, without a spinner or skeletons replaced a moment later; every replacement is a
 * re-render a phone waits on.
 */
async function start() {
  await nextTask();
  // The request every screen waits on, first. A failed session fetch does not end the wait for
  // the code: the session gate asks again.
  const session = queryClient.query(sessionQuery).catch(() => undefined);
  await nextTask();
  const { createRouter, preloadRoute } = await import('./app/routes');
  await nextTask();
  const ready = Promise.all([preloadRoute(window.location.pathname, queryClient), session]);
  // A failed preload is boot's to handle (it renders, and the screen asks again); until the
  // mount is in, nothing else is waiting on it.
  ready.catch(() => undefined);
  await nextTask();
  const { mount } = await import('./app/mount');
  await mount(queryClient, ready, createRouter, BOOT_TIMES);
  // The production build only: a worker under the dev server would serve stale modules. Asked
  // for once the first screen is on its way, not during the start.
  if (import.meta.env.PROD) void registerServiceWorker();
}

/**
 * A stage's code that cannot be had (offline before the service worker kept it, or a deploy
 * that removed it mid-load) would leave a blank page: say so instead, in plain DOM, since React
 * may be what is missing.
 */
function startFailed() {
  const root = document.getElementById('root')!;
  const message = document.createElement('p');
  message.setAttribute('role', 'alert');
  message.className = 'p-8 text-center';
  message.textContent = 'Jumpseat could not load. Check your connection and reload the page.';
  root.replaceChildren(message);
}

start().catch(startFailed);
