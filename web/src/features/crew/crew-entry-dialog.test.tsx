import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALLOWED_TAGS } from '../../../../domain';
import { CrewEntryDialog, TAGS_FULL_MESSAGE } from './crew-entry-dialog';

afterEach(cleanup);

describe('CrewEntryDialog tag picker', () => {
  it("shows 'up to 3', refuses a 4th choice visibly and submits the 3 chosen", () => {
    const onSubmit = vi.fn();
    render(
      <CrewEntryDialog
        open
        onOpenChange={() => {}}
        mode="join"
        busy={false}
        flightNumber="BA117 (1530)"
        onSubmit={onSubmit}
      />,
    );
    expect(screen.getByText(/Tags \(up to 3\)/)).toBeTruthy();
    const chip = (tag: string) => screen.getByRole('button', { name: tag });
    const [a, b, c, d] = ALLOWED_TAGS as unknown as [string, string, string, string];
    for (const tag of [a, b, c]) fireEvent.click(chip(tag));
    expect(screen.getByRole('status').textContent).toBe(TAGS_FULL_MESSAGE);
    expect(TAGS_FULL_MESSAGE).toMatch(/up to 3/);
    expect(chip(d).hasAttribute('disabled')).toBe(true);
    fireEvent.click(chip(d));
    expect(chip(d).getAttribute('aria-pressed')).toBe('false');
    for (const tag of [a, b, c]) expect(chip(tag).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Join Flight' }));
    expect(onSubmit).toHaveBeenCalledWith({ tags: [a, b, c], note: '' });
    // Removing one frees the picker and the message goes.
    fireEvent.click(chip(a));
    expect(screen.getByRole('status').textContent).toBe('');
    expect(chip(d).hasAttribute('disabled')).toBe(false);
  });

  it("names the flight as 'BA117 15:30 GMT', not its stored form", () => {
    render(
      <CrewEntryDialog
        open
        onOpenChange={() => {}}
        mode="join"
        busy={false}
        flightNumber="BA117 (1530)"
        onSubmit={() => {}}
      />,
    );
    expect(screen.getByText(/Add yourself to BA117 15:30 GMT\?/)).toBeTruthy();
  });
});
