import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALREADY_WAVED, type CrewCardAction, crewCardAction } from '../../../../domain';
import { createQueryClient } from '../../lib/query-client';
import { person } from './test-waves';
import { WaveAction } from './wave-action';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const viewer = { id: 1, isAdmin: false, isDemoUser: false };
const flight = { flightNumber: 'BA117 (1530)', departureDate: '2999-06-10T00:00:00.000Z' };
const member = {
  userId: 2,
  flightId: 5,
  user: person(2, { displayName: 'Anonymous Crew Member' }),
  waveStatus: { waveId: null as number | null },
};
const now = new Date('2999-06-01T00:00:00.000Z');

function renderAction(
  action: CrewCardAction,
  props: Partial<Parameters<typeof WaveAction>[0]> = {},
) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <WaveAction
          action={action}
          member={member}
          flight={flight}
          viewer={viewer}
          now={now}
          {...props}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('WaveAction', () => {
  it("sends a wave and says 'Wave Sent!' with a 'Got it' button", async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ id: 9, senderId: 1, receiverId: 2, flightId: 5 }), {
          status: 201,
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderAction(crewCardAction(1, 2, null, flight, now));
    fireEvent.click(screen.getByRole('button', { name: 'Wave at Anonymous Crew Member' }));
    expect(await screen.findByRole('dialog', { name: 'Wave Sent!' })).toBeTruthy();
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/waves');
    expect(JSON.parse(String(init.body))).toEqual({ receiverId: 2, flightId: 5 });
    fireEvent.click(screen.getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('dialog', { name: 'Wave Sent!' })).toBeNull();
  });

  it('cannot wave in demo mode or after departure', () => {
    renderAction({ kind: 'wave', label: 'Wave' }, { viewer: { ...viewer, isDemoUser: true } });
    const demo = screen.getByRole('button', { name: /Wave at/ }) as HTMLButtonElement;
    expect(demo.disabled).toBe(true);
    expect(demo.parentElement?.title).toBe('Wave sending not available in demo mode');
    cleanup();
    renderAction({ kind: 'wave', label: 'Wave' }, { now: new Date('3000-01-01T00:00:00.000Z') });
    expect(screen.getByRole('button', { name: /Wave at/ }).parentElement?.title).toBe(
      'Cannot send waves for past flights',
    );
  });

  it('cannot wave again after a declined wave', () => {
    renderAction(
      { kind: 'wave', label: 'Wave' },
      { member: { ...member, waveStatus: { waveId: 9 } } },
    );
    const button = screen.getByRole('button', { name: /Wave at/ }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.parentElement?.title).toBe('A wave already exists between you on this flight');
  });

  it('shows Waved disabled with its words, Respond, and Chat as a link to the chat', () => {
    renderAction({ kind: 'sent', label: 'Waved', note: ALREADY_WAVED });
    expect((screen.getByRole('button', { name: /Waved/ }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(screen.getByText(ALREADY_WAVED)).toBeTruthy();
    cleanup();
    renderAction({ kind: 'respond', label: 'Respond' });
    expect(screen.getByRole('button', { name: 'Respond' })).toBeTruthy();
    cleanup();
    renderAction(
      { kind: 'chat', label: 'Chat (Departed)' },
      { member: { ...member, waveStatus: { waveId: 9 } } },
    );
    expect(screen.getByRole('link', { name: 'Chat (Departed)' }).getAttribute('href')).toBe(
      '/messages?waveId=9',
    );
  });
});
