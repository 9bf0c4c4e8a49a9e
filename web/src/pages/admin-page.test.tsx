import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminUser } from '../../../domain';
import { routes } from '../app/routes';
import { Toaster } from '../components/ui/toast';
import { createQueryClient } from '../lib/query-client';
import { type Answer, type Handler, ok, stubServer } from '../test/stub-server';
import { shownToast } from '../test/toasts';
import { AdminPage } from './admin-page';

// The dashboard against a stubbed network (test/stub-server): what it shows and says for each answer.

// A whole dashboard renders per test; on a busy shared box that takes seconds, not a hang.
vi.setConfig({ testTimeout: 20_000 });

const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const ISO = '2026-01-10T12:00:00.000Z';

function member(id: number, email: string, extra: Partial<AdminUser> = {}): AdminUser {
  return {
    id,
    email,
    name: `Member ${id}`,
    nickname: null,
    role: 'IFL',
    yearsFlying: null,
    mobileNumber: null,
    contactEmail: null,
    paymentEmail: null,
    profilePictureUrl: null,
    verified: true,
    isAdmin: false,
    isOnline: false,
    isDemoUser: false,
    isDeleted: false,
    deletionScheduledAt: null,
    createdAt: ISO,
    lastActive: null,
    lastLoginAt: null,
    loginCount: 0,
    membershipType: 'paid',
    subscriptionId: null,
    subscriptionStatus: 'active',
    subscriptionExpiresAt: inDays(60),
    trialStartedAt: null,
    trialExpiresAt: null,
    approvalStatus: 'approved',
    approvedBy: 1,
    approvedAt: ISO,
    disclaimerAcceptedAt: ISO,
    profileSetupDoneAt: ISO,
    showNameAfterMatch: true,
    shareContactInfo: false,
    flightNotifications: true,
    emailNotifications: true,
    smsNotifications: false,
    telegramNotifications: false,
    pushNotifications: false,
    totalFlightsEver: 0,
    totalWavesSentEver: 0,
    totalWavesReceivedEver: 0,
    cancellationRequestedAt: null,
    ...extra,
  };
}

const ADMIN = member(1, 'boss@ba.com', { isAdmin: true, membershipType: 'lifetime' });
const PAT = member(2, 'pat@ba.com');
const GONE = member(3, 'gone@ba.com', { subscriptionExpiresAt: inDays(-1) });
const SOON = member(4, 'soon@ba.com', { subscriptionExpiresAt: inDays(3) });
const LEAVING = member(5, 'leaving@ba.com', { cancellationRequestedAt: inDays(-2) });

const FIRST_PAGE = 'GET /api/admin/users?q=&membership=all&page=1';
const page = (users: AdminUser[]) => ok({ users, total: users.length, page: 1, pageSize: 50 });

function baseRoutes(users: AdminUser[] = [ADMIN, PAT, GONE, SOON, LEAVING]) {
  return {
    'GET /api/auth/me': ok({ ...ADMIN, passcode: undefined }),
    'GET /api/admin/pending-count': ok({ count: 2 }),
    [FIRST_PAGE]: page(users),
  } satisfies Record<string, Handler>;
}

function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname}</div>;
}

function renderDashboard() {
  const router = createMemoryRouter(
    [
      {
        path: '/admin',
        element: (
          <>
            <AdminPage />
            <Where />
          </>
        ),
      },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: ['/admin'] },
  );
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
}

const rowOf = async (email: string) => {
  const cell = await screen.findByText(email);
  return cell.closest('tr') as HTMLElement;
};

