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

describe('Chart, several series and a mix', () => {
  const waves = [
    { label: '1 Nov', value: 2 },
    { label: '2 Nov', value: 8 },
  ];
  const messages = [
    { label: '1 Nov', value: 4 },
    { label: '2 Nov', value: 1 },
  ];

  it('puts two series side by side, one table column each, on one scale', () => {
    const { container } = render(
      <Chart
        title="Activity"
        series={[
          { name: 'Waves', data: waves },
          { name: 'Messages', data: messages },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Activity' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Label', 'Waves', 'Messages']);
    expect(within(table).getByRole('row', { name: '2 Nov 8 1' })).toBeTruthy();
    const heights = [...container.querySelectorAll('rect')].map((r) =>
      Number(r.getAttribute('height')),
    );
    // Waves 2, 8 then messages 4, 1: the tallest (8) is twice messages' 4.
    expect(heights).toHaveLength(4);
    expect(heights[1]! / heights[2]!).toBeCloseTo(2);
  });

  it('draws a mix as a donut whose slices are the shares, with the shares in the table', () => {
    const mix = [
      { label: 'trial', value: 3 },
      { label: 'paid', value: 1 },
    ];
    const { container } = render(
      <Chart title="Membership mix" data={mix} kind="donut" valueLabel="Members" />,
    );
    const table = screen.getByRole('table', { name: 'Membership mix' });
    expect(within(table).getByRole('row', { name: 'trial 3 75%' })).toBeTruthy();
    expect(within(table).getByRole('row', { name: 'paid 1 25%' })).toBeTruthy();
    const length = (label: string) =>
      Number(
        container
          .querySelector(`circle[data-slice="${label}"]`)
          ?.getAttribute('stroke-dasharray')
          ?.split(' ')[0],
      );
    expect(length('trial') / length('paid')).toBeCloseTo(3);
  });

  it('labels at most six points on the axis so a month stays readable on a phone', () => {
    const days = Array.from({ length: 30 }, (_, i) => ({ label: `d${i + 1}`, value: i }));
    const { container } = render(<Chart title="Per day" data={days} />);
    expect(container.querySelectorAll('svg text').length).toBeLessThanOrEqual(6);
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(31);
  });
});
