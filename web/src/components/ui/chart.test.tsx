import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Chart } from './chart';

afterEach(cleanup);

const data = [
  { label: 'Jan', value: 1200 },
  { label: 'Feb', value: 300 },
];

describe('Chart', () => {
  it('is a figure named by its title whose numbers a screen reader gets as a table', () => {
    const { container } = render(<Chart title="New members" data={data} valueLabel="Members" />);
    const figure = screen.getByRole('figure', { name: 'New members' });
    expect(container.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    const table = within(figure).getByRole('table', { name: 'New members' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Label', 'Members']);
    expect(within(table).getByRole('row', { name: 'Jan 1,200' })).toBeTruthy();
  });

  it('draws one bar per point, scaled to the largest, or one line', () => {
    const { container } = render(<Chart title="Flights" data={data} />);
    const bars = [...container.querySelectorAll('rect')].map((r) =>
      Number(r.getAttribute('height')),
    );
    expect(bars).toHaveLength(2);
    expect(bars[0]! / bars[1]!).toBeCloseTo(4);
    cleanup();
    const line = render(<Chart title="Flights" data={data} kind="line" />).container;
    expect(line.querySelectorAll('polyline')).toHaveLength(1);
  });
});
