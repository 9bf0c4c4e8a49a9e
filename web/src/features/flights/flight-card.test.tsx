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

describe('FlightCard local time', () => {
  it("adds the origin's clock beside the GMT chip: '20:45 JFK · 01:45 GMT +1'", () => {
    render(
      <MemoryRouter>
        <FlightCard
          flight={aFlightListItem({
            flightNumber: 'BA112 (0145)',
            origin: 'JFK',
            destination: 'LHR',
            departureDate: '2999-11-30T00:00:00.000Z',
            localDeparture: { time: '20:45', date: '2999-11-29', timeZone: 'America/New_York' },
          })}
          now={new Date('2999-11-01T00:00:00.000Z')}
        />
      </MemoryRouter>,
    );
    expect(screen.getByText('01:45 GMT')).toBeTruthy();
    expect(screen.getByTestId('local-departure').textContent).toBe('20:45 JFK · 01:45 GMT +1');
  });

  it('shows no local line for a flight without a time', () => {
    render(
      <MemoryRouter>
        <FlightCard
          flight={aFlightListItem({
            flightNumber: 'BA117',
            localDeparture: { time: null, date: '2999-06-10', timeZone: 'Europe/London' },
          })}
          now={new Date('2999-06-01T00:00:00.000Z')}
        />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('local-departure')).toBeNull();
  });
});