/** Opens the member's action sheet and presses one of its actions. */
async function act(email: string, action: string) {
  fireEvent.click(await screen.findByRole('button', { name: `Manage ${email}` }));
  fireEvent.click(await screen.findByRole('button', { name: `${action} for ${email}` }));
  return screen.findByRole('dialog');
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/admin member table', () => {
  it('marks a past expiry red, one within 7 days orange, and an open cancellation request', async () => {
    stubServer(baseRoutes());
    renderDashboard();

    const gone = within(await rowOf('gone@ba.com')).getByText('Expired').parentElement!;
    expect(gone.className).toContain('text-red-700');
    const soon = within(await rowOf('soon@ba.com')).getByText('Expiring soon').parentElement!;
    expect(soon.className).toContain('text-orange-700');

    const fine = await rowOf('pat@ba.com');
    expect(within(fine).queryByText(/Expired|Expiring soon/)).toBeNull();
    expect(fine.querySelector('[data-tone]')).toBeNull();

    expect(within(await rowOf('leaving@ba.com')).getByText('Cancellation requested')).toBeTruthy();
    expect(within(fine).queryByText('Cancellation requested')).toBeNull();
  });

  it('shows the pending banner whose Review Now opens the approvals', async () => {
    stubServer(baseRoutes());
    renderDashboard();
    expect(await screen.findByText('2 registrations are waiting for approval')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Review Now' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/admin/approvals'));
  });

  it('asks the server once typing settles, and again for a membership filter', async () => {
    const { calls } = stubServer({
      ...baseRoutes(),
      'GET /api/admin/users?q=pat&membership=all&page=1': page([PAT]),
      'GET /api/admin/users?q=pat&membership=trial&page=1': page([]),
    });
    renderDashboard();
    const search = await screen.findByLabelText('Search members');
    for (const text of ['p', 'pa', 'pat']) fireEvent.change(search, { target: { value: text } });
    await waitFor(() => expect(screen.queryByText('gone@ba.com')).toBeNull());
    expect(screen.getByText('pat@ba.com')).toBeTruthy();
    const searches = calls.filter((c) => c.path.startsWith('/api/admin/users?q=p'));
    expect(searches.map((c) => c.path)).toEqual(['/api/admin/users?q=pat&membership=all&page=1']);

    fireEvent.change(screen.getByLabelText('Membership'), { target: { value: 'trial' } });
    expect(await screen.findByText('No members match.')).toBeTruthy();
  });

  it('offers no admin toggle on the admin’s own row, but does on others', async () => {
    const { writes } = stubServer({
      ...baseRoutes(),
      'POST /api/users/2/toggle-admin': ok({ success: true, message: 'Done', isAdmin: true }),
    });
    renderDashboard();
    fireEvent.click(await screen.findByRole('button', { name: 'Manage boss@ba.com' }));
    const sheet = await screen.findByRole('dialog');
    expect(within(sheet).getByRole('button', { name: 'Edit PIN for boss@ba.com' })).toBeTruthy();
    expect(within(sheet).queryByRole('button', { name: /(Grant|Revoke) admin/ })).toBeNull();
    fireEvent.click(within(sheet).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const dialog = await act('pat@ba.com', 'Grant admin');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Grant admin' }));
    expect(await shownToast('Admin granted')).toMatchObject({
      type: 'success',
      description: 'Done',
    });
    expect(writes()).toEqual([
      { method: 'POST', path: '/api/users/2/toggle-admin', body: { isAdmin: true } },
    ]);
  });
});

