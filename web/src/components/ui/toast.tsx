import { useEffect, useState } from 'react';
import type { ExternalToast } from 'sonner';
import { loadOnce } from '../../lib/load-once';

type Sonner = typeof import('sonner');

// Sonner is not part of the entry: its code, and the style sheet it inserts as its module runs,
// cost ~12 ms of the entry's evaluation, the longest task of every first load. main.tsx asks for
// it as the app starts, beside the screen's code: on a member's screen it is in before the first
// render, so its sheet lands on a page that is still empty rather than restyling a screen.

/** One load for every caller (toasts keep their order); a failed load is asked for again. */
export const loadSonner = loadOnce(() => import('sonner'));

/** The mounted Toaster's setter: a toast that had to load sonner shows the Toaster too. */
let showToaster: ((sonner: Sonner) => void) | undefined;

/**
 * Shows a toast once sonner's code is in. One sent before the Toaster is on the page is not
 * lost: sonner hands a new Toaster the active toasts. If the code cannot be had (offline before
 * the service worker kept it), the toast is dropped and the next one asks again.
 */
function later(show: (toast: Sonner['toast']) => void): void {
  loadSonner().then(
    (sonner) => {
      showToaster?.(sonner);
      show(sonner.toast);
    },
    () => undefined,
  );
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

/** Sonner's Toaster, rendered once its code is in (not a lazy component: see main.tsx's boot). */
export function Toaster() {
  const [sonner, setSonner] = useState<Sonner | null>(null);
  useEffect(() => {
    showToaster = setSonner;
    loadSonner().then(setSonner, () => undefined);
    return () => {
      showToaster = undefined;
    };
  }, []);
  if (!sonner) return null;
  const SonnerToaster = sonner.Toaster;
  return <SonnerToaster position="top-center" richColors closeButton theme="light" />;
}
