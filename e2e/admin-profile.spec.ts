import { expect, test } from './fixtures';
import { adminEmail, adminPasscode, signIn } from './helpers/accounts';

test.use({ viewport: { width: 390, height: 844 } });

// A real 1×1 PNG: the browser must be able to draw what the server stored and serves.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('an admin updates their profile picture; a disguised file is refused', async ({ page }) => {
  await signIn(page, adminEmail(), adminPasscode());
  await page.goto('/profile');
  await expect(page.getByText('Telegram notifications')).toBeVisible();
  await expect(page.getByText('Not configured')).toBeVisible();

  await page.getByRole('button', { name: 'Update profile picture' }).click();
  const dialog = page.getByRole('dialog', { name: 'Update profile picture' });
  // A PNG named as a GIF: the browser claims image/gif, the bytes say PNG.
  await dialog
    .getByLabel('Picture')
    .setInputFiles({ name: 'me.gif', mimeType: 'image/gif', buffer: PNG });
  await expect(dialog.getByRole('alert')).toHaveText(
    'Failed to update profile picture. Please try again with a smaller image.',
  );
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();

  await dialog
    .getByLabel('Picture')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(dialog.getByRole('img', { name: 'Preview: your new avatar' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Profile Updated')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The avatar now shows the served picture (after /api/auth/me was fetched again).
  const avatar = page.getByRole('region', { name: 'Member' }).locator('img');
  await expect(avatar).toHaveAttribute('src', /^\/api\/users\/\d+\/profile-picture\?v=[0-9a-f]+$/);
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
});

test('a large photo is scaled to 512 px before it is uploaded', async ({ page }) => {
  await signIn(page, adminEmail(), adminPasscode());
  await page.goto('/profile');
  // A 1600×1200 photo-like PNG (noise does not compress): well over a megabyte.
  const large = Buffer.from(
    await page.evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.width = 1600;
      canvas.height = 1200;
      const context = canvas.getContext('2d')!;
      const image = context.createImageData(1600, 1200);
      for (let i = 0; i < image.data.length; i++)
        image.data[i] = i % 4 === 3 ? 255 : Math.random() * 256;
      context.putImageData(image, 0, 0);
      return canvas.toDataURL('image/png').split(',')[1]!;
    }),
    'base64',
  );
  expect(large.length).toBeGreaterThan(1_000_000);

  await page.getByRole('button', { name: 'Update profile picture' }).click();
  const dialog = page.getByRole('dialog', { name: 'Update profile picture' });
  await dialog
    .getByLabel('Picture')
    .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: large });
  const upload = page.waitForRequest(
    (r) => r.method() === 'PUT' && r.url().endsWith('/api/users/me/profile-picture'),
  );
  await dialog.getByRole('button', { name: 'Save' }).click();
  const body = (await upload).postDataJSON() as { profilePictureUrl: string };
  await expect(page.getByText('Profile Updated')).toBeVisible();
  expect(body.profilePictureUrl.length).toBeLessThan(large.length);

  const avatar = page.getByRole('region', { name: 'Member' }).locator('img');
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(512);
});
