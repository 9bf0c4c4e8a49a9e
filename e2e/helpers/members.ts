import { type Browser, expect, request } from '@playwright/test';
import { adminEmail, adminPasscode, signIn, uniqueEmail } from './accounts';

/** An approved trial member with this real name, registered and approved through the API. */
export async function approvedMember(baseURL: string, name: string) {
  const email = uniqueEmail();
  const api = await request.newContext({ baseURL });
  try {
    const registered = await api.post('/api/register/initiate', {
      data: { email, name, role: 'IFL', membership: 'trial' },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    const login = await api.post('/api/auth/login', {
      data: { email: adminEmail(), passcode: adminPasscode() },
    });
    expect(login.status(), await login.text()).toBe(200);
    const pending = (await (await api.get('/api/admin/pending-approvals')).json()) as {
      id: number;
      email: string;
    }[];
    const entry = pending.find((p) => p.email === email);
    if (!entry) throw new Error(`${email} is not among the pending approvals`);
    const approved = await api.post(`/api/admin/approve-user/${entry.id}`);
    expect(approved.status(), await approved.text()).toBe(200);
    const { pin } = (await approved.json()) as { pin: string };
    return { email, pin, name };
  } finally {
    await api.dispose();
  }
}

/** A new browser context signed in as this member through the four PIN boxes. */
export async function signedInPage(browser: Browser, member: { email: string; pin: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, member.email, member.pin);
  return page;
}
