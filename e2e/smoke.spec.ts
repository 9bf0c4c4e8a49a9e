import { devices } from '@playwright/test';
import { expect, test } from './fixtures';

test('the landing page shows the tagline and both ways in', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText('Connect with other crew')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In with Passcode' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create New Account' })).toBeVisible();
});

test('the privacy dialog can be read and accepted', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Data Privacy Policy' }).click();
  const dialog = page.getByRole('dialog', { name: 'Data Privacy Policy and Terms' });
  await expect(dialog.getByRole('heading', { name: 'Retention' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Accept & Continue' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('checkbox', { name: /accept the/ })).toBeChecked();
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/nowhere');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
});

test('a protected route without a session redirects to the landing page', async ({ page }) => {
  // 'Redirecting...' stands for 500 ms only: the page itself records that it was shown, so a
  // busy machine cannot miss it between the load event and a first check.
  await page.addInitScript(() => {
    new MutationObserver(() => {
      if (document.body?.textContent?.includes('Redirecting...')) {
        (window as unknown as { sawRedirecting: boolean }).sawRedirecting = true;
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  // A visitor is sent on without the member screens' code being downloaded.
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/home');
  await expect(page).toHaveURL(/\/$/);
  expect(
    await page.evaluate(() => (window as unknown as { sawRedirecting?: boolean }).sawRedirecting),
  ).toBe(true);
  await expect(page.getByText('Connect with other crew')).toBeVisible();
  // The entry was seen (the names are the build's), the member layout and Home were not.
  expect(scripts.some((script) => /^\/assets\/index-/.test(script))).toBe(true);
  expect(scripts.filter((script) => /\/(member-layout|home-page)-/.test(script))).toEqual([]);
});

test.describe('on a phone', () => {
  const { defaultBrowserType: _ignored, ...phone } = devices['Pixel 7']!;
  test.use(phone);
  test('the landing page fits the screen', async ({ page }, testInfo) => {
    await page.goto('/');
    await expect(page.getByText('Connect with other crew')).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth > window.innerWidth,
    );
    expect(overflow).toBe(false);
    const file = testInfo.outputPath('landing-phone.png');
    await page.screenshot({ path: file, fullPage: true });
    await testInfo.attach('landing-phone', { path: file, contentType: 'image/png' });
  });
});

test('the API docs render', async ({ page }) => {
  // Swagger UI renders only after its 1 MB bundle ran and the generated document arrived; on a
  // busy CI box that took longer than the default 5 s, so wait for the document itself, then
  // give the render its own bound (still an event wait: it ends as soon as the title shows).
  const document = page.waitForResponse((r) => r.url().endsWith('/api/docs/json') && r.ok());
  await page.goto('/api/docs');
  await document;
  await expect(page.getByRole('heading', { name: /Jumpseat API/ }).first()).toBeVisible({
    timeout: 20_000,
  });
});

test('a start stage whose code cannot be had says so instead of leaving a blank page', async ({
  page,
}) => {
  // React's DOM renderer is a stage of its own (main.tsx): without it nothing can render.
  await page.route(/\/assets\/mount-[\w-]+\.js$/, (route) => route.abort());
  await page.goto('/');
  await expect(page.getByRole('alert')).toHaveText(
    'Jumpseat could not load. Check your connection and reload the page.',
  );
});