describe('/admin dialogs', () => {
  it('edit PIN keeps digits only, cut at 4, and refuses fewer than 4', async () => {
    const { writes } = stubServer({
      ...baseRoutes(),
      'POST /api/users/2/update-passcode': ok({ success: true, message: 'ok', forcedPin: false }),
    });
    renderDashboard();
    const dialog = await act('pat@ba.com', 'Edit PIN');
    const input = within(dialog).getByLabelText('New PIN') as HTMLInputElement;

    fireEvent.change(input, { target: { value: 'a1b2c3d4e5' } });
    expect(input.value).toBe('1234');

    fireEvent.change(input, { target: { value: '12' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save PIN' }));
    expect(within(dialog).getByText('Passcode must be exactly 4 digits')).toBeTruthy();
    expect(await shownToast('Invalid passcode')).toMatchObject({
      type: 'error',
      description: 'Passcode must be exactly 4 digits',
    });
    expect(writes()).toEqual([]);

    fireEvent.change(input, { target: { value: '4321' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save PIN' }));
    expect(await shownToast('Passcode updated')).toMatchObject({
      type: 'success',
      description: expect.any(String),
    });
    expect(writes()).toEqual([
      { method: 'POST', path: '/api/users/2/update-passcode', body: { passcode: '4321' } },
    ]);
  });

  it('edit PIN says Demo User PIN Set when the server forced the demo PIN, and shows a refusal', async () => {
    let answer: Answer = ok({ success: true, message: 'Demo PIN kept', forcedPin: true });
    stubServer({ ...baseRoutes(), 'POST /api/users/2/update-passcode': () => answer });
    renderDashboard();
    let dialog = await act('pat@ba.com', 'Edit PIN');
    fireEvent.change(within(dialog).getByLabelText('New PIN'), { target: { value: '5555' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save PIN' }));
    expect(await shownToast('Demo User PIN Set')).toMatchObject({
      type: 'success',
      description: 'Demo PIN kept',
    });

    answer = { status: 404, body: { message: 'User not found' } };
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    dialog = await act('pat@ba.com', 'Edit PIN');
    fireEvent.change(within(dialog).getByLabelText('New PIN'), { target: { value: '5555' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save PIN' }));
    expect(await shownToast('Update failed')).toMatchObject({
      type: 'error',
      description: 'User not found',
    });
  });

  it('add user refuses an e-mail without @, then sends blanks as null with a generated PIN', async () => {
    const { writes } = stubServer({
      ...baseRoutes(),
      'POST /api/admin/users/create': (body) =>
        ok({
          success: true,
          message: 'created',
          user: member(9, (body as { email: string }).email),
        }),
    });
    renderDashboard();
    fireEvent.click(await screen.findByRole('button', { name: 'Add New User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New User' });
    const pin = within(dialog).getByLabelText('Generated PIN').textContent ?? '';
    expect(pin).toMatch(/^[1-9]\d{3}$/);
    expect((within(dialog).getByLabelText('Membership duration') as HTMLSelectElement).value).toBe(
      '6months',
    );

    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'new.ba.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create User' }));
    expect(within(dialog).getByText('Please enter a valid email address')).toBeTruthy();
    expect(await shownToast('Invalid email')).toMatchObject({
      type: 'error',
      description: 'Please enter a valid email address',
    });
    expect(writes()).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'New@BA.com' } });
    fireEvent.change(within(dialog).getByLabelText('Role'), { target: { value: 'Admin' } });
    fireEvent.change(within(dialog).getByLabelText('Membership duration'), {
      target: { value: 'lifetime' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create User' }));
    expect(await shownToast('User created successfully')).toMatchObject({
      type: 'success',
      description: expect.any(String),
    });
    expect(writes()).toEqual([
      {
        method: 'POST',
        path: '/api/admin/users/create',
        body: {
          email: 'new@ba.com',
          name: null,
          nickname: null,
          role: 'Admin',
          isAdmin: false,
          passcode: pin,
          membershipDuration: 'lifetime',
          isDemoUser: false,
        },
      },
    ]);
  });

  it('add user shows the server’s refusal under Failed to create user', async () => {
    stubServer({
      ...baseRoutes(),
      'POST /api/admin/users/create': { status: 409, body: { message: 'User already exists' } },
    });
    renderDashboard();
    fireEvent.click(await screen.findByRole('button', { name: 'Add New User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New User' });
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'pat@ba.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create User' }));
    expect(await shownToast('Failed to create user')).toMatchObject({
      type: 'error',
      description: 'User already exists',
    });
  });

  it('permanent delete stays disabled until the member’s e-mail is typed', async () => {
    const { writes } = stubServer({
      ...baseRoutes(),
      'DELETE /api/admin/users/2': ok({ success: true, message: 'deleted' }),
    });
    renderDashboard();
    const dialog = await act('pat@ba.com', 'Delete permanently');
    const button = within(dialog).getByRole('button', { name: 'Delete permanently' });
    const confirm = within(dialog).getByLabelText('Type pat@ba.com to confirm');
    fireEvent.change(confirm, { target: { value: 'pat@ba.co' } });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(confirm, { target: { value: 'PAT@ba.com' } });
    expect((button as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(button);
    expect(await shownToast('User Deleted')).toMatchObject({
      type: 'success',
      description: expect.any(String),
    });
    expect(writes()).toEqual([{ method: 'DELETE', path: '/api/admin/users/2', body: undefined }]);
  });

  it('view PIN is masked until Reveal, which asks the server', async () => {
    const { writes } = stubServer({
      ...baseRoutes(),
      'POST /api/admin/users/2/reveal-passcode': ok({ passcode: '8642' }),
    });
    renderDashboard();
    const dialog = await act('pat@ba.com', 'View PIN');
    expect(within(dialog).getByText('PIN hidden')).toBeTruthy();
    expect(within(dialog).queryByText('8642')).toBeNull();
    expect(writes()).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reveal' }));
    expect(await within(dialog).findByText('8642')).toBeTruthy();
    expect(writes().map((c) => c.path)).toEqual(['/api/admin/users/2/reveal-passcode']);
  });

  it('user flights show at most 2 tags plus +n more, each row linking to the flight', async () => {
    stubServer({
      ...baseRoutes(),
      'GET /api/admin/user-flights/2': ok({
        user: PAT,
        analytics: { flightCount: 1, wavesSent: 0, wavesReceived: 0, loginCount: 0 },
        flights: [
          {
            id: 77,
            flightNumber: 'BA123',
            origin: 'LHR',
            destination: 'JFK',
            departureDate: '2026-02-01',
            tags: ['Layover', 'Gym', 'Food', 'Museum'],
            note: null,
            role: 'IFL',
          },
        ],
      }),
    });
    renderDashboard();
    const dialog = await act('pat@ba.com', 'View flights');
    const link = await within(dialog).findByRole('link', { name: /BA123/ });
    expect(link.getAttribute('href')).toBe('/flight/77');
    expect(within(link).getByText('Layover')).toBeTruthy();
    expect(within(link).getByText('Gym')).toBeTruthy();
    expect(within(link).queryByText('Food')).toBeNull();
    expect(within(link).getByText('+2 more')).toBeTruthy();
  });

  it('user details show the analytics', async () => {
    stubServer({
      ...baseRoutes(),
      'GET /api/admin/user-flights/2': ok({
        user: PAT,
        analytics: { flightCount: 11, wavesSent: 12, wavesReceived: 13, loginCount: 14 },
        flights: [],
      }),
    });
    renderDashboard();
    const dialog = await act('pat@ba.com', 'View details');
    const stat = async (label: string) =>
      (await within(dialog).findByText(label)).nextElementSibling?.textContent;
    expect(await stat('Flights')).toBe('11');
    expect(await stat('Waves sent')).toBe('12');
    expect(await stat('Waves received')).toBe('13');
    expect(await stat('Logins')).toBe('14');
  });

  it('remove user data confirms, then reports the removed counts', async () => {
    stubServer({
      ...baseRoutes(),
      'POST /api/users/2/remove-data': ok({
        success: true,
        message: 'removed',
        stats: { wavesRemoved: 3, messagesRemoved: 4, flightMembershipsRemoved: 5 },
      }),
    });
    renderDashboard();
    const dialog = await act('pat@ba.com', 'Remove user data');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove data' }));
    expect(await shownToast('User data removed')).toMatchObject({
      type: 'success',
      description: '3 waves, 4 messages and 5 flight memberships removed.',
    });
  });

  it('Delete Past Flights names the preview’s counts before deleting', async () => {
    const { writes } = stubServer({
      ...baseRoutes(),
      'GET /api/admin/past-flights': ok({ flights: 2, crewEntries: 5, waves: 1, messages: 7 }),
      'POST /api/admin/delete-past-flights': ok({
        success: true,
        message: 'ok',
        removed: { flights: 2, crewEntries: 5, waves: 1, messages: 7 },
      }),
    });
    renderDashboard();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Past Flights' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete past flights?' });
    expect(
      await within(dialog).findByText(
        'This removes 2 flights, 5 crew entries, 1 wave and 7 messages. It cannot be undone.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete past flights' }));
    await waitFor(() =>
      expect(writes().map((c) => c.path)).toEqual(['/api/admin/delete-past-flights']),
    );
  });

  it('Reset Online Status shows Reset failed with the server message', async () => {
    stubServer({
      ...baseRoutes(),
      'POST /api/admin/reset-online-status': { status: 500, body: { message: 'Database down' } },
    });
    renderDashboard();
    fireEvent.click(await screen.findByRole('button', { name: 'Reset Online Status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset online status?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect(await shownToast('Reset failed')).toMatchObject({
      type: 'error',
      description: 'Database down',
    });
  });

  it('restore is offered for a deleted account and says Account Restored', async () => {
    const deleted = member(6, 'deleted@ba.com', { isDeleted: true });
    stubServer({
      ...baseRoutes([ADMIN, deleted]),
      'POST /api/admin/restore-account/6': ok({ success: true, message: 'Account restored' }),
    });
    renderDashboard();
    const dialog = await act('deleted@ba.com', 'Restore account');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Restore account' }));
    expect(await shownToast('Account Restored')).toMatchObject({
      type: 'success',
      description: 'Account restored',
    });
  });
});

describe('admin-only routes', () => {
  it.each(['/admin', '/platform-stats'])(
    'sends a crew member from %s to /profile',
    async (path) => {
      stubServer({ 'GET /api/auth/me': ok({ ...PAT, passcode: undefined }) });
      const router = createMemoryRouter(routes, { initialEntries: [path] });
      render(
        <QueryClientProvider client={createQueryClient()}>
          <RouterProvider router={router} />
          <Toaster />
        </QueryClientProvider>,
      );
      // The member layout and the admin gate load on first use (lazy chunks): a cold import is slow.
      await waitFor(() => expect(router.state.location.pathname).toBe('/profile'), {
        timeout: 5_000,
      });
      expect(await shownToast('Access denied')).toMatchObject({
        type: 'error',
        description: "You don't have permission to access this page.",
      });
    },
  );
});
