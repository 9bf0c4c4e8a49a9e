import { type Browser, expect, type Page } from '@playwright/test';
import { adminEmail, adminPasscode, signInThroughApi } from './accounts';
import { twoMembersOnAFlight } from './members';

export const PHONE = { width: 390, height: 844 };
export const DESK = { width: 1280, height: 800 };

/**
 * The people the screen checks look through: Alice and Bob on one flight with an accepted wave
 * (so Messages has a conversation), the admin, and a visitor who is signed out.
 */
export async function screenCast(browser: Browser, baseURL: string, withAdmin = true) {
  const { a, b, flightId } = await twoMembersOnAFlight(browser, baseURL, [
    'Alice Seat',
    'Bob Seat',
  ]);
  const bobId = ((await (await b.request.get('/api/auth/me')).json()) as { id: number }).id;
  const sent = await a.request.post('/api/waves', { data: { receiverId: bobId, flightId } });
  expect(sent.status(), await sent.text()).toBe(201);
  const waveId = ((await sent.json()) as { id: number }).id;
  const accepted = await b.request.put(`/api/waves/${waveId}/status`, {
    data: { status: 'accepted' },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  const said = await a.request.post('/api/messages', {
    data: { waveId, content: 'See you at the crew room' },
  });
  expect([200, 201], await said.text()).toContain(said.status());

  const admin = await (await browser.newContext()).newPage();
  if (withAdmin) await signInThroughApi(admin, adminEmail(), adminPasscode());
  const visitor = await (await browser.newContext()).newPage();
  return { member: a, admin, visitor, flightId, waveId };
}

type Cast = Awaited<ReturnType<typeof screenCast>>;

export type Screen = {
  name: string;
  who: 'visitor' | 'member' | 'admin';
  path: (cast: Cast) => string;
  /** What shows the screen has loaded. */
  ready: (page: Page) => ReturnType<Page['getByRole']>;
};

/** The important screens of issue 18 item 7, each with what shows it has loaded. */
export const SCREENS: Screen[] = [
  {
    name: 'landing',
    who: 'visitor',
    path: () => '/',
    ready: (p) => p.getByRole('heading', { name: 'Jumpseat', level: 1 }),
  },
  {
    name: 'sign-in',
    who: 'visitor',
    path: () => '/login',
    ready: (p) => p.getByRole('heading', { name: 'Sign In', level: 1 }),
  },
  {
    name: 'guide',
    who: 'visitor',
    path: () => '/guide',
    ready: (p) => p.getByRole('heading', { name: '7. Privacy', level: 2 }),
  },
  {
    name: 'demo',
    who: 'visitor',
    path: () => '/demo',
    ready: (p) => p.getByRole('heading', { name: 'Jumpseat walkthrough', level: 1 }),
  },
  {
    name: 'home',
    who: 'member',
    path: () => '/home',
    ready: (p) => p.getByRole('list', { name: 'Flights' }),
  },
  {
    name: 'flight-detail',
    who: 'member',
    path: (c) => `/flight/${c.flightId}`,
    ready: (p) => p.getByRole('heading', { name: /Crew Members/ }),
  },
  {
    name: 'messages',
    who: 'member',
    path: () => '/messages',
    ready: (p) => p.getByRole('heading', { name: 'Conversations' }),
  },
  {
    name: 'conversation',
    who: 'member',
    path: (c) => `/chat?waveId=${c.waveId}`,
    ready: (p) => p.getByText('See you at the crew room'),
  },
  {
    name: 'my-flights',
    who: 'member',
    path: () => '/my-flights',
    ready: (p) => p.getByRole('heading', { name: 'My Flights', level: 1 }),
  },
  {
    name: 'profile',
    who: 'member',
    path: () => '/profile',
    ready: (p) => p.getByRole('heading', { name: 'Profile', level: 1 }),
  },
  {
    name: 'add-flight',
    who: 'member',
    path: () => '/add-flight',
    ready: (p) => p.getByRole('heading', { name: 'Add Flight', level: 1 }),
  },
  {
    name: 'upload-roster',
    who: 'member',
    path: () => '/upload-roster',
    ready: (p) => p.getByRole('heading', { name: 'Upload Roster', level: 1 }),
  },
  {
    name: 'admin-dashboard',
    who: 'admin',
    path: () => '/admin',
    ready: (p) => p.getByRole('heading', { name: 'Admin Dashboard', level: 1 }),
  },
];

/** Opens a screen as its person at this size and waits until it has loaded. */
export async function openScreen(
  cast: Cast,
  screen: Screen,
  size: { width: number; height: number },
) {
  const page = cast[screen.who];
  await page.setViewportSize(size);
  await page.goto(screen.path(cast));
  await expect(screen.ready(page)).toBeVisible();
  return page;
}
