import { randomInt } from 'node:crypto';
import { expect, test } from './fixtures';
import { approvedMember, signedInPage } from './helpers/members';

const PHONE = { viewport: { width: 390, height: 844 } };
const DAY = 24 * 60 * 60 * 1000;
const pad = (n: number) => String(n).padStart(2, '0');
/** 'DD/MM/YYYY' of the day `days` from now (UTC). */
const dated = (days: number) => {
  const d = new Date(Date.now() + days * DAY);
  return `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
};
/** An ICS 'YYYYMMDDTHHMMSSZ' on the day `days` from now at `hhmm` UTC. */
const icsAt = (days: number, hhmm: string) => {
  const d = new Date(Date.now() + days * DAY);
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${hhmm}00Z`;
};

test.describe('Upload Roster on a phone (issue 41 items 3 and 4)', () => {
  test('a pasted roster: local and GMT times, a past flight that cannot be chosen, and a re-paste that knows the flights are yours', {
    tag: '@postgres',
  }, async ({ newContext, baseURL }) => {
    const member = await approvedMember(baseURL!, { name: `Paula Paste ${randomInt(1000, 9999)}` });
    const out = randomInt(1000, 8900);
    const back = out + 1;
    const text = [
      `${dated(4)} BA${out} LHR JFK 1030 1335`,
      `${dated(5)} BA${back} JFK LHR 2045 0840+1`,
      `${dated(6)} OFF`,
      `${dated(-3)} BA${out + 2} LHR MAD 0700 1010`,
    ].join('\n');

    const page = await signedInPage(newContext, member);
    await page.setViewportSize(PHONE.viewport);
    await page.goto('/upload-roster');
    await page.getByLabel('Roster text').fill(text);
    await page.getByRole('button', { name: 'Parse Roster' }).click();

    await expect(page.getByRole('heading', { name: 'Found 3 flights:' })).toBeVisible();
    const found = page.getByRole('list', { name: 'Flights found' });
    const row = (n: number) => found.getByRole('listitem').filter({ hasText: `BA${n}` });
    await expect(row(back).getByText('Departs 20:45 JFK')).toBeVisible();
    // An evening in New York is the next day in GMT.
    await expect(row(back).getByText(/^\d{2}:45 GMT \+1$/)).toBeVisible();
    await expect(row(back).getByText(`${dated(5)} BA${back} JFK LHR 2045 0840+1`)).toBeVisible();
    await expect(row(out + 2).getByText('Past')).toBeVisible();
    await expect(row(out + 2).getByRole('checkbox')).toBeDisabled();
    await expect(row(out + 2).getByRole('checkbox')).not.toBeChecked();
    const notRead = page.getByRole('list', { name: 'Lines not read' });
    await expect(notRead.getByText('Not a flight: day off (OFF)')).toBeVisible();

    await page.getByRole('button', { name: 'Add 2 Flights' }).click();
    await expect(page.getByText('2 flights added')).toBeVisible();
    await expect(page).toHaveURL(/\/home$/);

    // The same roster again: both flights are the member's now, and start unticked.
    await page.goto('/upload-roster');
    await page.getByLabel('Roster text').fill(text);
    await page.getByRole('button', { name: 'Parse Roster' }).click();
    await expect(row(out).getByText('Already yours')).toBeVisible();
    await expect(row(out).getByRole('checkbox')).not.toBeChecked();
    await expect(row(back).getByRole('checkbox')).not.toBeChecked();
    await expect(page.getByRole('button', { name: 'Add 0 Flights' })).toBeVisible();
  });

  test('an uploaded calendar file (ICS) is read on the server and added', async ({
    newContext,
    baseURL,
  }) => {
    const member = await approvedMember(baseURL!, { name: `Uma Upload ${randomInt(1000, 9999)}` });
    const number = randomInt(1000, 8900);
    const ics = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Jumpseat e2e//EN',
      'BEGIN:VEVENT',
      `UID:${number}@e2e`,
      `SUMMARY:BA${number} LHR-JFK`,
      `DTSTART:${icsAt(6, '1430')}`,
      `DTEND:${icsAt(6, '2235')}`,
      'END:VEVENT',
      'BEGIN:VEVENT',
      `UID:${number}-off@e2e`,
      'SUMMARY:OFF',
      `DTSTART;VALUE=DATE:${icsAt(7, '0000').slice(0, 8)}`,
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');

    const page = await signedInPage(newContext, member);
    await page.setViewportSize(PHONE.viewport);
    await page.goto('/upload-roster');
    await page.getByLabel('Or upload your roster file').setInputFiles({
      name: 'roster.ics',
      mimeType: 'text/calendar',
      buffer: Buffer.from(ics),
    });
    await expect(page.getByText('roster.ics')).toBeVisible();
    await page.getByRole('button', { name: 'Parse Roster' }).click();

    await expect(page.getByRole('heading', { name: 'Found 1 flight:' })).toBeVisible();
    const found = page.getByRole('list', { name: 'Flights found' });
    await expect(found.getByText('14:30 GMT')).toBeVisible();
    await expect(found.getByText('LHR to JFK')).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Lines not read' }).getByText('Not a flight: day off (OFF)'),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Add 1 Flight' }).click();
    await expect(page.getByText('1 flight added')).toBeVisible();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('a file of another kind is refused with the reason', async ({ newContext, baseURL }) => {
    const member = await approvedMember(baseURL!, { name: `Rex Refused ${randomInt(1000, 9999)}` });
    const page = await signedInPage(newContext, member);
    await page.setViewportSize(PHONE.viewport);
    await page.goto('/upload-roster');
    await page.getByLabel('Or upload your roster file').setInputFiles({
      name: 'roster.docx',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('PK not a roster'),
    });
    await page.getByRole('button', { name: 'Parse Roster' }).click();
    await expect(page.getByText('Error Parsing Roster')).toBeVisible();
    await expect(page.getByText(/Choose a roster file ending \.txt/)).toBeVisible();
  });

  test('a re-imported roster shows the flight it no longer lists, and the member leaves it after confirming (item 5)', async ({
    newContext,
    baseURL,
  }) => {
    const member = await approvedMember(baseURL!, {
      name: `Rita Reimport ${randomInt(1000, 9999)}`,
    });
    const kept = randomInt(1000, 8900);
    const dropped = kept + 1;
    const first = [
      `${dated(4)} BA${kept} LHR JFK 1030 1335`,
      `${dated(5)} BA${dropped} LHR MAD 0700 1010`,
      `${dated(6)} BA${kept + 2} LHR CDG 0800 1010`,
    ];

    const page = await signedInPage(newContext, member);
    await page.setViewportSize(PHONE.viewport);
    await page.goto('/upload-roster');
    await page.getByLabel('Roster text').fill(first.join('\n'));
    await page.getByRole('button', { name: 'Parse Roster' }).click();
    await page.getByRole('button', { name: 'Add 3 Flights' }).click();
    await expect(page.getByText('3 flights added')).toBeVisible();
    await expect(page).toHaveURL(/\/home$/);

    // The roster changed: the middle day's flight is gone from it.
    await page.goto('/upload-roster');
    await page.getByLabel('Roster text').fill([first[0], first[2]].join('\n'));
    await page.getByRole('button', { name: 'Parse Roster' }).click();
    await expect(page.getByRole('heading', { name: 'Changes to your flights' })).toBeVisible();
    const gone = page.getByRole('region', { name: 'No longer on your roster' });
    await expect(gone.getByRole('checkbox')).toHaveCount(1);
    await expect(gone.getByText(new RegExp(`BA${dropped} LHR to MAD`))).toBeVisible();
    await gone.getByRole('button', { name: 'Leave 1 Flight' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave 1 flight?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Leave' }).click();
    await expect(page.getByText('You left 1 flight')).toBeVisible();

    await page.goto('/my-flights');
    const mine = page.getByRole('list', { name: 'Your flights' });
    await expect(mine.getByRole('listitem')).toHaveCount(2);
    await expect(mine.getByText(new RegExp(`BA${dropped}`))).toHaveCount(0);
  });
});
