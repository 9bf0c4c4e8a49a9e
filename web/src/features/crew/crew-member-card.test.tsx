import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CrewMember, CrewWaveStatus } from '../../../../domain';
import { createQueryClient } from '../../lib/query-client';
import { CrewMemberCard } from './crew-member-card';

afterEach(cleanup);

const viewer = { id: 1, isAdmin: false, isDemoUser: false, role: 'IFL' };
const flight = { flightNumber: 'BA117 (1530)', departureDate: '2999-06-10T00:00:00.000Z' };
const before = new Date('2999-06-01T00:00:00.000Z');
const after = new Date('2999-06-11T00:00:00.000Z');

function member(userId: number, status: CrewWaveStatus = 'none', over: Partial<CrewMember> = {}) {
  return {
    id: 10 + userId,
    flightId: 5,
    userId,
    role: 'IFM',
    tags: ['Coffee Chat'],
    note: 'Happy to swap',
    createdAt: '2999-05-01T00:00:00.000Z',
    expiresAt: null,
    user: {
      id: userId,
      displayName: userId === 1 ? 'Vera Viewer' : 'Anonymous Crew Member',
      role: 'IFM',
      avatarRing: 'orange',
      trialBadge: 'Trial (5d left)',
      isOnline: true,
      isAdmin: false,
    },
    waveStatus: { status, waveId: status === 'none' ? null : 77 },
    ...over,
  } satisfies CrewMember;
}

function renderCard(crew: CrewMember, props: Partial<Parameters<typeof CrewMemberCard>[0]> = {}) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <CrewMemberCard
          member={crew}
          flight={flight}
          viewer={viewer}
          now={before}
          viewerOnFlight
          {...props}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return within(screen.getByLabelText(crew.user.displayName));
}

describe('crew member card', () => {
  it('shows role, tags, the note in quotes, the trial badge and the online dot', () => {
    const card = renderCard(member(2));
    expect(card.getByText('IFM')).toBeTruthy();
    expect(card.getByText('Coffee Chat')).toBeTruthy();
    expect(card.getByText('“Happy to swap”')).toBeTruthy();
    expect(card.getByText('Trial (5d left)')).toBeTruthy();
    expect(card.getByRole('img', { name: 'Online' })).toBeTruthy();
  });

  it("says 'It's You' on one's own card, with the way to edit tags and note", () => {
    const onEdit = vi.fn();
    const card = renderCard(member(1), { onEdit });
    expect((card.getByRole('button', { name: "It's You" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.click(card.getByRole('button', { name: 'Edit tags and note' }));
    expect(onEdit).toHaveBeenCalled();
  });

  it('follows the wave between the two: Waved, Respond, Chat, Chat (Departed)', () => {
    let card = renderCard(member(2, 'pending-sent'));
    expect(card.getByText('Wave Sent')).toBeTruthy(); // the badge
    cleanup();
    card = renderCard(member(2, 'pending-received'));
    expect(card.getByRole('button', { name: 'Respond' })).toBeTruthy();
    cleanup();
    card = renderCard(member(2, 'accepted'));
    expect(card.getByRole('link', { name: 'Chat' }).getAttribute('href')).toBe(
      '/messages?waveId=77',
    );
    expect(card.getByText('Connected')).toBeTruthy();
    cleanup();
    card = renderCard(member(2, 'accepted'), { now: after });
    expect(card.getByRole('link', { name: 'Chat (Departed)' })).toBeTruthy();
  });

  it("shows the sender a disabled 'Waved' with visible words, never a dead Wave button", () => {
    // What the server sends the sender of a wave, declined or not (it never says declined).
    const card = renderCard(member(2, 'pending-sent'));
    const waved = card.getByRole('button', { name: /Waved/ }) as HTMLButtonElement;
    expect(waved.disabled).toBe(true);
    const note = card.getByText("You've already waved on this flight");
    expect(note.getAttribute('title')).toBeNull();
    expect(waved.getAttribute('aria-describedby')).toBe(note.id);
    expect(card.queryByRole('button', { name: /^Wave at/ })).toBeNull();
    expect(card.queryByText(/declin|reject/i)).toBeNull();
  });

  it('shows the receiver who declined a plain disabled Wave, with the reason as its hint', () => {
    const card = renderCard(member(2, 'rejected'));
    const wave = card.getByRole('button', { name: /^Wave at/ }) as HTMLButtonElement;
    expect(wave.disabled).toBe(true);
    expect(card.queryByText('Wave Sent')).toBeNull();
  });

  it('gives admins a remove button, disabled after departure', () => {
    const onRemove = vi.fn();
    const admin = { ...viewer, isAdmin: true };
    let card = renderCard(member(2), { viewer: admin, onRemove });
    fireEvent.click(card.getByRole('button', { name: 'Remove Anonymous Crew Member' }));
    expect(onRemove).toHaveBeenCalled();
    cleanup();
    card = renderCard(member(2), { viewer: admin, onRemove, now: after });
    const remove = card.getByRole('button', { name: 'Remove Anonymous Crew Member' });
    expect((remove as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTitle('Cannot remove crew from departed flights')).toBeTruthy();
  });
});
