import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CrewMember, FlightDetail, UserFlight } from '../../../domain';
import { signedInClient } from '../test/session';
import { FlightDetailPage } from './flight-detail-page';
import { MyFlightsPage } from './my-flights-page';

type Call = { path: string; method: string };
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

const VIEWER_ID = 1;
const flight = {
  id: 5,
  flightNumber: 'BA117 (1530)',
  origin: 'LHR',
  destination: 'JFK',
  departureDate: '2999-06-10T00:00:00.000Z',
  duration: '8h 30m',
  createdAt: '2999-05-01T00:00:00.000Z',
  crewCount: 1,
  onlineCrewCount: 0,
  tags: [],
  localDeparture: { time: '16:30', date: '2999-06-10', timeZone: 'Europe/London' },
};

function member(userId: number): CrewMember {
  return {
    id: 10 + userId,
    flightId: flight.id,
    userId,
    role: 'IFM',
    tags: [],
    note: null,
    createdAt: '2999-05-01T00:00:00.000Z',
    expiresAt: null,
    user: {
      id: userId,
      displayName: userId === VIEWER_ID ? 'Vera Viewer' : `Crew ${userId}`,
      role: 'IFM',
      avatarRing: 'orange',
      trialBadge: null,
      isOnline: false,
      isAdmin: false,
    },
    waveStatus: { status: 'none', waveId: null },
  };
}

/** The detail as the server sends it; `canDelete` is deliberately not what the page reads. */
function detail(crewIds: number[]): FlightDetail {
  const crewMembers = crewIds.map(member);
  return {
    ...flight,
    crewCount: crewMembers.length,
    isJoined: crewIds.includes(VIEWER_ID),
    crewMembers,
    canDelete: false,
  };
}

function renderAt(
  path: string,
  answer: (call: Call) => Response,
  viewer: { isAdmin?: boolean } = {},
) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = { path: url, method: init?.method ?? 'GET' };
      calls.push(call);
      return answer(call);
    }),
  );
  const client = signedInClient({ id: VIEWER_ID, isAdmin: viewer.isAdmin ?? false });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/flight/:id" element={<FlightDetailPage />} />
          <Route path="/my-flights" element={<MyFlightsPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return calls;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('flight detail: delete or leave', () => {
  const serve = (body: FlightDetail) => (call: Call) =>
    call.method === 'DELETE' ? json(200, { success: true }) : json(200, body);

  it('offers Delete Flight to the first crew member while alone on it', async () => {
    renderAt('/flight/5', serve(detail([VIEWER_ID])));
    expect(await screen.findByRole('button', { name: 'Delete Flight' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Leave flight' })).toBeNull();
    // The origin's clock beside the GMT time (London in June is BST).
    expect(screen.getByTestId('local-departure').textContent).toBe('Departs 16:30 LHR · 15:30 GMT');
  });

  it('offers Leave flight, not Delete, once others are on it, and leaves with the own entry', async () => {
    const calls = renderAt('/flight/5', serve(detail([VIEWER_ID, 2])));
    fireEvent.click(await screen.findByRole('button', { name: 'Leave flight' }));
    expect(screen.queryByRole('button', { name: 'Delete Flight' })).toBeNull();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/the flight stays for the other crew/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Leave flight' }));
    await vi.waitFor(() =>
      expect(calls).toContainEqual({
        path: `/api/flight-crew/${10 + VIEWER_ID}`,
        method: 'DELETE',
      }),
    );
    expect(calls.some((c) => c.path === '/api/flights/5' && c.method === 'DELETE')).toBe(false);
  });

  it('offers a later crew member Leave flight, and an admin Delete Flight', async () => {
    renderAt('/flight/5', serve(detail([2, VIEWER_ID])));
    expect(await screen.findByRole('button', { name: 'Leave flight' })).toBeTruthy();
    cleanup();
    renderAt('/flight/5', serve(detail([2, 3])), { isAdmin: true });
    expect(await screen.findByRole('button', { name: 'Delete Flight' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Leave flight' })).toBeNull();
  });
});

describe('My Flights: delete or leave', () => {
  const item = (id: number, canDelete: boolean, flightNumber: string): UserFlight => ({
    id,
    role: 'IFM',
    tags: [],
    note: null,
    canDelete,
    flight: { ...flight, id: id + 100, flightNumber },
  });

  it("shows Delete where the server's canDelete allows it and Leave flight elsewhere", async () => {
    const calls = renderAt('/my-flights', (call) =>
      call.method === 'DELETE'
        ? json(200, { success: true })
        : json(200, [item(1, true, 'BA1 (0900)'), item(2, false, 'BA2 (1000)')]),
    );
    expect(await screen.findByRole('button', { name: 'Delete flight BA1 09:00 GMT' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Leave flight BA1 09:00 GMT' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete flight BA2 10:00 GMT' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Leave flight BA2 10:00 GMT' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Leave flight' }));
    await vi.waitFor(() =>
      expect(calls).toContainEqual({ path: '/api/flight-crew/2', method: 'DELETE' }),
    );
  });
});
