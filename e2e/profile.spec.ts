import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signIn, submitSignIn } from './helpers/accounts';
import { signedInMember } from './helpers/members';

const toast = (page: Page, title: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: title });

test('first-time setup after the first sign-in: skip, then save, and the profile shows it', async ({
  page,
  baseURL,
}) => {
  await signedInMember(page, baseURL!);

  await page.goto('/profile');
  const welcome = page.getByRole('region', { name: 'Welcome' });
  await expect(welcome).toContainText('Welcome to Jumpseat!');
  await welcome.getByRole('link', { name: 'Complete Profile' }).click();
  await expect(page).toHaveURL(/\/profile-setup$/);
  await expect(page.getByRole('heading', { name: 'Set Up Your Profile' })).toBeVisible();

  // Skip for Now goes on to /home with 'Setup Skipped'.
  await page.getByRole('button', { name: 'Skip for Now' }).click();
  await expect(toast(page, 'Setup Skipped')).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);

  await page.goto('/profile-setup');
  // The name is prefilled from registration; the nickname has no default.
  await expect(page.getByLabel('Full name')).toHaveValue('E2E Crew');
  await expect(page.getByLabel('Nickname (optional)')).toHaveValue('');
  await expect(page.getByLabel('Show my name after a match')).toBeChecked();
  // Setup starts from the stored values: sharing contact info stays off unless ticked.
  await expect(page.getByLabel('Share my contact info')).not.toBeChecked();

  await page.getByLabel('Full name').fill('');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(toast(page, 'Name Required')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Please enter your name' })).toBeVisible();

  await page.getByLabel('Full name').fill('Robin Setup');
  await page.getByLabel('Nickname (optional)').fill('Skylark');
  await page.getByLabel('Role').selectOption('IFM');
  await page.getByLabel('Years flying (optional)').fill('6');
  await page.getByLabel('Mobile number (optional)').fill('+44 7700 900123');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(toast(page, 'Profile Updated')).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);

  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Robin Setup' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Welcome' })).toHaveCount(0);
  const info = page.locator('dl');
  await expect(info).toContainText('Skylark');
  await expect(info).toContainText('IFM');
  await expect(info).toContainText('+44 7700 900123');
  await expect(page.getByRole('list', { name: 'Badges' })).toContainText('Verified crew');
  await expect(page.getByRole('region', { name: 'Trial' })).toContainText('days left');
});

