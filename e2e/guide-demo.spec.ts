import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { adminEmail, adminPasscode, signIn, uniqueEmail } from './helpers/accounts';

test.use({ viewport: { width: 390, height: 844 } });

test('the landing opens the quick-start guide in a new tab, loaded from our static page', async ({
  page,
}) => {
  await page.goto('/');
  const link = page.getByRole('link', { name: 'Quick-start guide' });
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /noopener/);
  const [guide] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  await expect(guide).toHaveURL(/\/guide$/);
  await expect(guide.getByRole('heading', { level: 1, name: 'Quick-start Guide' })).toBeVisible();
  for (const section of [
    '1. Register',
    '2. Add your flights',
    '3. Paste your roster',
    '4. Wave',
    '5. Chat',
    '6. Install the app',
    '7. Privacy',
  ]) {
    await expect(guide.getByRole('heading', { level: 2, name: section })).toBeVisible();
  }
});

test.describe('the guide unreachable', () => {
  // page.route does not see what the service worker answers: once it controls the page (sooner
  // on a busy machine than the guide's fetch) it served the precached guide past the 503.
  test.use({ serviceWorkers: 'block' });

  test('the guide says so when it cannot be loaded', async ({ page }) => {
    await page.route('**/quick-start-guide.html', (route) => route.fulfill({ status: 503 }));
    await page.goto('/guide');
    await expect(page.getByRole('alert')).toHaveText(
      'Error loading guide. Please try again later.',
    );
  });
});

test('the demo walks through seven steps with next, previous and dots, then Get Started', async ({
  page,
}) => {
  await page.goto('/demo');
  const title = page.getByRole('heading', { level: 2 });
  const current = page.locator('nav[aria-label="Walkthrough steps"] [aria-current="step"]');
  await expect(title).toHaveText('Welcome to Jumpseat');
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await expect(current).toHaveAccessibleName('Step 1: Welcome to Jumpseat');

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(title).toHaveText('Flight Dashboard');
  await expect(page.getByText('BA117 [15:30]')).toBeVisible();
  await expect(current).toHaveAccessibleName('Step 2: Flight Dashboard');
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(title).toHaveText('Welcome to Jumpseat');

  await page.getByRole('button', { name: 'Step 4: Wave System' }).click();
  await expect(title).toHaveText('Wave System');
  await expect(page.getByText('Anonymous crew member').first()).toBeVisible();
  await page.getByRole('button', { name: 'Step 6: Profile and Privacy' }).click();
  await expect(page.getByText('Show name after match')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(title).toHaveText("You're Ready");
  await expect(page.getByRole('button', { name: 'Next' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Get Started' }).click();
  // Signed out, /home sends the visitor to sign in and back to /home afterwards.
  await expect(page).toHaveURL(/\/home$|[?&]next=%2Fhome/);
});

test('the demo offers its walkthrough as a PDF download', async ({ page }) => {
  await page.goto('/demo');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('jumpseat-walkthrough.pdf');
  const bytes = readFileSync((await download.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
});

test('an admin adds a demo account, which signs in with the demo PIN and cannot add flights anywhere', async ({
  newPage,
  newApi,
  page,
}) => {
  // The admin's Add New User dialog, with the demo option.
  await signIn(page, adminEmail(), adminPasscode());
  await page.goto('/admin');
  await page.getByRole('button', { name: 'Add New User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New User' });
  const email = uniqueEmail();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('checkbox', { name: 'Demo account (read-only)' }).click();
  await expect(dialog.getByRole('checkbox', { name: 'Admin rights' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Create User' }).click();
  await expect(dialog).toBeHidden();

  const api = await newApi();
  await api.post('/api/auth/login', { data: { email: adminEmail(), passcode: adminPasscode() } });
  const users = (await (await api.get('/api/users/all')).json()) as {
    email: string;
    isDemoUser: boolean;
  }[];
  expect(users.find((u) => u.email === email)?.isDemoUser).toBe(true);

  const demo = await newPage();
  await signIn(demo, email, process.env.DEMO_PASSCODE ?? '0000');
  await demo.goto('/my-flights');
  await expect(demo.getByText('Demo mode - Flight uploads not available')).toBeVisible();
  await expect(demo.getByRole('main').getByRole('link', { name: 'Add Flight' })).toHaveCount(0);
  // The bottom bar's Add Flight too: disabled, saying why, on every screen.
  const nav = demo.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Add Flight' })).toHaveCount(0);
  const addFlight = nav.getByRole('button', { name: 'Add Flight' });
  await expect(addFlight).toBeDisabled();
  await expect(addFlight).toHaveAccessibleDescription('Demo mode - Flight uploads not available');
});
