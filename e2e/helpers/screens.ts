import { expect, type Page } from '@playwright/test';
import type { NewContext } from '../fixtures';
import { signInThroughApi } from './accounts';
import { message, theAdmin, twoMembersOnAFlight, wave } from './members';

export const PHONE = { width: 390, height: 844 };
export const DESK = { width: 1280, height: 800 };

/**
 * The people the screen checks look through: Alice and Bob on one flight with an accepted wave
 * (so Messages has a conversation), the admin, and a visitor who is signed out. Each in a
 * context from the `newContext` fixture, closed when the test ends.
 */
export async function screenCast(newContext: NewContext, baseURL: string, withAdmin = true) {
  const { a, b, flightId } = await twoMembersOnAFlight(newContext, baseURL, [
    'Alice Seat',
    'Bob Seat',
  ]);
  const waveId = await wave(a, b, flightId, { accepted: true });
  await message(a, waveId, 'See you at the crew room');

  const admin = await (await newContext()).newPage();
  if (withAdmin) await signInThroughApi(admin, theAdmin().email, theAdmin().pin);
  const visitor = await (await newContext()).newPage();
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
