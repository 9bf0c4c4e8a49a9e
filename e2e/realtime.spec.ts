import { expect, test } from './fixtures';
import { openLive } from './helpers/live';
import { twoMembersOnAFlight, wave } from './helpers/members';

/**
 * The real-time channel in a real browser. Fallback polling runs every 30 s only while the
 * socket is down, so anything seen here within LIVE (well under 30 s, without a reload) came
 * over the socket.
 */
const LIVE = { timeout: 8_000 };

test('live: a wave arrives, is accepted and chatted on without reloads; a closed tab goes Offline', {
  tag: '@postgres',
}, async ({ newContext, baseURL }) => {
  const { alice, bob, a, b, flightId } = await twoMembersOnAFlight(newContext, baseURL!, [
    'Alice Live',
    'Bob Live',
  ]);

  // Both sit on Messages with nothing yet, sockets up.
  await openLive(a, '/messages');
  await openLive(b, '/messages');
  await expect(b.getByRole('heading', { name: 'No messages yet' })).toBeVisible();
  await expect(a.getByRole('heading', { name: 'No messages yet' })).toBeVisible();

  // Alice waves: Bob's list shows the request without a reload, with an in-app notification.
  await wave(a, b, flightId);
  const incoming = b.getByRole('article', { name: 'Anonymous Crew Member' });
  await expect(incoming.getByText('Wave Request')).toBeVisible(LIVE);
  await expect(b.getByText('New Wave', { exact: true })).toBeVisible(LIVE);
  await expect(b.getByText('1 new wave')).toBeVisible();
  // Alice's own tab learnt of its wave too (the API call was not made by her page).
  await expect(
    a.getByRole('article', { name: 'Anonymous Crew Member' }).getByText('Pending Response'),
  ).toBeVisible(LIVE);

  // Bob accepts; Alice, still on Messages, sees a conversation appear.
  await incoming.getByRole('button', { name: 'Accept Wave' }).click();
  const aliceConversation = a.getByRole('article', { name: bob.name });
  await expect(aliceConversation).toBeVisible(LIVE);
  await expect(a.getByText('Wave Accepted', { exact: true })).toBeVisible(LIVE);

  // Both open the chat: Live on both sides.
  await aliceConversation.getByRole('button', { name: 'Chat', exact: true }).click();
  const aChat = a.getByRole('dialog', { name: bob.name });
  await expect(aChat.getByText('Live', { exact: true })).toBeVisible();
  await b
    .getByRole('article', { name: alice.name })
    .getByRole('button', { name: 'Chat', exact: true })
    .click();
  const bChat = b.getByRole('dialog', { name: alice.name });
  await expect(bChat.getByText('Live', { exact: true })).toBeVisible();
  // Each sees the other online.
  await expect(aChat.getByRole('img', { name: 'Online' })).toBeVisible();
  await expect(bChat.getByRole('img', { name: 'Online' })).toBeVisible();
  // Both threads have loaded (empty): until then the list shows a skeleton, not even one's own
  // message being sent, and what Bob then sees can only come over the socket.
  const emptyThread = 'No messages here yet. Say hello to start the conversation!';
  await expect(aChat.getByRole('log').getByText(emptyThread)).toBeVisible();
  await expect(bChat.getByRole('log').getByText(emptyThread)).toBeVisible();

  // Messages go both ways live; the sender's own copy is not doubled.
  const aBox = aChat.getByRole('textbox', { name: 'Message' });
  await aBox.fill('Coffee after landing?');
  await aBox.press('Enter');
  await expect(aChat.getByRole('log').getByText('Coffee after landing?')).toBeVisible();
  await expect(bChat.getByRole('log').getByText('Coffee after landing?')).toBeVisible(LIVE);
  await bChat.getByRole('textbox', { name: 'Message' }).fill('Yes, Terminal 5');
  await bChat.getByRole('button', { name: 'Send message' }).click();
  await expect(aChat.getByRole('log').getByText('Yes, Terminal 5')).toBeVisible(LIVE);
  await expect(aChat.getByRole('log').getByText('Coffee after landing?')).toHaveCount(1);
  await expect(bChat.getByRole('log').getByText('Yes, Terminal 5')).toHaveCount(1);
  // Bob is reading this chat: no 'New Message' toast about it.
  await expect(b.getByText('New Message', { exact: true })).toHaveCount(0);

  // Alice closes her tab: Bob sees her go offline, without a reload.
  await a.context().close();
  await expect(bChat.getByRole('img', { name: 'Offline' })).toBeVisible(LIVE);
  await expect(bChat.getByText('Live', { exact: true })).toBeVisible();
});
