import { randomBytes } from 'node:crypto';
import { type Browser, expect, type Page, request } from '@playwright/test';
import { adminEmail, adminPasscode, signInThroughApi, uniqueEmail } from './accounts';

/**
 * The one way a test gets a member: a trial member with this real name, registered and approved
 * through the API (the approval answer carries the PIN, so no mailbox is needed).
 */
export async function approvedMember(baseURL: string, name = 'E2E Crew') {
  const email = uniqueEmail();
  const api = await request.newContext({ baseURL });
  try {
    const registered = await api.post('/api/register/initiate', {
      data: { email, name, role: 'IFL', membership: 'trial' },
    });
    expect(registered.status(), await registered.text()).toBe(201);
  } finally {
    await api.dispose();
  }
  const pin = await approveAsAdmin(baseURL, email);
  return { email, pin, name };
}

/** The admin approves this registration through the API; the answer carries the member's PIN. */
export async function approveAsAdmin(baseURL: string, email: string) {
  const api = await request.newContext({ baseURL });
  try {
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
    return ((await approved.json()) as { pin: string }).pin;
  } finally {
    await api.dispose();
  }
}

/**
 * A fresh approved member, signed in on this page (through the API: journeys about signing in
 * use `signIn` from ./accounts, which goes through the screens).
 */
export async function signedInMember(page: Page, baseURL: string, name?: string) {
  const member = await approvedMember(baseURL, name);
  await signInThroughApi(page, member.email, member.pin);
  return member;
}

/** A new browser context signed in as this member (through the API, as `signedInMember`). */
export async function signedInPage(
  browser: Browser,
  member: { email: string; pin: string },
  baseURL?: string,
) {
  const context = await browser.newContext(baseURL ? { baseURL } : {});
  const page = await context.newPage();
  await signInThroughApi(page, member.email, member.pin);
  return page;
}

/** Joins the flight through POST /api/flights (find or create, then join) as this member. */
async function joinFlightByApi(page: Page, flight: Record<string, string>) {
  const response = await page.request.post('/api/flights', { data: flight });
  expect([200, 201], await response.text()).toContain(response.status());
  return ((await response.json()) as { id: number }).id;
}

/**
 * Two approved members, each signed in in their own browser, both on one flight three days
 * ahead (a bracketed time keeps the chat open until then). Names get a random suffix. Their
 * browsers have already been offered the install dialog (it opens after a first accepted
 * wave and would cover the journey), unless `installOffered: false`. `departure` puts the
 * flight at that minute instead.
 */
export async function twoMembersOnAFlight(
  browser: Browser,
  baseURL: string,
  names: [string, string],
  { installOffered = true, departure }: { installOffered?: boolean; departure?: Date } = {},
) {
  const suffix = randomBytes(2).toString('hex');
  const [alice, bob] = await Promise.all([
    approvedMember(baseURL, `${names[0]} ${suffix}`),
    approvedMember(baseURL, `${names[1]} ${suffix}`),
  ]);
  const a = await signedInPage(browser, alice, baseURL);
  const b = await signedInPage(browser, bob, baseURL);
  if (installOffered) {
    for (const page of [a, b])
      await page.evaluate(() => localStorage.setItem('jumpseat.installOffered', '1'));
  }
  const at = (departure ?? new Date(Date.now() + 3 * 24 * 60 * 60 * 1000)).toISOString();
  const day = at.slice(0, 10);
  const hhmm = departure ? at.slice(11, 16).replace(':', '') : '1530';
  const flight = {
    flightNumber: `BA${1000 + (Number.parseInt(suffix, 16) % 9000)} (${hhmm})`,
    origin: 'LHR',
    destination: 'JFK',
    departureDate: `${day}T00:00:00.000Z`,
    duration: '8h 30m',
  };
  const flightId = await joinFlightByApi(a, flight);
  expect(await joinFlightByApi(b, flight)).toBe(flightId);
  return { alice, bob, a, b, flightId };
}
