import { useEffect, useState } from 'react';
import type { ExternalToast } from 'sonner';

// Sonner's code, and the style sheet it inserts as its module runs, come after the first screen
// rather than with the entry: inserting that sheet cost ~12 ms of every first load's longest task
// (the entry's evaluation), on the landing as on a member's screen. A toast asked for earlier
// waits for it (below); on a phone that is a fraction of a second, offline it is in the service
// worker's cache.
let sonnerModule: Promise<typeof import('sonner')> | undefined;
/**
 * One promise for every caller, so toasts run in the order they were asked for. main.tsx asks
 * for it as the app starts: on a member's screen it is in before the first render, so the
 * style sheet it inserts lands on a page that is still empty rather than restyling a screen.
 */
export const loadSonner = () => {
  sonnerModule ??= import('sonner');
  return sonnerModule;
};

/**
 * Shows a toast once sonner's code is in; toasts keep the order they were asked for in. One sent
 * before the Toaster is on the page is not lost: sonner hands a new Toaster the active toasts.
 */
function later(show: (sonner: Awaited<ReturnType<typeof loadSonner>>['toast']) => void): void {
  void loadSonner().then((sonner) => show(sonner.toast));
}

/** A toast with sonner's own options (an action button, an endless duration). */
export function showToast(title: string, options: ExternalToast): void {
  later((sonner) => sonner(title, options));
}

/**
 * Toasts carry the spec's title and text; errors are announced assertively by sonner. An `id`
 * names the action a toast reports on: a later toast with the same id replaces it, and
 * `toast.dismiss(id)` clears it when the same action then succeeds (an 'Incorrect PIN' must not
 * sit over the signed-in screen).
 */
export const toast = {
  success: (title: string, description?: string, duration?: number, id?: string) =>
    later((sonner) => sonner.success(title, { description, duration, id })),
  error: (title: string, description?: string, duration?: number, id?: string) =>
    later((sonner) => sonner.error(title, { description, duration, id })),
  info: (title: string, description?: string, duration?: number, id?: string) =>
    later((sonner) => sonner(title, { description, duration, id })),
  dismiss: (id: string) => later((sonner) => sonner.dismiss(id)),
};

/**
 * Sonner's Toaster, rendered once its code is in. Not a lazy component under Suspense: a
 * boundary suspended in the first render made React hold that render's commit for its fallback
 * throttle and then commit the whole first screen in one timer task.
 */
export function Toaster() {
  const [sonner, setSonner] = useState<Awaited<ReturnType<typeof loadSonner>> | null>(null);
  useEffect(() => {
    let mounted = true;
    void loadSonner().then((module) => {
      if (mounted) setSonner(module);
    });
    return () => {
      mounted = false;
    };
  }, []);
  if (!sonner) return null;
  const SonnerToaster = sonner.Toaster;
  return <SonnerToaster position="top-center" richColors closeButton theme="light" />;
}