test('edit profile, then see the changes on the profile; edit one field in its dialog', async ({
  page,
  baseURL,
}) => {
  await signedInMember(page, baseURL!);
  await page.goto('/profile');
  await page.getByRole('link', { name: 'Edit Profile' }).click();
  await expect(page).toHaveURL(/\/profile\/edit$/);

  await page.getByLabel('Full name').fill('Alex Edited');
  await page.getByLabel('Nickname').fill('Nightowl');
  await page.getByLabel('Role').selectOption('Purser');
  await page.getByLabel('Mobile number').fill('07700 900456');
  await page.getByLabel('Contact email').fill('alex.personal@example.com');
  await page.getByRole('switch', { name: 'Share contact info' }).click();
  await page.getByRole('button', { name: 'Save Changes' }).click();

  await expect(toast(page, 'Profile Updated')).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Alex Edited' })).toBeVisible();
  const info = page.locator('dl');
  for (const text of ['Nightowl', 'Purser', '07700 900456', 'alex.personal@example.com']) {
    await expect(info).toContainText(text);
  }
  await expect(page.getByRole('switch', { name: 'Share contact info' })).toBeChecked();

  // One field through the information list's dialog; the server's refusal is shown.
  await page.getByRole('button', { name: 'Edit Mobile Number' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Mobile Number' });
  await dialog.getByLabel('Mobile Number').fill('call me');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Update Failed')).toContainText('Please enter a valid mobile number');
  await dialog.getByLabel('Mobile Number').fill('07700 900789');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(info).toContainText('07700 900789');

  await page.getByRole('button', { name: 'Edit Rank' }).click();
  const rank = page.getByRole('dialog', { name: 'Edit Rank' });
  await rank.getByLabel('Rank').selectOption('Captain');
  await rank.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Rank Updated')).toBeVisible();

  await page.reload();
  await expect(page.locator('dl')).toContainText('Captain');
  await expect(page.locator('dl')).toContainText('07700 900789');
});

test('privacy toggles save at once and survive a reload', async ({ page, baseURL }) => {
  await signedInMember(page, baseURL!);
  await page.goto('/profile');
  const showName = page.getByRole('switch', { name: 'Show name after match' });
  const share = page.getByRole('switch', { name: 'Share contact info' });
  const mail = page.getByRole('switch', { name: 'Email notifications' });
  await expect(showName).toBeChecked();
  await expect(share).not.toBeChecked();
  await expect(mail).toBeChecked();

  await share.click();
  await expect(toast(page, 'Profile Updated')).toBeVisible();
  await expect(share).toBeChecked();
  await showName.click();
  await expect(showName).not.toBeChecked();
  await mail.click();
  await expect(toast(page, 'Notification Settings Updated')).toBeVisible();

  await page.reload();
  await expect(share).toBeChecked();
  await expect(showName).not.toBeChecked();
  await expect(mail).not.toBeChecked();
});

test('change the passcode, log out, and sign in with the new one', async ({ page, baseURL }) => {
  const member = await signedInMember(page, baseURL!);
  const next = member.pin === '5173' ? '6284' : '5173';
  await page.goto('/profile');

  // The PIN is masked until revealed.
  const value = page.getByTestId('passcode-value');
  await expect(value).toHaveText('••••');
  await page.getByRole('button', { name: 'Show passcode' }).click();
  await expect(value).toHaveText(member.pin);
  await page.getByRole('button', { name: 'Hide passcode' }).click();
  await expect(value).toHaveText('••••');

  await page.getByRole('button', { name: 'Change', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Passcode' });
  const save = dialog.getByRole('button', { name: 'Save' });
  const currentBoxes = dialog.getByRole('group', { name: 'Current passcode' });
  const newBoxes = dialog.getByRole('group', { name: 'New passcode' });
  await expect(save).toBeDisabled();
  for (const [index, digit] of [...member.pin].entries()) {
    await currentBoxes.getByLabel(`PIN digit ${index + 1}`).fill(digit);
  }
  for (const [index, digit] of [...next].slice(0, 3).entries()) {
    await newBoxes.getByLabel(`PIN digit ${index + 1}`).fill(digit);
  }
  await expect(save).toBeDisabled();
  await newBoxes.getByLabel('PIN digit 4').fill(next[3]!);
  await expect(save).toBeEnabled();
  await save.click();
  await expect(toast(page, 'Passcode Updated')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(toast(page, 'Logged Out')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await submitSignIn(page, member.email, member.pin);
  await expect(page.getByText('Incorrect PIN', { exact: true })).toBeVisible();
  // Same browser session: the disclaimer was already accepted, so no dialog this time.
  await submitSignIn(page, member.email, next);
  await expect(page).toHaveURL(/\/home$/);
});

test('sign out of all devices ends the other browser session too', { tag: '@postgres' }, async ({
  page,
  newPage,
  baseURL,
}) => {
  const member = await signedInMember(page, baseURL!);
  const laptop = await newPage();
  await signIn(laptop, member.email, member.pin);

  await page.goto('/profile');
  await page.getByRole('button', { name: 'Sign out of all devices' }).click();
  await page
    .getByRole('dialog', { name: 'Sign out of all devices?' })
    .getByRole('button', { name: 'Sign Out Everywhere' })
    .click();
  await expect(toast(page, 'Signed Out Everywhere')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  expect((await laptop.request.get('/api/auth/me')).status()).toBe(401);
  await laptop.goto('/profile');
  // Back to the landing, which keeps the way back to /profile for after sign-in.
  await expect(laptop).toHaveURL(/\/\?next=%2Fprofile$/);
});

test('delete the account: DELETE must be typed, access ends, sign-in fails', async ({
  page,
  baseURL,
}) => {
  const member = await signedInMember(page, baseURL!);
  await page.goto('/profile');
  const danger = page.getByRole('region', { name: 'Danger Zone' });
  await danger.getByRole('button', { name: 'Delete Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Account' });

  await dialog.getByLabel('Type DELETE to confirm').fill('delete');
  await dialog.getByRole('button', { name: 'Delete My Account' }).click();
  await expect(toast(page, 'Confirmation Required')).toBeVisible();
  await expect(dialog).toBeVisible();
  expect((await page.request.get('/api/auth/me')).status()).toBe(200);

  await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
  await dialog.getByRole('button', { name: 'Delete My Account' }).click();
  await expect(toast(page, 'Account Deleted')).toContainText(
    'Your access has been revoked immediately. Data will be kept for 30 days',
  );
  await expect(page).toHaveURL(/\/$/);
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);

  await submitSignIn(page, member.email, member.pin);
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or PIN' })).toBeVisible();
  await expect(page).toHaveURL(/\/passcode$/);
});

test('idle logout after 10 minutes without input, with the session ended on the server', async ({
  page,
  baseURL,
}) => {
  await page.clock.install();
  await signedInMember(page, baseURL!);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Profile', exact: true })).toBeVisible();

  // Nine quiet minutes, then input: the timer starts again.
  await page.clock.fastForward('09:00');
  await page.mouse.move(40, 40);
  await page.mouse.move(80, 80);
  await page.clock.fastForward('02:00');
  await expect(page).toHaveURL(/\/profile$/);
  expect((await page.request.get('/api/auth/me')).status()).toBe(200);

  // Ten quiet minutes: signed out, told why, session gone on the server.
  await page.clock.fastForward('10:01');
  await expect(toast(page, 'Logged Out')).toContainText(
    'You have been logged out due to inactivity',
  );
  await expect(page).toHaveURL(/\/$/);
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);
});

test('presence: online once a member screen loads, offline by beacon when the page goes away', async ({
  page,
  baseURL,
}) => {
  await signedInMember(page, baseURL!);
  // This document's own report, not the one before it: the member was online already, so a poll
  // alone could pass on the last screen's state while this page's 'online' was still on its way,
  // and, answered after the beacon below, it left the member online (a busy-core CI run).
  const announced = page.waitForResponse(
    (r) =>
      r.url().endsWith('/api/users/online-status') && r.request().postDataJSON()?.isOnline === true,
  );
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Profile', exact: true })).toBeVisible();
  expect((await announced).ok()).toBe(true);
  const isOnline = async () =>
    ((await (await page.context().request.get('/api/auth/me')).json()) as { isOnline: boolean })
      .isOnline;
  await expect.poll(isOnline).toBe(true);

  // Leaving the app unloads the document: the pagehide beacon reports offline.
  await page.goto('about:blank');
  await expect.poll(isOnline).toBe(false);
});
