import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { needsProfileSetup, type SetupCandidate } from '../../domain/rules/first-run';

export const adminEmail = () => process.env.ADMIN_EMAIL!;
export const adminPasscode = () => process.env.ADMIN_PASSCODE!;

/** A fresh corporate address per test, so runs never collide. */
export const uniqueEmail = () => `e2e-${randomBytes(5).toString('hex')}@ba.com`;

/** Signs in the way a member does: the e-mail field and the four PIN boxes. */
export async function submitSignIn(page: Page, email: string, pin: string) {
  await page.goto('/passcode');
  await page.getByLabel('Work email').fill(email);
  for (const [index, digit] of [...pin].entries()) {
    await page.getByLabel(`PIN digit ${index + 1}`).fill(digit);
  }
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/**
 * Signs in and lands on /home: accepts the disclaimer if this member has not yet (it is kept on
 * the server, so a second device or a second sign-in does not ask again) and, on a member's
 * first sign-in, skips the first-time setup the way a member in a hurry does.
 */
export async function signIn(page: Page, email: string, pin: string) {
  await submitSignIn(page, email, pin);
  await passFirstRun(page);
  await expect(page).toHaveURL(/\/home$/);
}

/** After a successful sign-in: the disclaimer (once per member), then setup (once per member). */
export async function passFirstRun(page: Page) {
  const accept = page
    .getByRole('dialog', { name: 'Before you continue' })
    .getByRole('button', { name: 'I Understand & Accept' });
  const signingIn = (url: URL) => /^\/(passcode|login)$/.test(url.pathname);
  // Whichever happens first: the page leaves sign-in, or the disclaimer asks (a first sign-in).
  // Both are events; a poll of the two (expect.poll: 100, 250, 500 ms, then every second) left
  // up to a second idle after every sign-in through the screens.
  const left = page.waitForURL((url) => !signingIn(url), { timeout: 15_000 }).then(() => 'left');
  const asked = accept.waitFor({ state: 'visible', timeout: 15_000 }).then(() => 'asked');
  // The other one is left to settle by itself (on its timeout, or when the page closes).
  left.catch(() => undefined);
  asked.catch(() => undefined);
  if ((await Promise.race([left, asked])) === 'asked' && signingIn(new URL(page.url()))) {
    await accept.click();
  }
  await page.waitForURL((url) => !signingIn(url));
  if (new URL(page.url()).pathname === '/profile-setup') {
    await page.getByRole('button', { name: 'Skip for Now' }).click();
    await page.waitForURL((url) => url.pathname !== '/profile-setup');
  }
}

/**
 * Signs this page's browser in through the API, as a journey about something else needs: the
 * same session cookie the screen sets, the disclaimer accepted and setup skipped (both kept on
 * the server, as the screens do), then /home. The sign-in screen, the disclaimer and setup have
 * journeys of their own; going through them again for every member of every journey cost about
 * three screen loads each (13 journeys at 2 workers: 5.6 min through the screens, 4.3 through
 * the API).
 */
export async function signInThroughApi(page: Page, email: string, pin: string) {
  const login = await page.request.post('/api/auth/login', { data: { email, passcode: pin } });
  expect(login.status(), await login.text()).toBe(200);
  const { user } = (await login.json()) as {
    user: SetupCandidate & { disclaimerAcceptedAt?: string };
  };
  const steps = [
    ...(user.disclaimerAcceptedAt ? [] : ['/api/users/accept-disclaimer']),
    ...(needsProfileSetup(user) ? ['/api/users/me/skip-setup'] : []),
  ];
  for (const path of steps) {
    const done = await page.request.post(path);
    expect(done.status(), `${path}: ${await done.text()}`).toBe(200);
  }
  await page.goto('/home');
  await expect(page).toHaveURL(/\/home$/);
}
