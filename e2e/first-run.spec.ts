import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { adminEmail, adminPasscode, signIn, submitSignIn, uniqueEmail } from './helpers/accounts';
import { readResetTokenFromMailbox } from './helpers/mailbox';
import { approvedMember, signedInMember } from './helpers/members';

// Issue 17: the first hour of a newcomer, on a phone.
test.use({ viewport: { width: 390, height: 844 } });

/** Counts the requests this page sends to `method path` (path matched as a prefix). */
function countRequests(page: Page, method: string, path: string) {
  const seen: string[] = [];
  page.on('request', (req) => {
    if (req.method() === method && new URL(req.url()).pathname.startsWith(path)) {
      seen.push(req.url());
    }
  });
  return seen;
}

const errorToasts = (page: Page) => page.locator('[data-sonner-toast][data-type="error"]');

test.describe('double taps are harmless', () => {
  test('Sign In pressed twice signs in once, with no error', async ({ page, baseURL }) => {
    const member = await approvedMember(baseURL!);
    const logins = countRequests(page, 'POST', '/api/auth/login');
    await page.goto('/passcode');
    await page.getByLabel('Work email').fill(member.email);
    for (const [index, digit] of [...member.pin].entries()) {
      await page.getByLabel(`PIN digit ${index + 1}`).fill(digit);
    }
    await page.getByRole('button', { name: 'Sign In', exact: true }).dblclick();

    await expect(page.getByRole('dialog', { name: 'Before you continue' })).toBeVisible();
    expect(logins).toHaveLength(1);
    await expect(errorToasts(page)).toHaveCount(0);
  });

  test('Start Free Trial pressed twice registers once', async ({ page }) => {
    const registrations = countRequests(page, 'POST', '/api/register/initiate');
    await page.goto('/register');
    await page.getByLabel('Work email').fill(uniqueEmail());
    await page.getByLabel('Full name').fill('Double Tapper');
    await page.getByLabel('Role', { exact: true }).selectOption('IFL');
    await page.getByRole('radio', { name: /Free Trial/ }).check();
    await page
      .getByRole('region', { name: 'Terms and Data Privacy Policy' })
      .evaluate((box) => box.scrollTo(0, box.scrollHeight));
    await page.getByRole('checkbox', { name: /agree to the Terms/ }).check();
    await expect(page.getByText('This email is available.')).toBeVisible();
    await page.getByRole('button', { name: 'Start Free Trial' }).dblclick();

    await expect(page).toHaveURL(/\/awaiting-approval$/);
    expect(registrations).toHaveLength(1);
    await expect(errorToasts(page)).toHaveCount(0);
  });

  test('Get my new PIN pressed twice shows the new PIN', async ({ page, newApi, baseURL }) => {
    const member = await approvedMember(baseURL!);
    const api = await newApi();
    const asked = await api.post('/api/auth/forgot-passcode', { data: { email: member.email } });
    expect(asked.status()).toBe(200);
    const token = await readResetTokenFromMailbox(member.email);
    const resets = countRequests(page, 'POST', '/api/auth/reset-passcode');

    await page.goto(`/reset-passcode?token=${token}`);
    await page.getByRole('button', { name: 'Get my new PIN' }).dblclick();

    await expect(page.getByRole('heading', { name: 'Your new PIN' })).toBeVisible();
    expect(resets).toHaveLength(1);
    await expect(page.getByText('This reset link has expired or was already used.')).toHaveCount(0);
  });

  test('Approve pressed twice approves once, with no error', async ({ page, newApi }) => {
    const email = uniqueEmail();
    const api = await newApi();
    const registered = await api.post('/api/register/initiate', {
      data: { email, name: 'Double Approve', role: 'IFL', membership: 'trial' },
    });
    expect(registered.status()).toBe(201);
    await signIn(page, adminEmail(), adminPasscode());
    const approvals = countRequests(page, 'POST', '/api/admin/approve-user/');
    await page.goto('/admin/approvals');
    const card = page.getByRole('article', { name: new RegExp(email) });
    await card.getByRole('button', { name: 'Approve Double Approve' }).dblclick();

    await expect(page.getByText('User Approved!')).toBeVisible();
    expect(approvals).toHaveLength(1);
    await expect(errorToasts(page)).toHaveCount(0);
  });
});

