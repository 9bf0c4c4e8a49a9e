import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { loadSonner, showToast, Toaster, toast } from './toast';

afterEach(async () => {
  // Sonner keeps its toasts in one module-wide list: each test starts with none.
  (await loadSonner()).toast.dismiss();
  cleanup();
});

it('shows toasts asked for before the Toaster is on the page, newest on top, as sonner stacks them', async () => {
  // Asked for as a screen would on its first render, before the Toaster has mounted.
  toast.error('Incorrect PIN', 'Try again.');
  toast.success('Flight added');
  render(<Toaster />);
  expect(await screen.findByText('Incorrect PIN')).toBeTruthy();
  expect(await screen.findByText('Flight added')).toBeTruthy();
  const texts = screen.getAllByRole('listitem').map((item) => item.textContent ?? '');
  expect(texts.findIndex((t) => t.includes('Flight added'))).toBeLessThan(
    texts.findIndex((t) => t.includes('Incorrect PIN')),
  );
});

it('clears a toast by its id, even one asked for in the same moment as the dismissal', async () => {
  render(<Toaster />);
  // Shown until dismissed: only the dismissal can take it away within the wait.
  toast.error('Too many attempts', undefined, Number.POSITIVE_INFINITY, 'sign-in');
  toast.dismiss('sign-in');
  toast.info('Signed in');
  expect(await screen.findByText('Signed in')).toBeTruthy();
  await waitFor(() => expect(screen.queryByText('Too many attempts')).toBeNull());
});

it("passes sonner's own options through: an action button that runs its handler", async () => {
  render(<Toaster />);
  const onClick = vi.fn();
  showToast('A new version is available', { action: { label: 'Reload', onClick } });
  const reload = await screen.findByRole('button', { name: 'Reload' });
  act(() => reload.click());
  expect(onClick).toHaveBeenCalledOnce();
});
