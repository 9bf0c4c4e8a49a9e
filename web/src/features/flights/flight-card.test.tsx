import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { aFlightListItem } from '../../test/flights';
import { FlightCard } from './flight-card';

afterEach(cleanup);

const flight = aFlightListItem();

describe('FlightCard title', () => {
  it("is the number with a '15:30 GMT' chip, never the stored 'BA117 (1530)'", () => {
    render(
      <MemoryRouter>
        <FlightCard
          flight={flight}
          now={new Date('2999-06-01T00:00:00.000Z')}
          onDelete={() => {}}
        />
      </MemoryRouter>,
    );
    const card = screen.getByLabelText('Flight BA117 15:30 GMT');
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('BA117');
    expect(screen.getByText('15:30 GMT')).toBeTruthy();
    expect(card.textContent).not.toContain('(1530)');
    expect(screen.getByRole('button', { name: 'Delete flight BA117 15:30 GMT' })).toBeTruthy();
  });
});
