import { randomInt } from 'node:crypto';
import { fullChromiumLaunchOptions } from './browsers';
import { expect, test } from './fixtures';
import { addFlight, approvedMember, flightFields, signedInPage } from './helpers/members';

const DAY = 24 * 60 * 60 * 1000;

// Chromium, not the headless shell: the shell reports notification permission as 'denied', so
// the prompt this journey measures would never show.
test.use({ viewport: { width: 390, height: 844 }, launchOptions: fullChromiumLaunchOptions });

test('on a phone the notification prompt is one line, shown once, and flights read BA117 + 15:30 GMT', async ({
  newContext,
  baseURL,
}) => {
  const member = await approvedMember(baseURL!, { name: `Nora Numbers ${randomInt(1000, 9999)}` });
  const page = await signedInPage(newContext, member);

  // Home's counters say whose figures they are.
  await expect(page.getByText('Platform-wide activity', { exact: true })).toBeVisible();

  // The prompt: one compact line, its button beside the text, not a fifth of the screen. Both
  // boxes are read at one instant: the page may still scroll or reflow between two reads.
  const prompt = page.getByRole('complementary', { name: 'Notifications' });
  await expect(prompt.getByRole('button', { name: 'Enable notifications' })).toBeVisible();
  const { box, button } = await prompt.evaluate((el) => {
    const enable = el.querySelector('button[aria-label="Enable notifications"]');
    const r = el.getBoundingClientRect();
    const s = enable?.getBoundingClientRect() ?? { y: Number.NaN, height: Number.NaN };
    return { box: { y: r.y, height: r.height }, button: { y: s.y, height: s.height } };
  });
  expect(box.height).toBeLessThanOrEqual(64);
  expect(button.y).toBeGreaterThanOrEqual(box.y);
  expect(button.y + button.height).toBeLessThanOrEqual(box.y + box.height);

  // 'Not now' hides it for good on this device.
  await prompt.getByRole('button', { name: 'Not now' }).click();
  await expect(prompt).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Flights', exact: true })).toBeVisible();
  await expect(prompt).toHaveCount(0);

  // A flight stored as 'BA#### (1530)' is titled by its number with a time chip.
  const number = `BA${randomInt(1000, 9999)}`;
  const { id } = await addFlight(
    page,
    flightFields({ number, hhmm: '1530', day: new Date(Date.now() + 4 * DAY) }),
  );

  await page.goto(`/flight/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(number);
  await expect(page.getByText('15:30 GMT', { exact: true })).toBeVisible();
  await expect(page.getByText('(1530)')).toHaveCount(0);

  await page.goto('/my-flights');
  const card = page.getByLabel(`Flight ${number} 15:30 GMT`, { exact: true });
  await expect(card.getByRole('heading', { name: number, exact: true })).toBeVisible();
  await expect(card.getByText('15:30 GMT', { exact: true })).toBeVisible();
  await expect(page.getByText('(1530)')).toHaveCount(0);
});
