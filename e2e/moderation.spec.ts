import { expect, test } from './fixtures';
import { adminEmail, adminPasscode, signIn, submitSignIn } from './helpers/accounts';
import { twoMembersOnAFlight, wave } from './helpers/members';

// Issue 22 at phone size: a member reports from the chat header, the admin suspends from the
// moderation queue, and the suspended member cannot sign in.
test.use({ viewport: { width: 390, height: 844 } });

test('report from the chat header, suspend from the queue, sign-in refused with the end date', {
  tag: '@postgres',
}, async ({ newContext, newPage, baseURL }) => {
  const { bob, a, b, flightId } = await twoMembersOnAFlight(newContext, baseURL!, [
    'Ria Reporter',
    'Tom Troubled',
  ]);
  const waveId = await wave(a, b, flightId, { accepted: true });

  // With the wave accepted, Ria sees Tom by name on the flight.
  await a.goto(`/flight/${flightId}`);
  await expect(a.getByText(bob.name).first()).toBeVisible();

  // Ria reports Tom from the chat header, and blocks him in the same step.
  await a.goto(`/chat?waveId=${waveId}`);
  const chat = a.getByRole('dialog', { name: bob.name });
  await chat.getByRole('button', { name: `Report ${bob.name}` }).click();
  const dialog = a.getByRole('dialog', { name: `Report ${bob.name}` });
  await dialog.getByRole('radio', { name: 'Harassment' }).check();
  await dialog.getByLabel('Details (optional)').fill('Keeps asking for my hotel room number');
  await dialog.getByRole('checkbox', { name: 'Also block this member' }).check();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(a.getByText('Report sent')).toBeVisible();

  // The block hides Tom from Ria's flight (and Ria from his), and their wave is gone.
  await a.goto(`/flight/${flightId}`);
  await expect(a.getByText('Ria Reporter').first()).toBeVisible();
  await expect(a.getByText(bob.name)).toHaveCount(0);
  expect((await (await a.request.get('/api/waves')).json()) as unknown[]).toHaveLength(0);

  // The admin suspends Tom from the moderation queue.
  const admin = await newPage();
  await signIn(admin, adminEmail(), adminPasscode());
  await admin.goto('/admin/moderation');
  const report = admin.getByRole('article', { name: new RegExp(`Report about ${bob.name}`) });
  await expect(report.getByText('Keeps asking for my hotel room number')).toBeVisible();
  await report.getByRole('radio', { name: 'Suspend 30 days' }).check();
  await report.getByLabel('Reason (sent to the member)').fill('Harassing a crew member');
  await report.getByRole('button', { name: 'Apply decision' }).click();
  await expect(admin.getByText('Decision saved')).toBeVisible();
  await expect(report).toBeHidden();

  // Tom's session has ended, and signing in again is refused with the end of the suspension.
  expect((await b.request.get('/api/auth/me')).status()).toBe(401);
  const again = await newPage();
  await submitSignIn(again, bob.email, bob.pin);
  await expect(
    again.getByText(/Your account is suspended until .+: you cannot sign in until then\./).first(),
  ).toBeVisible();
  await expect(again).toHaveURL(/\/passcode/);
});

test('report from a wave card, block from a crew card, unblock from the profile', async ({
  newContext,
  baseURL,
}) => {
  const { a, b, flightId } = await twoMembersOnAFlight(newContext, baseURL!, [
    'Wes Waver',
    'Rae Receiver',
  ]);
  await wave(a, b, flightId);

  // Rae reports the wave from its card on Messages (without blocking).
  await b.goto('/messages');
  const report = b.getByRole('button', { name: /^Report / });
  await report.click();
  const dialog = b.getByRole('dialog', { name: /^Report / });
  await dialog.getByRole('radio', { name: 'Spam' }).check();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(b.getByText('Report sent')).toBeVisible();

  // Wes blocks Rae from her crew card on the flight: she leaves his crew list, the wave goes.
  await a.goto(`/flight/${flightId}`);
  await a.getByRole('button', { name: /^Block / }).click();
  await a
    .getByRole('dialog', { name: /^Block .*\?$/ })
    .getByRole('button', { name: 'Block', exact: true })
    .click();
  await expect(a.getByText('Member blocked')).toBeVisible();
  await expect(a.getByRole('button', { name: /^Block / })).toHaveCount(0);
  await b.goto('/messages');
  await expect(b.getByRole('heading', { name: 'No messages yet' })).toBeVisible();

  // From the profile's Blocked members, Wes unblocks her: she is back on the flight.
  await a.goto('/profile');
  const blocked = a.getByRole('heading', { name: 'Blocked members' }).locator('..');
  await blocked.getByRole('button', { name: /^Unblock / }).click();
  await expect(a.getByText('Member unblocked')).toBeVisible();
  await expect(blocked.getByText('You have not blocked anyone.')).toBeVisible();
  await a.goto(`/flight/${flightId}`);
  await expect(a.getByRole('button', { name: /^Block / })).toBeVisible();
});
