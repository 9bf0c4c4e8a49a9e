import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { person, waveFixture } from './test-waves';
import { WaveCard } from './wave-card';

afterEach(cleanup);

const sender = { id: 1, isAdmin: false, isDemoUser: false };
const receiver = { id: 2, isAdmin: false, isDemoUser: false };
const beforeDeparture = new Date('2030-06-10T12:00:00.000Z'); // 3h 30m before 15:30 GMT
const afterDeparture = new Date('2030-06-10T16:00:00.000Z');

function renderCard(props: Partial<Parameters<typeof WaveCard>[0]> = {}) {
  const handlers = { onOpenChat: vi.fn(), onRespond: vi.fn(), onDelete: vi.fn() };
  render(
    <QueryClientProvider client={createQueryClient()}>
      <WaveCard
        wave={waveFixture()}
        viewer={receiver}
        now={beforeDeparture}
        {...handlers}
        {...props}
      />
    </QueryClientProvider>,
  );
  return handlers;
}

describe('WaveCard', () => {
  it('shows a pending wave to its receiver as a Wave Request with Accept Wave and Decline', () => {
    const { onRespond } = renderCard({ wave: waveFixture({ unread: true }) });
    expect(screen.getByText('Wave Request')).toBeTruthy();
    expect(screen.queryByText('Pending Response')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Accept Wave' }));
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect(onRespond.mock.calls.map(([, status]) => status)).toEqual(['accepted', 'rejected']);
  });

  it('shows a pending wave to its sender as Pending Response, without answer buttons', () => {
    renderCard({ viewer: sender });
    expect(screen.getByText('Pending Response')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept Wave' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Decline' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Crew 2' })).toBeTruthy();
  });

  it('names the other person, the flight and the route', () => {
    renderCard({
      wave: waveFixture({ sender: person(1, { displayName: 'Anonymous Crew Member' }) }),
    });
    expect(screen.getByRole('heading', { name: 'Anonymous Crew Member' })).toBeTruthy();
    expect(screen.getByText('BA117')).toBeTruthy();
    expect(screen.getByText(/LHR → JFK/)).toBeTruthy();
  });

  it('refuses answers after departure with the domain reason', () => {
    renderCard({ now: afterDeparture });
    const accept = screen.getByRole('button', { name: 'Accept Wave' }) as HTMLButtonElement;
    expect(accept.disabled).toBe(true);
    expect(screen.getByText('Cannot respond to waves for past flights')).toBeTruthy();
  });

  it('shows a countdown and a Chat button on an open conversation', () => {
    const { onOpenChat } = renderCard({ wave: waveFixture({ status: 'accepted' }) });
    expect(screen.getByText('Chat closes in 3h 30m')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Chat' }));
    expect(onOpenChat).toHaveBeenCalledOnce();
  });

  it("says 'Chat (Departed)' once a timed flight has left", () => {
    renderCard({ wave: waveFixture({ status: 'accepted' }), now: afterDeparture });
    expect(screen.getByRole('button', { name: 'Chat (Departed)' })).toBeTruthy();
    expect(screen.queryByText(/Chat closes in/)).toBeNull();
  });

  it("says 'Chat (Day Complete)' once the day of a flight without a time is over", () => {
    const wave = waveFixture({ status: 'accepted' });
    renderCard({
      wave: { ...wave, flight: { ...wave.flight, flightNumber: 'BA117' } },
      now: new Date('2030-06-11T01:00:00.000Z'),
    });
    expect(screen.getByRole('button', { name: 'Chat (Day Complete)' })).toBeTruthy();
  });

  it('counts new messages on a conversation', () => {
    renderCard({ wave: waveFixture({ status: 'accepted', unread: true, unreadMessages: 2 }) });
    expect(screen.getByText('2 new messages')).toBeTruthy();
  });

  it('marks a Support conversation', () => {
    renderCard({
      viewer: sender,
      wave: waveFixture({ status: 'accepted', receiver: person(2, { isAdmin: true }) }),
    });
    const label = screen.getByText('Support');
    // The Support logo beside the label (flights spec §6).
    expect(label.querySelector('img')?.getAttribute('src')).toBe('/icons/icon.svg');
  });

  it('offers no delete and no answers to a demo user', () => {
    renderCard({ viewer: { ...receiver, isDemoUser: true } });
    expect(screen.queryByRole('button', { name: 'Delete wave' })).toBeNull();
    expect(
      (screen.getByRole('button', { name: 'Accept Wave' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('deletes a pending wave', () => {
    const { onDelete } = renderCard({ viewer: sender });
    fireEvent.click(screen.getByRole('button', { name: 'Delete wave' }));
    expect(onDelete).toHaveBeenCalledOnce();
  });
});
