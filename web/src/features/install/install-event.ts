/**
 * Chromium's `beforeinstallprompt` (Android Chrome, desktop Chrome and Edge) fires once, early,
 * whenever it likes: it is caught from the start (main.tsx) and kept until the dialog's
 * "I'll install it" uses it. Safari and Firefox never fire it.
 */
type InstallPromptEvent = Event & {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

let deferred: InstallPromptEvent | null = null;

export function captureInstallPrompt(target: Window = window): void {
  target.addEventListener('beforeinstallprompt', (event) => {
    // Our dialog offers it at the right moment, not the browser's own bar at first sight.
    event.preventDefault();
    deferred = event as InstallPromptEvent;
  });
  target.addEventListener('appinstalled', () => {
    deferred = null;
  });
}

export function canPromptInstall(): boolean {
  return deferred !== null;
}

/** Shows the browser's install prompt if one was caught; the event can be used only once. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = deferred;
  if (!event) return 'unavailable';
  deferred = null;
  try {
    await event.prompt();
    return (await event.userChoice).outcome;
  } catch {
    return 'unavailable';
  }
}

/** Inside the installed app (home-screen launch on iOS included). */
export function isStandalone(): boolean {
  const ios = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return ios || window.matchMedia?.('(display-mode: standalone)').matches === true;
}
