import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';

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

/** Signs in, accepts the session's disclaimer and lands on /home. */
export async function signIn(page: Page, email: string, pin: string) {
  await submitSignIn(page, email, pin);
  const disclaimer = page.getByRole('dialog', { name: 'Before you continue' });
  await disclaimer.getByRole('button', { name: 'I Understand & Accept' }).click();
  await expect(page).toHaveURL(/\/home$/);
}
