import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserFlight } from '../../../domain';
import { signedInClient } from '../test/session';
import { MyFlightsPage } from './my-flights-page';

const flight = (id: number, flightNumber: string, duration: string | null) => ({
  id,
  flightNumber,
  origin: 'LHR',
  destination: 'JFK',
  departureDate: '2999-06-10T00:00:00.000Z',
  duration,
  createdAt: '2999-05-01T00:00:00.000Z',
  crewCount: 1,
  onlineCrewCount: 0,
  tags: [],
  localDeparture: {
    time: null as string | null,
    date: '2999-06-10',
    timeZone: 'Europe/London' as string | null,
  },
});
const entry = (id: number, f: ReturnType<typeof flight>): UserFlight => ({
  id,
  role: 'IFM',
  tags: [],
  note: null,
  canDelete: true,
  flight: f,
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('My Flights: duration only when known', () => {
  it('shows the duration a roster gave, and nothing (no made-up figure) for a flight without one', async () => {
    const body = [
      entry(1, flight(5, 'BA117 (1530)', '8h 05m')),
      entry(2, flight(6, 'BA283', null)),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(body), { status: 200 })),
    );
    const client = signedInClient();
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/my-flights']}>
          <Routes>
            <Route path="/my-flights" element={<MyFlightsPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const timed = await screen.findByLabelText('Flight BA117 15:30 GMT');
    expect(within(timed).getByText(/8h 05m/)).toBeTruthy();
    const untimed = screen.getByLabelText('Flight BA283');
    expect(untimed.textContent).not.toMatch(/\dh \d{2}m/);
  });

  it("adds the origin's clock beside the GMT time: '20:45 JFK · 01:45 GMT +1'", async () => {
    const body = [
      entry(3, {
        ...flight(7, 'BA112 (0145)', null),
        origin: 'JFK',
        destination: 'LHR',
        departureDate: '2999-11-30T00:00:00.000Z',
        localDeparture: { time: '20:45', date: '2999-11-29', timeZone: 'America/New_York' },
      }),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(body), { status: 200 })),
    );
    render(
      <QueryClientProvider client={signedInClient()}>
        <MemoryRouter initialEntries={['/my-flights']}>
          <Routes>
            <Route path="/my-flights" element={<MyFlightsPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const card = await screen.findByLabelText('Flight BA112 01:45 GMT');
    expect(within(card).getByTestId('local-departure').textContent).toBe(
      '20:45 JFK · 01:45 GMT +1',
    );
  });
});