test.describe('errors clear when the same action then succeeds', () => {
  test("'Incorrect PIN' goes once the right PIN signs in", async ({ page, baseURL }) => {
    const member = await approvedMember(baseURL!);
    const wrong = member.pin === '1111' ? '2222' : '1111';
    await submitSignIn(page, member.email, wrong);
    await expect(page.getByText('Incorrect PIN', { exact: true })).toBeVisible();

    for (const [index, digit] of [...member.pin].entries()) {
      await page.getByLabel(`PIN digit ${index + 1}`).fill(digit);
    }
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();

    await expect(page.getByRole('dialog', { name: 'Before you continue' })).toBeVisible();
    // Well inside the toast's own 4 s lifetime: gone because the success dismissed it.
    await expect(page.getByText('Incorrect PIN', { exact: true })).toHaveCount(0, {
      timeout: 1500,
    });
  });

  test("'Empty Roster' goes once a roster is parsed", async ({ page, baseURL }) => {
    await signedInMember(page, baseURL!);
    await page.goto('/upload-roster');
    await page.getByRole('button', { name: 'Parse Roster' }).click();
    await expect(page.getByText('Empty Roster')).toBeVisible();

    const day = new Date(Date.now() + 5 * 24 * 3600 * 1000);
    const head = `${['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][day.getUTCDay()]} ${day.getUTCDate()} ${
      ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][
        day.getUTCMonth()
      ]
    }`;
    await page
      .getByLabel('Roster text')
      .fill(`${head}\tFLY\tRPT 0610\n\t\t0655 BA9431 LHR MAD\t0930\tA320`);
    await page.getByRole('button', { name: 'Parse Roster' }).click();

    await expect(page.getByRole('list', { name: 'Flights found' })).toBeVisible();
    await expect(page.getByText('Empty Roster')).toHaveCount(0, { timeout: 1500 });
  });

  test('the forgot-passcode hint goes once the mail is sent', async ({ page }) => {
    await page.goto('/passcode');
    await page.getByLabel('Work email').fill('');
    await page.getByRole('button', { name: 'Forgot passcode' }).click();
    const hint = page
      .getByRole('alert')
      .filter({ hasText: 'Please enter your email address first to reset your passcode.' });
    await expect(hint).toBeVisible();

    await page.getByLabel('Work email').fill(uniqueEmail());
    await page.getByRole('button', { name: 'Forgot passcode' }).click();

    await expect(page.getByText('PIN Reset Sent')).toBeVisible();
    await expect(hint).toHaveCount(0);
  });
});

test.describe('registration that explains itself', () => {
  test('a wrong domain is said at the e-mail field as soon as the address is complete', async ({
    page,
  }) => {
    await page.goto('/register');
    const field = page.getByLabel('Work email');
    await field.fill('someone@gmail.com');
    // No blur, no submit: the member is still in the field.
    await expect(field).toBeFocused();
    await expect(field).toHaveAccessibleDescription('Email must end with @ba.com');
  });

  test("'Please fill in all required fields' answers a submit, not the first look", async ({
    page,
  }) => {
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
    await expect(page.getByText('Please fill in all required fields')).toHaveCount(0);

    await page.getByLabel('Full name').fill('Half Done');
    await page.getByLabel('Full name').press('Enter');

    await expect(
      page.getByRole('alert').filter({ hasText: 'Please fill in all required fields' }),
    ).toBeVisible();
  });

  test('what was typed survives a reload, and is gone once the registration is sent', async ({
    page,
  }) => {
    const email = uniqueEmail();
    await page.goto('/register');
    await page.getByLabel('Work email').fill(email);
    await page.getByLabel('Full name').fill('Reload Proof');
    await page.getByLabel('Role', { exact: true }).selectOption('IFM');
    await page.getByRole('radio', { name: /Free Trial/ }).check();

    await page.reload();

    await expect(page.getByLabel('Work email')).toHaveValue(email);
    await expect(page.getByLabel('Full name')).toHaveValue('Reload Proof');
    await expect(page.getByLabel('Role', { exact: true })).toHaveValue('IFM');
    await expect(page.getByRole('radio', { name: /Free Trial/ })).toBeChecked();

    await page
      .getByRole('region', { name: 'Terms and Data Privacy Policy' })
      .evaluate((box) => box.scrollTo(0, box.scrollHeight));
    await page.getByRole('checkbox', { name: /agree to the Terms/ }).check();
    await expect(page.getByText('This email is available.')).toBeVisible();
    await page.getByRole('button', { name: 'Start Free Trial' }).click();
    await expect(page).toHaveURL(/\/awaiting-approval$/);

    await page.goto('/register');
    await expect(page.getByLabel('Work email')).toHaveValue('');
    await expect(page.getByLabel('Full name')).toHaveValue('');
  });
});
