import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../../domain';
import { NAME_REQUIRED, ProfileForm, type ProfileFormMode } from './profile-form';

afterEach(cleanup);

// Radix's switch measures its thumb; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

const user = {
  id: 3,
  name: 'Robin Crew',
  nickname: null,
  role: 'IFL',
  yearsFlying: null,
  mobileNumber: null,
  contactEmail: null,
  isAdmin: false,
  isDemoUser: false,
  showNameAfterMatch: false,
  shareContactInfo: false,
  emailNotifications: true,
} as unknown as User;

function renderForm(mode: ProfileFormMode, onSubmit = vi.fn(async () => null as string | null)) {
  render(
    <ProfileForm
      mode={mode}
      user={user}
      submitLabel={mode === 'setup' ? 'Save Profile' : 'Save Changes'}
      pending={false}
      secondary={{ label: 'Cancel', onClick: () => {} }}
      onSubmit={onSubmit}
    />,
  );
  return onSubmit;
}

describe('ProfileForm', () => {
  it("first-time setup asks years flying and two consents that start from the member's values, and no contact e-mail", () => {
    renderForm('setup');
    expect(screen.getByLabelText('Nickname (optional)')).toBeTruthy();
    expect(screen.getByLabelText('Years flying (optional)')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: /Show my name after a match/ })).toHaveProperty(
      'checked',
      false,
    );
    expect(screen.getByRole('checkbox', { name: /Share my contact info/ })).toHaveProperty(
      'checked',
      false,
    );
    expect(screen.queryByLabelText('Contact email')).toBeNull();
    expect(screen.queryAllByRole('switch')).toHaveLength(0);
  });

  it('setup refuses a blank name without sending, marking the name field', async () => {
    const onSubmit = renderForm('setup');
    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: '  ' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save Profile' }));
    });
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe(NAME_REQUIRED);
    expect(screen.getByLabelText('Full name').getAttribute('aria-invalid')).toBe('true');
  });

  it("edit shows the member's own settings as switches and sends every field", async () => {
    const onSubmit = renderForm('edit');
    expect(screen.getByRole('switch', { name: 'Show name after match' })).toHaveProperty(
      'ariaChecked',
      'false',
    );
    expect(screen.queryByLabelText('Years flying (optional)')).toBeNull();
    fireEvent.change(screen.getByLabelText('Contact email'), {
      target: { value: 'robin@example.com' },
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    });
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        name: 'Robin Crew',
        role: 'IFL',
        contactEmail: 'robin@example.com',
        showNameAfterMatch: false,
        emailNotifications: true,
      }),
    );
  });

  it("shows the save's refusal in the alert line", async () => {
    renderForm(
      'edit',
      vi.fn(async () => 'Failed to update profile'),
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    });
    expect(screen.getByRole('alert').textContent).toBe('Failed to update profile');
  });
});
