import { expect, test } from './fixtures';
import { twoMembersOnAFlight } from './helpers/members';

// What one member does reaches the other over the socket; allow for a slow, shared machine.
const ACROSS_USERS = { timeout: 20_000 };

test('two crew on one flight: a wave, the reveal, a chat with text-only messages, and a deletion', {
  tag: '@postgres',
}, async ({ newContext, baseURL }) => {
  const { alice, bob, a, b, flightId } = await twoMembersOnAFlight(newContext, baseURL!, [
    'Alice Waver',
    'Bob Answer',
  ]);

  // Bob has nothing yet.
  await b.goto('/messages');
  await expect(b.getByRole('heading', { name: 'No messages yet' })).toBeVisible();
  await expect(b.getByRole('button', { name: 'Explore Flights' })).toBeVisible();

  // Alice waves at Bob from the flight's crew list.
  await a.goto(`/flight/${flightId}`);
  await a.getByRole('button', { name: 'Wave at Anonymous Crew Member' }).click();
  const sentDialog = a.getByRole('dialog', { name: 'Wave Sent!' });
  await expect(sentDialog).toBeVisible();
  await sentDialog.getByRole('button', { name: 'Got it' }).click();
  const waves = (await (await a.request.get('/api/waves')).json()) as {
    id: number;
    flight: { id: number };
  }[];
  const waveId = waves.find((w) => w.flight.id === flightId)!.id;

  await a.goto('/messages');
  const aPending = a.getByRole('article', { name: 'Anonymous Crew Member' });
  await expect(aPending.getByText('Pending Response')).toBeVisible();

  // Bob sees the request after a refresh, still anonymous, and accepts it.
  await b.reload();
  await expect(b.getByText('1 new wave')).toBeVisible();
  const incoming = b.getByRole('article', { name: 'Anonymous Crew Member' });
  await expect(incoming.getByText('Wave Request')).toBeVisible();
  await expect(b.getByText(alice.name)).toHaveCount(0);
  await incoming.getByRole('button', { name: 'Accept Wave' }).click();
  await expect(
    b.getByRole('status').filter({ hasText: 'You have accepted the wave' }),
  ).toBeVisible();

  // Accepted: each now sees the other's real name.
  const bobsConversation = b.getByRole('article', { name: alice.name });
  await expect(bobsConversation).toBeVisible();
  await expect(bobsConversation.getByText(/Chat closes in/)).toBeVisible();
  await expect(a.getByRole('article', { name: bob.name })).toBeVisible(ACROSS_USERS);

  // Alice opens the conversation by its address; Bob from his list.
  await a.goto(`/chat?waveId=${waveId}`);
  const aChat = a.getByRole('dialog', { name: bob.name });
  await expect(aChat).toBeVisible();
  await expect(aChat.getByText('LHR → JFK')).toBeVisible();
  await bobsConversation.getByRole('button', { name: 'Chat', exact: true }).click();
  const bChat = b.getByRole('dialog', { name: alice.name });
  await expect(bChat).toBeVisible();

  // Send is disabled while blank; Shift+Enter makes a new line, Enter sends.
  const aBox = aChat.getByRole('textbox', { name: 'Message' });
  await expect(aChat.getByRole('button', { name: 'Send message' })).toBeDisabled();
  await aBox.fill('Coffee after landing?');
  await aBox.press('Shift+Enter');
  await aBox.pressSequentially('Terminal 5');
  await aBox.press('Enter');
  await expect(aBox).toHaveValue('');
  const aLog = aChat.getByRole('log', { name: 'Messages' });
  await expect(aLog.getByText('Coffee after landing?')).toBeVisible();
  await expect(bChat.getByRole('log').getByText('Coffee after landing?')).toBeVisible(ACROSS_USERS);
  await expect(bChat.getByRole('log').getByText(/Terminal 5/)).toBeVisible();

  // Markup in a message is shown as text, never run.
  const markup = '<script>window.__waved = true</script><b>Sure!</b>';
  await bChat.getByRole('textbox', { name: 'Message' }).fill(markup);
  await bChat.getByRole('button', { name: 'Send message' }).click();
  await expect(aLog.getByText(markup, { exact: true })).toBeVisible(ACROSS_USERS);
  expect(await a.evaluate(() => (window as { __waved?: boolean }).__waved)).toBeUndefined();
  expect(await aLog.locator('script, b').count()).toBe(0);

  // Bob deletes the conversation; it is gone for both.
  await bChat.getByRole('button', { name: 'Delete conversation' }).click();
  const confirm = b.getByRole('dialog', { name: 'Delete this conversation?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(b.getByText('Conversation deleted')).toBeVisible();
  await expect(b.getByRole('heading', { name: 'No messages yet' })).toBeVisible();
  await expect(a).toHaveURL(/\/messages$/, ACROSS_USERS);
  await expect(a.getByRole('heading', { name: 'No messages yet' })).toBeVisible();
});
