import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

afterEach(cleanup);

describe('ConfirmDialog', () => {
  it('is a dialog named by its title and described by its text, with Cancel and the action', () => {
    const onCancel = vi.fn();
    const onConfirm = vi.fn();
    render(
      <ConfirmDialog
        open
        title="Leave flight"
        description="You will be removed from its crew list."
        confirmLabel="Leave flight"
        destructive
        onCancel={onCancel}
        onConfirm={onConfirm}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Leave flight' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Leave flight' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it('disables the action and says so while it runs', () => {
    render(
      <ConfirmDialog
        open
        title="Delete Flight"
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy
        onCancel={() => {}}
        onConfirm={() => {}}
      />,
    );
    const action = screen.getByRole('button', { name: 'Deleting...' }) as HTMLButtonElement;
    expect(action.disabled).toBe(true);
  });
});
