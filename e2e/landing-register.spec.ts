import { expect, test } from './fixtures';

test.use({ viewport: { width: 390, height: 844 } });

test('registration from the landing is gated by its consent box and carries the e-mail', async ({
  page,
}) => {
  await page.goto('/');
  const create = page.getByRole('button', { name: 'Create New Account' });

  await create.click();
  await expect(page.getByText('Privacy Policy Required')).toBeVisible();
  await expect(page.getByText('Please accept the Data Privacy Policy to continue')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await page.getByRole('checkbox', { name: /accept the/ }).check();
  await create.click();
  await expect(page.getByText('Please enter your email address')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await page.getByLabel('Work email').fill('new.crew@ba.com');
  await create.click();
  await expect(page).toHaveURL(/\/register\?email=new\.crew%40ba\.com$/);
  await expect(page.getByRole('textbox', { name: /email/i }).first()).toHaveValue(
    'new.crew@ba.com',
  );
  // The gate's notices do not follow the member onto the form.
  await expect(page.getByText('Privacy Policy Required')).toBeHidden();
});
