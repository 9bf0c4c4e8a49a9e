import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Page, request } from '@playwright/test';
import type { NewContext } from '../fixtures';
import { adminEmail, adminPasscode, signInThroughApi, uniqueEmail } from './accounts';

/**
 * The journeys' factories, as the server tests' (server/test/factories.ts): a member, a flight,
 * a wave, each with defaults and overrides, made through the API (the screens that make them
 * have journeys of their own). Browser contexts come from the `newContext` fixture
 * (e2e/fixtures.ts), which closes them when the test ends.
 */

const DAY = 24 * 60 * 60 * 1000;

export type Member = { email: string; pin: string; name: string };

export type MemberOverrides = {
  name?: string;
  email?: string;
  role?: string;
};

/** The admin the e2e servers ensure at their start (ADMIN_EMAIL, ADMIN_PASSCODE). */
export const theAdmin = () => ({ email: adminEmail(), pin: adminPasscode(), name: 'Admin' });

/**
 * The one way a test gets a member: a trial member (real name 'E2E Crew', role IFL, a fresh
 * address unless overridden), registered and approved through the API (the approval answer
 * carries the PIN, so no mailbox is needed).
 */
export async function approvedMember(
  baseURL: string,
  overrides: MemberOverrides = {},
): Promise<Member> {
  const { name = 'E2E Crew', email = uniqueEmail(), role = 'IFL' } = overrides;
  const api = await request.newContext({ baseURL });
  try {
    const registered = await api.post('/api/register/initiate', {
      data: { email, name, role, membership: 'trial' },
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
export async function signedInMember(page: Page, baseURL: string, overrides?: MemberOverrides) {
  const member = await approvedMember(baseURL, overrides);
  await signInThroughApi(page, member.email, member.pin);
  return member;
}

/**
 * A new browser context (from the `newContext` fixture) signed in as this member, through the
 * API as `signedInMember`; on `baseURL` when given (a server of the test's own), else the
 * project's.
 */
export async function signedInPage(
  newContext: NewContext,
  member: { email: string; pin: string },
  baseURL?: string,
) {
  const context = await newContext(baseURL ? { baseURL } : {});
  const page = await context.newPage();
  await signInThroughApi(page, member.email, member.pin);
  return page;
}

/** The signed-in member's id, as /api/auth/me tells this page. */
export async function memberId(page: Page) {
  const me = (await (await page.request.get('/api/auth/me')).json()) as {
    user?: { id: number };
    id?: number;
  };
  return (me.user?.id ?? me.id)!;
}

export type FlightOverrides = {
  /** The number without its time, e.g. 'BA1234' (random BA1000-BA9999 by default). */
  number?: string;
  /** The departure as HHMM, stored in brackets after the number ('1530' by default). */
  hhmm?: string;
  origin?: string;
  destination?: string;
  /** The UTC day it departs (three days from now by default). */
  day?: Date;
  duration?: string;
};

/** A flight's fields with defaults, as POST /api/flights takes them. */
export function flightFields(overrides: FlightOverrides = {}) {
  const {
    number = `BA${1000 + (randomBytes(2).readUInt16BE() % 9000)}`,
    hhmm = '1530',
    origin = 'LHR',
    destination = 'JFK',
    day = new Date(Date.now() + 3 * DAY),
    duration,
  } = overrides;
  return {
    flightNumber: `${number} (${hhmm})`,
    origin,
    destination,
    departureDate: day.toISOString().slice(0, 10),
    ...(duration ? { duration } : {}),
  };
}

/**
 * Adds a flight as this member (a page signed in, or an API context) through POST /api/flights:
 * a new flight (201) unless `join`, where finding the same flight and joining it (200) is right
 * too. Returns its id and the stored flight number.
 */
export async function addFlight(
  as: Page | APIRequestContext,
  fields: ReturnType<typeof flightFields> = flightFields(),
  { join = false }: { join?: boolean } = {},
) {
  const api = 'request' in as ? as.request : as;
  const response = await api.post('/api/flights', { data: fields });
  if (join) expect([200, 201], await response.text()).toContain(response.status());
  else expect(response.status(), await response.text()).toBe(201);
  return { id: ((await response.json()) as { id: number }).id, flightNumber: fields.flightNumber };
}

/**
 * A wave from one signed-in member to another on a flight both are on, through the API; with
 * `accepted` the receiver accepts it. Returns the wave's id.
 */
export async function wave(
  from: Page,
  to: Page,
  flightId: number,
  { accepted = false }: { accepted?: boolean } = {},
) {
  const receiverId = await memberId(to);
  const sent = await from.request.post('/api/waves', { data: { receiverId, flightId } });
  expect(sent.status(), await sent.text()).toBe(201);
  const waveId = ((await sent.json()) as { id: number }).id;
  if (accepted) {
    const answered = await to.request.put(`/api/waves/${waveId}/status`, {
      data: { status: 'accepted' },
    });
    expect(answered.status(), await answered.text()).toBe(200);
  }
  return waveId;
}

/** A chat message on an accepted wave, through the API. */
export async function message(from: Page, waveId: number, content: string) {
  const said = await from.request.post('/api/messages', { data: { waveId, content } });
  expect([200, 201], await said.text()).toContain(said.status());
}

/**
 * Two approved members, each signed in in their own browser context (from `newContext`), both
 * on one flight three days ahead (a bracketed time keeps the chat open until then). Names get a
 * random suffix. Their browsers have already been offered the install dialog (it opens after a
 * first accepted wave and would cover the journey), unless `installOffered: false`. `departure`
 * puts the flight at that minute instead.
 */
export async function twoMembersOnAFlight(
  newContext: NewContext,
  baseURL: string,
  names: [string, string],
  { installOffered = true, departure }: { installOffered?: boolean; departure?: Date } = {},
) {
  const suffix = randomBytes(2).toString('hex');
  const [alice, bob] = await Promise.all([
    approvedMember(baseURL, { name: `${names[0]} ${suffix}` }),
    approvedMember(baseURL, { name: `${names[1]} ${suffix}` }),
  ]);
  const a = await signedInPage(newContext, alice, baseURL);
  const b = await signedInPage(newContext, bob, baseURL);
  if (installOffered) {
    for (const page of [a, b])
      await page.evaluate(() => localStorage.setItem('jumpseat.installOffered', '1'));
  }
  const fields = flightFields({
    number: `BA${1000 + (Number.parseInt(suffix, 16) % 9000)}`,
    ...(departure
      ? { day: departure, hhmm: departure.toISOString().slice(11, 16).replace(':', '') }
      : {}),
    duration: '8h 30m',
  });
  const flight = { ...fields, departureDate: `${fields.departureDate}T00:00:00.000Z` };
  const { id: flightId } = await addFlight(a, flight, { join: true });
  expect((await addFlight(b, flight, { join: true })).id).toBe(flightId);
  return { alice, bob, a, b, flightId };
}
