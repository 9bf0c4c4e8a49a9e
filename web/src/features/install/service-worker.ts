import { showToast } from '../../components/ui/toast';

/** The toast's id: one offer on screen however many times the check runs. */
const UPDATE_TOAST = 'app-update';

/** Offers the waiting worker (a new deploy); 'Reload' lets it take over, then reloads. */
function offerUpdate(waiting: ServiceWorker): void {
  showToast('A new version is available', {
    id: UPDATE_TOAST,
    duration: Number.POSITIVE_INFINITY,
    action: {
      label: 'Reload',
      onClick: () => {
        // Reload once the new worker controls the page, so the page and worker agree.
        navigator.serviceWorker.addEventListener(
          'controllerchange',
          () => window.location.reload(),
          {
            once: true,
          },
        );
        waiting.postMessage({ type: 'SKIP_WAITING' });
      },
    },
  });
}

/**
 * Registers /sw.js (the production build only: main.tsx calls this when `import.meta.env.PROD`,
 * so neither the dev server nor the tests have a worker). A new version found while the page
 * is open, or already waiting from an earlier visit, is offered with a toast. The check runs
 * again whenever the app comes back to the foreground: installed apps stay open for days.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  let registered: ServiceWorkerRegistration | undefined;
  try {
    registered = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  } catch {
    return; // Private modes and some embedded browsers refuse: the app still works online.
  }
  // A browser that blocks workers by policy (Playwright's `serviceWorkers: 'block'` does this)
  // answers with no registration instead of refusing.
  if (!registered) return;
  const registration = registered;
  // With no controller this is the first install, not an update: nothing to offer.
  const hasController = () => navigator.serviceWorker.controller !== null;
  if (registration.waiting && hasController()) offerUpdate(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const incoming = registration.installing;
    incoming?.addEventListener('statechange', () => {
      if (incoming.state === 'installed' && hasController() && registration.waiting)
        offerUpdate(registration.waiting);
    });
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void registration.update().catch(() => undefined);
  });
}
