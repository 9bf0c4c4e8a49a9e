import { expect, test } from './fixtures';
import { adminEmail, adminPasscode, signIn, submitSignIn, uniqueEmail } from './helpers/accounts';
import { readPinFromMailbox } from './helpers/mailbox';
import { approvedMember, signedInMember } from './helpers/members';

test('a crew member registers for a trial, an admin approves, the member signs in with the e-mailed PIN', {
  tag: '@postgres',
}, async ({ page, newPage }) => {
  const email = uniqueEmail();

  await page.goto('/register');
  await page.getByLabel('Work email').fill(email);
  await page.getByLabel('Full name').fill('E2E Trial Member');
  await page.getByLabel('Role', { exact: true }).selectOption('IFL');
  await page.getByRole('radio', { name: /Free Trial/ }).check();
  await expect(page.getByRole('checkbox', { name: /agree to the Terms/ })).toHaveCount(0);
  await page
    .getByRole('region', { name: 'Terms and Data Privacy Policy' })
    .evaluate((box) => box.scrollTo(0, box.scrollHeight));
  await page.getByRole('checkbox', { name: /agree to the Terms/ }).check();
  await expect(page.getByText('This email is available.')).toBeVisible();
  await expect(page.getByText('No upfront payment')).toBeVisible();
  await page.getByRole('button', { name: 'Start Free Trial' }).click();

  await expect(page).toHaveURL(/\/awaiting-approval$/);
  await expect(page.getByRole('heading', { name: 'Awaiting Admin Approval' })).toBeVisible();

  const admin = await newPage();
  await signIn(admin, adminEmail(), adminPasscode());
  await admin.goto('/admin/approvals');
  await expect(admin.getByRole('heading', { name: 'Member Approvals' })).toBeVisible();
  const card = admin.getByRole('article', { name: new RegExp(email) });
  await expect(card.getByText('Verified')).toBeVisible();
  await card.getByRole('button', { name: 'Approve E2E Trial Member' }).click();
  await expect(admin.getByText('User Approved!')).toBeVisible();
  await expect(card).toHaveCount(0);

  const pin = await readPinFromMailbox(email);
  await signIn(page, email, pin);
});

test('a wrong PIN says Incorrect PIN', async ({ page, baseURL }) => {
  const member = await approvedMember(baseURL!);
  const wrong = member.pin === '1111' ? '2222' : '1111';

  await submitSignIn(page, member.email, wrong);

  await expect(page.getByText('Incorrect PIN', { exact: true })).toBeVisible();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Please check your 4-digit PIN' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/passcode$/);
  for (const n of [1, 2, 3, 4]) await expect(page.getByLabel(`PIN digit ${n}`)).toHaveValue('');
});

test('a member who is not an admin is turned away from the approvals page', async ({
  page,
  baseURL,
}) => {
  await signedInMember(page, baseURL!);

  await page.goto('/admin/approvals');

  await expect(page.getByText('Access denied')).toBeVisible();
  await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Member Approvals' })).toHaveCount(0);
});
