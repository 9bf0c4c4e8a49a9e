import { Toaster as SonnerToaster, toast as sonnerToast } from 'sonner';

/**
 * Toasts carry the spec's title and text; errors are announced assertively by sonner. An `id`
 * names the action a toast reports on: a later toast with the same id replaces it, and
 * `toast.dismiss(id)` clears it when the same action then succeeds (an 'Incorrect PIN' must not
 * sit over the signed-in screen).
 */
export const toast = {
  success: (title: string, description?: string, duration?: number, id?: string) =>
    sonnerToast.success(title, { description, duration, id }),
  error: (title: string, description?: string, duration?: number, id?: string) =>
    sonnerToast.error(title, { description, duration, id }),
  info: (title: string, description?: string, duration?: number, id?: string) =>
    sonnerToast(title, { description, duration, id }),
  dismiss: (id: string) => sonnerToast.dismiss(id),
};

export function Toaster() {
  return <SonnerToaster position="top-center" richColors closeButton theme="light" />;
}
