import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Badge } from './badge';

afterEach(cleanup);

describe('Badge', () => {
  it('is its text, and a list item inside a list of badges', () => {
    render(
      <ul aria-label="Badges">
        <Badge as="li" tone="verified">
          Verified crew
        </Badge>
        <Badge as="li">LIFETIME</Badge>
      </ul>,
    );
    const list = screen.getByRole('list', { name: 'Badges' });
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Verified crew',
      'LIFETIME',
    ]);
    expect(list.firstElementChild?.className).toContain('bg-green-100');
  });
});
