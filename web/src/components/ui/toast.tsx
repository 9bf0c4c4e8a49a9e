import { Toaster as SonnerToaster, toast as sonnerToast } from 'sonner';

/** Toasts carry the spec's title and text; errors are announced assertively by sonner. */
export const toast = {
  success: (title: string, description?: string, duration?: number) =>
    sonnerToast.success(title, { description, duration }),
  error: (title: string, description?: string, duration?: number) =>
    sonnerToast.error(title, { description, duration }),
  info: (title: string, description?: string, duration?: number) =>
    sonnerToast(title, { description, duration }),
};

export function Toaster() {
  return <SonnerToaster position="top-center" richColors closeButton theme="light" />;
}
