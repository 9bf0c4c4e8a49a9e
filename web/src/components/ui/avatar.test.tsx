import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Avatar, initials } from './avatar';

afterEach(cleanup);

describe('Avatar', () => {
  it('shows two initials, hidden from screen readers, in the ring colour', () => {
    const { container } = render(<Avatar name="vera van viewer" ring="purple" />);
    const face = container.querySelector('[data-ring="purple"]');
    expect(face?.className).toContain('ring-purple-600');
    expect(face?.querySelector('[aria-hidden="true"]')?.textContent).toBe('VV');
    expect(initials(null)).toBe('?');
  });

  it('names the online dot on the avatar, and leaves it out when presence is not shown', () => {
    render(<Avatar name="A B" ring="green" online />);
    expect(screen.getByRole('img', { name: 'Online' })).toBeTruthy();
    cleanup();
    render(<Avatar name="A B" ring="green" online={false} />);
    expect(screen.getByRole('img', { name: 'Offline' })).toBeTruthy();
    cleanup();
    render(<Avatar name="A B" ring="green" />);
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('reads out the ring when told what it means', () => {
    render(<Avatar name="A" ring="orange" ringLabel="Avatar ring: trial membership" />);
    expect(screen.getByText('Avatar ring: trial membership').className).toContain('sr-only');
  });
});
