import { randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';
import { zonedToUtc } from '../domain';
import { expect, test } from './fixtures';
import { addFlight, approvedMember, flightFields, signedInPage, theAdmin } from './helpers/members';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAY = 24 * 60 * 60 * 1000;

/** 'HHMM' in GMT of a wall-clock time at a zone. */
const gmtOf = (date: string, time: string, zone: string) =>
  zonedToUtc({ date, time }, zone).toISOString().slice(11, 16).replace(':', '');

/**
 * A two-week roster as CrewLink prints it, starting three days from now (the e2e server runs
 * on the real clock): five flying days with an out and back sector each, days off between.
 */
function twoWeekRoster(firstNumber: number) {
  const lines: string[] = [];
  const flights: string[] = [];
  let number = firstNumber;
  for (let offset = 3; offset < 17; offset++) {
    const date = new Date(Date.now() + offset * DAY);
    const head = `${WEEKDAYS[date.getUTCDay()]} ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]}`;
    if ([3, 5, 7, 10, 12].includes(offset)) {
      lines.push(`${head}\tFLY\tRPT 0610`);
      // Roster times are local: 06:55 at Heathrow and 10:20 in Madrid, stored as their GMT.
      const day = date.toISOString().slice(0, 10);
      lines.push(`\t\t0655 BA${number} LHR MAD\t0930\tA320`);
      flights.push(`BA${number} (${gmtOf(day, '06:55', 'Europe/London')})`);
      number += 1;
      lines.push(`\t\t1020 BA${number} MAD LHR\t1310\tA320\tREL 1340`);
      flights.push(`BA${number} (${gmtOf(day, '10:20', 'Europe/Madrid')})`);
      number += 1;
    } else {
      lines.push(`${head}\tOFF`);
    }
  }
  return { text: lines.join('\n'), flights };
}

/** A stored 'BA117 (1530)' as the screens name it: 'BA117 15:30 GMT' (issue 18 item 5). */
const onScreen = (stored: string) => stored.replace(/ \((\d{2})(\d{2})\)$/, ' $1:$2 GMT');

async function flightId(page: Page, flightNumber: string) {
  const res = await page.request.get('/api/user/flights');
  const items = (await res.json()) as { flight: { id: number; flightNumber: string } }[];
  const item = items.find((i) => i.flight.flightNumber === flightNumber);
  if (!item) throw new Error(`${flightNumber} is not among the member's flights`);
  return item.flight.id;
}

test('a roster upload, Home and My Flights, then a second member joins and sees the first anonymised', {
  tag: '@postgres',
}, async ({ newContext, baseURL }) => {
  const tag = String(randomInt(1000, 9999));
  const [alice, bob] = await Promise.all([
    approvedMember(baseURL!, { name: `Alice Roster ${tag}` }),
    approvedMember(baseURL!, { name: `Bob Joiner ${tag}` }),
  ]);
  // Four-digit numbers that no other test uses, and none of the transatlantic ones.
  const roster = twoWeekRoster(randomInt(1000, 8900));

  const a = await signedInPage(newContext, alice);
  await a.goto('/upload-roster');
  await expect(a.getByRole('heading', { name: 'Upload Roster' })).toBeVisible();
  await expect(a.getByText('Copy your roster')).toBeVisible();
  await expect(a.getByRole('link', { name: 'Open CrewLink' })).toHaveAttribute('target', '_blank');

  // Nothing pasted yet.
  await a.getByRole('button', { name: 'Parse Roster' }).click();
  await expect(a.getByText('Empty Roster')).toBeVisible();

  await a.getByLabel('Roster text').fill(roster.text);
  await a.getByRole('button', { name: 'Parse Roster' }).click();
  await expect(a.getByRole('heading', { name: 'Found 10 flights:' })).toBeVisible();
  const found = a.getByRole('list', { name: 'Flights found' });
  await expect(found.getByRole('checkbox')).toHaveCount(10);
  for (const box of await found.getByRole('checkbox').all()) await expect(box).toBeChecked();
  await expect(found.getByText('LHR to MAD').first()).toBeVisible();

  await a.getByRole('button', { name: 'Add 10 Flights' }).click();
  await expect(a.getByText('Flights Added', { exact: true })).toBeVisible();
  await expect(a.getByText('10 flights added')).toBeVisible();
  await expect(a).toHaveURL(/\/home$/);

  // Home lists them (they depart within the home window).
  const [first, second] = roster.flights as [string, string];
  await expect(a.getByRole('heading', { name: 'Upcoming Flights' })).toBeVisible();
  await a.getByLabel('Search flights').fill(first.split(' ')[0]!);
  await expect(
    a.getByRole('heading', { name: `Search results for "${first.split(' ')[0]}"` }),
  ).toBeVisible();
  const card = a.getByLabel(`Flight ${onScreen(first)}`, { exact: true });
  await expect(card).toBeVisible();
  await expect(card.getByText(/LHR.*MAD/)).toBeVisible();
  // The spec's GMT chip, and the roster's own 06:55 on Heathrow's clock beside it.
  const chip = onScreen(first).split(' ').slice(1).join(' ');
  await expect(card.getByText(chip, { exact: true })).toBeVisible();
  await expect(card.getByTestId('local-departure')).toHaveText(`06:55 LHR · ${chip}`);
  await expect(card.getByText("You're on this flight")).toBeVisible();

  // My Flights: the count, the stat cards, a card per flight.
  await a.goto('/my-flights');
  await expect(a.getByText('10 flights', { exact: true })).toBeVisible();
  await expect(a.getByText('Total Flights')).toBeVisible();
  const mine = a.getByRole('list', { name: 'Your flights' });
  await expect(mine.getByRole('listitem')).toHaveCount(10);
  await expect(
    mine
      .getByLabel(`Flight ${onScreen(second)}`, { exact: true })
      .getByText('Upcoming', { exact: true }),
  ).toBeVisible();
  const back = mine.getByLabel(`Flight ${onScreen(second)}`, { exact: true });
  const backChip = onScreen(second).split(' ').slice(1).join(' ');
  await expect(back.getByText(backChip, { exact: true })).toBeVisible();
  // Madrid's 10:20 as the roster prints it, beside its GMT.
  await expect(back.getByTestId('local-departure')).toHaveText(`10:20 MAD · ${backChip}`);

  // Bob joins the first flight from its detail screen.
  const id = await flightId(a, first);
  const b = await signedInPage(newContext, bob);
  await b.goto(`/flight/${id}`);
  await expect(b.getByRole('heading', { name: 'Crew Members (1)' })).toBeVisible();
  await b.getByRole('button', { name: 'Join Flight' }).click();
  const dialog = b.getByRole('dialog', { name: 'Join Flight' });
  await dialog.getByLabel('Your role').selectOption('IFM');
  await dialog.getByRole('button', { name: 'Coffee Chat' }).click();
  await dialog.getByLabel('Note (optional)').fill('Happy to swap galley duties');
  await dialog.getByRole('button', { name: 'Join Flight' }).click();
  await expect(b.getByText("You've been added to this flight")).toBeVisible();
  await expect(b.getByRole('button', { name: "You're on this flight" })).toBeVisible();
  await expect(b.getByRole('heading', { name: 'Crew Members (2)' })).toBeVisible();

  // Bob sees himself in full and Alice anonymised; her name is nowhere on the page.
  const bobCards = b.getByTestId('crew-member');
  await expect(bobCards).toHaveCount(2);
  await expect(b.getByLabel('Anonymous Crew Member', { exact: true })).toBeVisible();
  await expect(
    b.getByLabel(bob.name, { exact: true }).getByRole('button', { name: "It's You" }),
  ).toBeVisible();
  await expect(
    b.getByLabel(bob.name, { exact: true }).getByText('“Happy to swap galley duties”'),
  ).toBeVisible();
  await expect(b.getByText(alice.name)).toHaveCount(0);

  // Alice sees both, Bob anonymised, with his role, tag and note.
  await a.goto(`/flight/${id}`);
  await expect(a.getByRole('heading', { name: 'Crew Members (2)' })).toBeVisible();
  const bobCard = a.getByLabel('Anonymous Crew Member', { exact: true });
  await expect(bobCard.getByText('IFM')).toBeVisible();
  await expect(bobCard.getByText('Coffee Chat')).toBeVisible();
  await expect(a.getByText(bob.name)).toHaveCount(0);
  await expect(
    a.getByLabel(alice.name, { exact: true }).getByRole('button', { name: "It's You" }),
  ).toBeVisible();
  // Bob is on it now: Alice, its first crew member, may leave it but no longer delete it.
  await expect(a.getByRole('button', { name: 'Leave flight' })).toBeVisible();
  await expect(a.getByRole('button', { name: 'Delete Flight' })).toHaveCount(0);
});

test('an admin deletes a flight from Home', async ({ newContext, newApi, baseURL }) => {
  const member = await approvedMember(baseURL!, { name: `Carol Crew ${randomInt(1000, 9999)}` });
  const number = `BA${randomInt(1000, 9999)}`;
  const api = await newApi();
  await api.post('/api/auth/login', { data: { email: member.email, passcode: member.pin } });
  const { id } = await addFlight(
    api,
    flightFields({
      number,
      hhmm: '1415',
      origin: 'LGW',
      destination: 'FAO',
      day: new Date(Date.now() + 4 * DAY),
    }),
  );

  const admin = await signedInPage(newContext, theAdmin());
  await expect(admin.getByRole('button', { name: /By Time|By Flight #/ })).toBeVisible();
  await admin.getByLabel('Search flights').fill(number);
  await expect(
    admin.getByRole('heading', { name: `Search results for "${number}"` }),
  ).toBeVisible();
  const card = admin.getByLabel(`Flight ${number} 14:15 GMT`, { exact: true });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: `Delete flight ${number} 14:15 GMT` }).click();
  const confirm = admin.getByRole('dialog', { name: 'Are you sure?' });
  await expect(confirm.getByText('permanently delete')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(admin.getByText('The flight has been successfully deleted')).toBeVisible();
  await expect(card).toHaveCount(0);
  await expect(admin.getByText(`No flights match "${number}".`)).toBeVisible();

  const gone = await api.get(`/api/flights/${id}`);
  expect(gone.status()).toBe(404);
});
