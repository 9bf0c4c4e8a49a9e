import type { Page } from '@playwright/test';
import { expect, type NewContext, test } from './fixtures';
import { signIn, uniqueEmail } from './helpers/accounts';
import { readPinFromMailbox } from './helpers/mailbox';
import { approvedMember, signedInPage, theAdmin } from './helpers/members';

test.use({ viewport: { width: 390, height: 844 } });

async function adminPage(newContext: NewContext) {
  return signedInPage(newContext, theAdmin());
}

/** Finds the member through the dashboard's search and opens their actions sheet. */
async function manage(page: Page, email: string) {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await page.getByLabel('Search members').fill(email);
  await page.getByRole('button', { name: `Manage ${email}` }).click();
}

test('an admin finds a member by search, edits their PIN, and the member signs in with it', {
  tag: '@postgres',
}, async ({ newContext, newPage, baseURL }) => {
  const member = await approvedMember(baseURL!, { name: 'Pin Changed' });
  const admin = await adminPage(newContext);
  await manage(admin, member.email);
  await admin.getByRole('button', { name: `Edit PIN for ${member.email}` }).click();
  const newPin = member.pin === '7315' ? '7316' : '7315';
  await admin.getByLabel('New PIN').fill(newPin);
  await admin.getByRole('button', { name: 'Save PIN' }).click();
  await expect(admin.getByText('Passcode updated')).toBeVisible();

  // The member was e-mailed, and the new PIN is the one that works. The mail is sent after the
  // response, and the approval mail with the old PIN is already there: wait for the new one.
  await expect.poll(() => readPinFromMailbox(member.email), { timeout: 10_000 }).toBe(newPin);
  const page = await newPage();
  await signIn(page, member.email, newPin);
});

test('an admin grants and revokes admin, and the member sees the dashboard only meanwhile', async ({
  newContext,
  baseURL,
}) => {
  const member = await approvedMember(baseURL!, { name: 'Promoted Crew' });
  const admin = await adminPage(newContext);
  await manage(admin, member.email);
  await admin.getByRole('button', { name: `Grant admin for ${member.email}` }).click();
  await admin.getByRole('button', { name: 'Grant admin', exact: true }).click();
  await expect(admin.getByText('Admin granted')).toBeVisible();

  const page = await signedInPage(newContext, member);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();

  await manage(admin, member.email);
  await admin.getByRole('button', { name: `Revoke admin for ${member.email}` }).click();
  await admin.getByRole('button', { name: 'Revoke admin', exact: true }).click();
  await expect(admin.getByText('Admin revoked')).toBeVisible();

  await page.goto('/admin');
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText('Access denied')).toBeVisible();
});

test('an admin adds a user, who signs in with the PIN from their e-mail', async ({
  newContext,
  newPage,
}) => {
  const admin = await adminPage(newContext);
  await admin.goto('/admin');
  await admin.getByRole('button', { name: 'Add New User' }).click();
  const email = uniqueEmail();
  const dialog = admin.getByRole('dialog', { name: 'Add New User' });
  await dialog.getByLabel('Email', { exact: true }).fill(email);
  await dialog.getByLabel('Name (optional)', { exact: true }).fill('Added By Admin');
  await dialog.getByRole('button', { name: 'Create User' }).click();
  await expect(admin.getByText('User created successfully')).toBeVisible();

  const pin = await readPinFromMailbox(email);
  const page = await newPage();
  await signIn(page, email, pin);
});

test('an admin reads the platform statistics with their charts', async ({ newContext }) => {
  const admin = await adminPage(newContext);
  await admin.goto('/admin');
  await admin.getByRole('button', { name: 'Platform Statistics' }).click();
  await expect(admin).toHaveURL(/\/platform-stats$/);
  await expect(admin.getByRole('heading', { name: 'Platform Statistics' })).toBeVisible();
  for (const chart of [/sign-ups/i, /waves and messages/i, /membership/i]) {
    await expect(admin.getByRole('figure', { name: chart }).first()).toBeVisible();
  }
  await expect(admin.getByRole('link', { name: /back/i })).toHaveAttribute('href', '/admin');
});

test('a crew member opening the admin screens is sent to their profile', async ({
  page,
  baseURL,
}) => {
  const member = await approvedMember(baseURL!);
  await signIn(page, member.email, member.pin);
  for (const path of ['/admin', '/platform-stats']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
  }
});
