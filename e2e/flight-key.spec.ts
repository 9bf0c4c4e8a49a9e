import { randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';
import { zonedToUtc } from '../domain';
import { expect, test } from './fixtures';
import { approvedMember, signedInPage } from './helpers/members';

// Issue 41 item 1: crew who type one flight differently ('BA117' and 'ba 0117') land on one
// flight, and see each other on it.
test.use({ viewport: { width: 390, height: 844 } });

const DAY = 24 * 60 * 60 * 1000;

/**
 * The manual form on /add-flight, filled as a member types it, and sent: the time on Heathrow's
 * clock (the form's default), or in GMT with 'Time is GMT' ticked.
 */
async function addByHand(
  page: Page,
  flightNumber: string,
  day: string,
  time: { local: string } | { gmt: string },
) {
  await page.goto('/add-flight');
  await page.getByLabel('Flight number').fill(flightNumber);
  await page.getByLabel('Flight date').fill(day);
  if ('gmt' in time) {
    await page.getByLabel('Time is GMT').check();
    await page.getByLabel('Departure time (GMT, optional)').fill(time.gmt);
  } else {
    await page.getByLabel('Departure time (local at LHR, optional)').fill(time.local);
  }
  await page.getByLabel('Destination').fill('JFK');
  await page.getByLabel('Your role').selectOption('IFL');
  await page.getByRole('button', { name: 'Add Flight' }).click();
  await expect(page.getByText("You've been added to the flight")).toBeVisible();
}

async function myFlights(page: Page) {
  const res = await page.request.get('/api/user/flights');
  return (await res.json()) as {
    flight: { id: number; flightNumber: string; crewCount: number };
  }[];
}

test("'BA117' and 'ba 0117' typed by two members are one flight, where each sees the other", async ({
  newContext,
  baseURL,
}) => {
  // Three digits, so that the leading zero is how a roster prints it; other journeys use four.
  const digits = randomInt(100, 1000);
  const day = new Date(Date.now() + 4 * DAY).toISOString().slice(0, 10);
  const suffix = randomInt(1000, 10_000);
  const [alice, bob] = await Promise.all([
    approvedMember(baseURL!, { name: `Alice Key ${suffix}` }),
    approvedMember(baseURL!, { name: `Bob Key ${suffix}` }),
  ]);
  const a = await signedInPage(newContext, alice);
  const b = await signedInPage(newContext, bob);
  for (const page of [a, b]) {
    await page.evaluate(() => localStorage.setItem('jumpseat.installOffered', '1'));
  }

  // Alice types Heathrow's 15:30, Bob the GMT it is (the same in winter, an hour less in summer).
  const gmt = zonedToUtc({ date: day, time: '15:30' }, 'Europe/London');
  const hhmm = gmt.toISOString().slice(11, 16);
  await addByHand(a, `BA${digits}`, day, { local: '15:30' });
  await addByHand(b, `ba 0${digits}`, day, { gmt: hhmm });

  const [[mine], [theirs]] = await Promise.all([myFlights(a), myFlights(b)]);
  expect(theirs!.flight.id).toBe(mine!.flight.id);
  expect(theirs!.flight.flightNumber).toBe(`BA${digits} (${hhmm.replace(':', '')})`);

  // On the flight's screen, Bob finds himself and one other crew member, anonymous until both
  // agree.
  await b.goto(`/flight/${mine!.flight.id}`);
  await expect(
    b.getByLabel(bob.name, { exact: true }).getByRole('button', { name: "It's You" }),
  ).toBeVisible();
  await expect(b.getByLabel('Anonymous Crew Member', { exact: true })).toBeVisible();
});
