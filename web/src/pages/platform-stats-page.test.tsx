import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ActivitySeries, PlatformOverview, UserStatisticsRow } from '../../../domain';
import { createQueryClient } from '../lib/query-client';
import { type Call, type Handler, stubServer } from '../test/stub-server';
import { PlatformStatsPage } from './platform-stats-page';

// The statistics page against a stubbed network (the server side is built separately): these
// pin the calls it makes and what it shows of each answer.

/** The requests made so far, as 'METHOD /path?query'. */
const requested = (server: { calls: Call[] }) => server.calls.map((c) => `${c.method} ${c.path}`);

const OVERVIEW: PlatformOverview = {
  activeFlights: 7,
  totalFlights: 23,
  liveWaves: 5,
  totalWaves: 41,
  onlineUsers: 3,
  totalUsers: 58,
  subscriptionBreakdown: { active: 31, expired: 9, cancelled: 4, pending: 14 },
  counters: {
    totalWavesEverCreated: 1234,
    totalMessagesEverSent: 5678,
    totalUsersEverRegistered: 66,
    totalFlightsEverCreated: 90,
    updatedAt: '2026-11-20T10:00:00.000Z',
  },
};

const SERIES: ActivitySeries = {
  signupsPerWeek: [
    { weekStart: '2026-11-09', count: 4 },
    { weekStart: '2026-11-16', count: 6 },
  ],
  wavesPerDay: [
    { day: '2026-11-19', count: 2 },
    { day: '2026-11-20', count: 8 },
  ],
  messagesPerDay: [
    { day: '2026-11-19', count: 11 },
    { day: '2026-11-20', count: 0 },
  ],
  membershipMix: [
    { membershipType: 'trial', count: 30 },
    { membershipType: 'paid', count: 10 },
  ],
};

const row = (
  id: number,
  name: string,
  extra: Partial<UserStatisticsRow> = {},
): UserStatisticsRow => ({
  id,
  name,
  nickname: null,
  email: `${name.toLowerCase()}@ba.com`,
  role: 'IFL',
  isOnline: false,
  subscriptionStatus: 'active',
  subscriptionExpiresAt: null,
  flightCount: 1,
  wavesSent: 0,
  wavesReceived: 0,
  lastLoginAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  activityScore: 1,
  ...extra,
});
const ANN = row(1, 'Ann', { flightCount: 9, activityScore: 12 });
const BEN = row(2, 'Ben', { isOnline: true, activityScore: 4 });
const CAT = row(3, 'Cat', { activityScore: 2 });

const USERS = '/api/admin/user-statistics';
const base: Record<string, Handler> = {
  'GET /api/admin/platform-overview': { body: OVERVIEW },
  'GET /api/admin/activity-series': { body: SERIES },
  [`GET ${USERS}?filter=all&sort=activity`]: { body: [ANN, BEN, CAT] },
  [`GET ${USERS}?filter=online&sort=activity`]: { body: [BEN] },
  [`GET ${USERS}?filter=online&sort=name`]: { body: [BEN] },
  [`GET ${USERS}?filter=all&sort=name`]: { body: [CAT, BEN, ANN] },
};

function renderPage() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/platform-stats']}>
        <PlatformStatsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The member names of the statistics table, top to bottom. */
function memberNames() {
  const table = screen.getByRole('table', { name: 'Member statistics' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[0]?.querySelector('p')?.textContent);
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/platform-stats', () => {
  it('shows skeletons while loading, then the overview’s figures and counters, and goes back to /admin', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    stubServer({
      ...base,
      'GET /api/admin/platform-overview': async () => {
        await gate;
        return { body: OVERVIEW };
      },
    });
    renderPage();
    expect(screen.getByRole('status', { name: 'Loading the overview' })).toBeTruthy();
    release();
    const flights = await screen.findByRole('group', { name: 'Active flights' });
    expect(flights.textContent).toContain('7');
    expect(flights.textContent).toContain('of 23 flights');
    expect(screen.getByRole('group', { name: 'Live waves' }).textContent).toContain('of 41 waves');
    expect(screen.getByRole('group', { name: 'Online users' }).textContent).toContain('3');
    expect(screen.getByRole('group', { name: 'Total users' }).textContent).toContain('58');
    const subs = screen.getByRole('group', { name: 'Subscriptions' });
    const figure = (group: HTMLElement, term: string) =>
      within(group)
        .getAllByRole('term')
        .find((t) => t.textContent === term)?.nextElementSibling?.textContent;
    expect(figure(subs, 'Active')).toBe('31');
    expect(figure(subs, 'Pending')).toBe('14');
    const allTime = screen.getByRole('group', { name: 'All time' });
    expect(figure(allTime, 'Waves created')).toBe('1,234');
    expect(figure(allTime, 'Messages sent')).toBe('5,678');
    expect(figure(allTime, 'Members registered')).toBe('66');
    expect(figure(allTime, 'Flights created')).toBe('90');
    expect(screen.getByRole('link', { name: 'Back to Admin' }).getAttribute('href')).toBe('/admin');
  });

  it('asks the server again when the filter or the sort changes, and shows the rows in its order', async () => {
    const server = stubServer(base);
    renderPage();
    await waitFor(() => expect(memberNames()).toEqual(['Ann', 'Ben', 'Cat']));
    expect(requested(server)).toContain(`GET ${USERS}?filter=all&sort=activity`);

    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), {
      target: { value: 'name' },
    });
    await waitFor(() => expect(memberNames()).toEqual(['Cat', 'Ben', 'Ann']));
    expect(requested(server)).toContain(`GET ${USERS}?filter=all&sort=name`);

    const tabs = screen.getByRole('tablist', { name: 'Show members' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['All', 'Active', 'Online']);
    fireEvent.mouseDown(within(tabs).getByRole('tab', { name: 'Online' }), { button: 0 });
    await waitFor(() => expect(memberNames()).toEqual(['Ben']));
    expect(requested(server)).toContain(`GET ${USERS}?filter=online&sort=name`);
  });

  it('draws the three charts, each with its numbers as a table for screen readers', async () => {
    stubServer(base);
    renderPage();
    const signups = await screen.findByRole('table', { name: 'Sign-ups per week (from Monday)' });
    expect(within(signups).getByRole('row', { name: '16 Nov 6' })).toBeTruthy();
    const activity = screen.getByRole('table', { name: 'Waves and messages per day' });
    expect(
      within(activity)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Label', 'Waves', 'Messages']);
    expect(within(activity).getByRole('row', { name: '19 Nov 2 11' })).toBeTruthy();
    const mix = screen.getByRole('table', { name: 'Membership mix' });
    expect(within(mix).getByRole('row', { name: 'Trial 30 75%' })).toBeTruthy();
    expect(within(mix).getByRole('row', { name: 'Paid 10 25%' })).toBeTruthy();
  });

  it('says the spec’s text when the statistics fail to load, and tries again on request', async () => {
    let fail = true;
    const server = stubServer({
      ...base,
      [`GET ${USERS}?filter=all&sort=activity`]: () =>
        fail ? { status: 500, body: { message: 'Internal error' } } : { body: [ANN] },
    });
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load user data.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(memberNames()).toEqual(['Ann']));
    expect(requested(server).filter((c) => c.startsWith(`GET ${USERS}`))).toHaveLength(2);
  });
});
