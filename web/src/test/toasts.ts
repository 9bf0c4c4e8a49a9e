import { screen } from '@testing-library/react';
import type { ToastT } from 'sonner';
import { loadSonner } from '../components/ui/toast';

// Toasts as the member sees them: a test renders the real <Toaster /> beside the screen and reads
// what sonner put on the page, instead of replacing our toast module.

/** A toast on the page, not one on its way out (sonner keeps it 200 ms with data-removed). */
const SHOWN = '[data-sonner-toast]:not([data-removed="true"])';

/**
 * A toast as shown: its type as sonner marks it (`data-type`; `toast.info` is sonner's plain
 * toast, which has none), title and description; then how sonner holds it, which the page does
 * not show: how long it stays (`duration` in ms, undefined for sonner's 4 s) and its `id` (a later
 * toast with the same id replaces it, `toast.dismiss(id)` clears it; a number when none was given).
 */
export type ShownToast = {
  type: 'success' | 'error' | 'info';
  title: string;
  description: string | null;
  duration: number | undefined;
  id: string | number | undefined;
};

async function read(item: Element): Promise<ShownToast> {
  const type = item.getAttribute('data-type') ?? 'info';
  const title = item.querySelector('[data-title]')?.textContent ?? '';
  const description = item.querySelector('[data-description]')?.textContent ?? null;
  const held = (await loadSonner()).toast
    .getToasts()
    .find(
      (t): t is ToastT =>
        !('dismiss' in t) && t.title === title && (t.description ?? null) === description,
    );
  return {
    type: type as ShownToast['type'],
    title,
    description,
    duration: held?.duration,
    id: held?.id,
  };
}

/** The toast with this title once it is on the page (waits for it, as findBy does). */
export async function shownToast(title: string): Promise<ShownToast> {
  const titled = await screen.findByText(title, { selector: `${SHOWN} [data-title]` });
  return read(titled.closest('[data-sonner-toast]')!);
}

/** Every toast on the page now, newest first (sonner's order). */
export function shownToasts(): Promise<ShownToast[]> {
  return Promise.all([...document.querySelectorAll(SHOWN)].map(read));
}

/** Clears every toast from sonner's module-wide list (setup.ts does it before each test). */
export async function dismissToasts(): Promise<void> {
  (await loadSonner()).toast.dismiss();
}
