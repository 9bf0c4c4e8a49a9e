import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signIn, uniqueEmail } from './helpers/accounts';
import { approveAsAdmin, approvedMember, signedInPage } from './helpers/members';

const DAY = 24 * 60 * 60 * 1000;

/** On the local checkout (no Stripe key configured): check what is sold, then pay. */
async function payOnLocalCheckout(page: Page, plan: 'Monthly' | 'Yearly', amount: string) {
  await expect(page).toHaveURL(/\/checkout\/cs_local_/);
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  await expect(page.getByText(plan, { exact: true })).toBeVisible();
  await expect(page.getByText(amount)).toBeVisible();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
}

async function expectMembership(page: Page, badge?: string) {
  await page.goto('/profile');
  const banner = page.getByRole('region', { name: 'Membership' });
  await expect(banner.getByText('Membership: Active')).toBeVisible();
  if (badge) await expect(page.getByText(badge, { exact: true })).toBeVisible();
}

test('a yearly registration through the local checkout, approval, sign-in and an Active YEARLY membership', {
  tag: '@postgres',
}, async ({ page, baseURL }) => {
  const email = uniqueEmail();
  await page.goto('/register');
  await page.getByLabel('Work email').fill(email);
  await page.getByLabel('Full name').fill('E2E Yearly Member');
  await page.getByLabel('Role', { exact: true }).selectOption('IFM');
  await page.getByRole('radio', { name: /Yearly/ }).check();
  await page
    .getByRole('region', { name: 'Terms and Data Privacy Policy' })
    .evaluate((box) => box.scrollTo(0, box.scrollHeight));
  await page.getByRole('checkbox', { name: /agree to the Terms/ }).check();
  await expect(page.getByText('This email is available.')).toBeVisible();
  await page.getByRole('button', { name: 'Pay £12.99/year' }).click();

  await payOnLocalCheckout(page, 'Yearly', '£12.99/year');
  await expect(page).toHaveURL(/\/payment\?session_id=cs_local_/);
  await expect(page.getByRole('heading', { name: 'Registration Complete!' })).toBeVisible();
  // Then on to sign-in by itself (3 s).
  await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });

  const pin = await approveAsAdmin(baseURL!, email);
  await signIn(page, email, pin);
  await expectMembership(page, 'YEARLY');
});

test('a trial member converts to the annual plan through the trial banner and keeps their PIN', async ({
  page,
  newContext,
  baseURL,
}) => {
  const member = await approvedMember(baseURL!, { name: 'E2E Converting Member' });
  await signIn(page, member.email, member.pin);
  await page.goto('/profile');
  await page.getByRole('region', { name: 'Trial' }).getByRole('link', { name: 'Upgrade' }).click();
  await expect(page).toHaveURL(/\/convert-trial$/);
  await page.getByRole('radio', { name: /Annual/ }).check();
  await page.getByRole('button', { name: 'Continue to Payment' }).click();

  await payOnLocalCheckout(page, 'Yearly', '£12.99/year');
  await expect(page).toHaveURL(/\/payment-success\?session_id=cs_local_/);
  await expect(page.getByText(member.email)).toBeVisible();

  // The same PIN still signs in, on another device, now as a paying member.
  const phone = await signedInPage(newContext, member);
  await expectMembership(phone, 'YEARLY');
});

test('a member whose trial ran out is sent to renewal at sign-in and renews', async ({
  newPage,
  ownServer,
}) => {
  // Over the default: two server starts and a stop of its own (each awaited on its event) on
  // top of the journey. A cap, not a wait: a start on a fresh data directory is ~9 s on a quiet
  // 2-core box (PGlite's initdb and the migrations) and ~26 s under load, and the whole journey
  // took 85 s on a loaded one. Each start and stop is in the report's annotations.
  test.setTimeout(180_000);
  // One data directory, two servers: today to join, eight days later to come back.
  const today = await ownServer();
  const member = await approvedMember(today.baseURL, { name: 'E2E Returning Member' });
  await today.stop();
  const later = await ownServer({ dataDir: today.dataDir, clockOffsetMs: 8 * DAY });
  const page = await newPage({ baseURL: later.baseURL });
  await page.goto('/passcode');
  await page.getByLabel('Work email').fill(member.email);
  for (const [index, digit] of [...member.pin].entries()) {
    await page.getByLabel(`PIN digit ${index + 1}`).fill(digit);
  }
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();

  await expect(page).toHaveURL(/\/renew\?email=/);
  await expect(page.getByLabel('Work email')).toHaveValue(member.email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await page.getByRole('button', { name: 'Monthly: Pay £1.99/month' }).click();

  await payOnLocalCheckout(page, 'Monthly', '£1.99/month');
  await expect(page).toHaveURL(/\/payment-success\?session_id=cs_local_/);
  await expect(page.getByText('Membership Renewal')).toBeVisible();

  await signIn(page, member.email, member.pin);
  // No badge here: the browser's clock is eight days behind this server's, so the days left
  // it counts are not a month's.
  await expectMembership(page);
});
