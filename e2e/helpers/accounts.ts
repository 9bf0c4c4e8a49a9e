import { randomBytes } from 'node:crypto';
import { expect, type Page, request } from '@playwright/test';

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

/**
 * A trial member registered and approved through the API (for tests about what comes after):
 * the approval answer carries the PIN, so no mailbox is needed.
 */
export async function createApprovedMember(
  baseURL: string,
): Promise<{ email: string; pin: string }> {
  const email = uniqueEmail();
  const api = await request.newContext({ baseURL });
  try {
    const registered = await api.post('/api/register/initiate', {
      data: { email, name: 'E2E Crew', role: 'IFL', membership: 'trial' },
    });
    expect(registered.status(), await registered.text()).toBe(201);

    const login = await api.post('/api/auth/login', {
      data: { email: adminEmail(), passcode: adminPasscode() },
    });
    expect(login.status(), await login.text()).toBe(200);

    const pending = await api.get('/api/admin/pending-approvals');
    const list = (await pending.json()) as { id: number; email: string }[];
    const entry = list.find((p) => p.email === email);
    if (!entry) throw new Error(`${email} is not among the pending approvals`);

    const approved = await api.post(`/api/admin/approve-user/${entry.id}`);
    expect(approved.status(), await approved.text()).toBe(200);
    const { pin } = (await approved.json()) as { pin: string };
    return { email, pin };
  } finally {
    await api.dispose();
  }
}
