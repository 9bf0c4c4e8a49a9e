import { cleanup, render, screen } from '@testing-library/react';
import { Inbox } from 'lucide-react';
import { afterEach, describe, expect, it } from 'vitest';
import { EmptyState } from './empty-state';

afterEach(cleanup);

describe('EmptyState', () => {
  it('says what is missing and what to do, with a decorative icon', () => {
    const { container } = render(
      <EmptyState
        icon={Inbox}
        title="No pending approvals"
        titleAs="h2"
        description="New registrations appear here automatically."
        action={<a href="/admin">Back to Admin</a>}
      />,
    );
    expect(screen.getByRole('heading', { name: 'No pending approvals' })).toBeTruthy();
    expect(screen.getByText('New registrations appear here automatically.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Admin' })).toBeTruthy();
    expect(container.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('unframed, is a plain line for an empty section inside a screen or a dialog', () => {
    const { container } = render(<EmptyState framed={false} title="No pending waves." />);
    expect(screen.getByText('No pending waves.').tagName).toBe('P');
    expect(container.firstElementChild?.className).not.toContain('rounded');
  });
});
