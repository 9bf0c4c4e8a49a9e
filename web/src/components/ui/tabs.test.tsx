import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Tabs } from './tabs';

afterEach(cleanup);

const items = [
  { value: 'members', label: 'Members', content: <p>Member numbers</p> },
  { value: 'flights', label: 'Flights', content: <p>Flight numbers</p> },
];

describe('Tabs', () => {
  it('is a named tablist whose selected tab shows its panel; the arrow keys move and select', async () => {
    render(<Tabs items={items} label="Statistics" />);
    expect(screen.getByRole('tablist', { name: 'Statistics' })).toBeTruthy();
    const [members, flights] = screen.getAllByRole('tab');
    expect(members!.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'Members' }).textContent).toBe('Member numbers');
    // The arrow keys move between tabs, and moving selects.
    members!.focus();
    fireEvent.keyDown(members!, { key: 'ArrowRight' });
    await waitFor(() => expect(document.activeElement).toBe(flights));
    expect(flights!.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'Flights' }).textContent).toBe('Flight numbers');
  });
});
