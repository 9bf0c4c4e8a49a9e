import { randomBytes } from 'node:crypto';
import { expect, type Page, test, type WebSocket } from '@playwright/test';
import { approvedMember, signedInPage } from './helpers/members';

/**
 * The real-time channel in a real browser. Fallback polling runs every 30 s only while the
 * socket is down, so anything seen here within LIVE (well under 30 s, without a reload) came
 * over the socket.
 */
const LIVE = { timeout: 8_000 };
const IDLE_MS = 60_000;
const IDLE_REQUEST_BUDGET = 3;

// The idle measurement must not overlap the other test's traffic.
test.describe.configure({ mode: 'default' });

/**
 * Loads `path` and waits until the page's socket is authenticated (the server's auth_success
 * frame), so what follows can only reach the page over it.
 */
async function openLive(page: Page, path: string): Promise<WebSocket> {
  const authenticated = page
    .waitForEvent('websocket', (ws) => ws.url().endsWith('/ws'))
    .then(async (ws) => {
      await ws.waitForEvent('framereceived', {
        predicate: (frame) => String(frame.payload).includes('"auth_success"'),
        timeout: 15_000,
      });
      return ws;
    });
  await page.goto(path);
  return authenticated;
}

test('live: a wave arrives, is accepted and chatted on without reloads; a closed tab goes Offline', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const suffix = randomBytes(2).toString('hex');
  const [alice, bob] = await Promise.all([
    approvedMember(baseURL!, `Alice Live ${suffix}`),
    approvedMember(baseURL!, `Bob Live ${suffix}`),
  ]);
  const a = await signedInPage(browser, alice);
  const b = await signedInPage(browser, bob);

  // Both on one flight three days ahead (POST /api/flights finds or creates it and joins).
  const day = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const flight = {
    flightNumber: `BA${1000 + (Number.parseInt(suffix, 16) % 9000)} (1530)`,
    origin: 'LHR',
    destination: 'JFK',
    departureDate: `${day}T00:00:00.000Z`,
    duration: '8h 30m',
  };
  const joined = await a.request.post('/api/flights', { data: flight });
  expect([200, 201], await joined.text()).toContain(joined.status());
  const flightId = ((await joined.json()) as { id: number }).id;
  expect((await b.request.post('/api/flights', { data: flight })).ok()).toBe(true);

  // Both sit on Messages with nothing yet, sockets up.
  await openLive(a, '/messages');
  await openLive(b, '/messages');
  await expect(b.getByRole('heading', { name: 'No messages yet' })).toBeVisible();
  await expect(a.getByRole('heading', { name: 'No messages yet' })).toBeVisible();

  // Alice waves: Bob's list shows the request without a reload, with an in-app notification.
  const bobId = ((await (await b.request.get('/api/auth/me')).json()) as { id: number }).id;
  const sent = await a.request.post('/api/waves', { data: { receiverId: bobId, flightId } });
  expect(sent.status(), await sent.text()).toBe(201);
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
  await aliceConversation.getByRole('button', { name: 'Chat' }).click();
  const aChat = a.getByRole('dialog', { name: bob.name });
  await expect(aChat.getByText('Live', { exact: true })).toBeVisible();
  await b.getByRole('article', { name: alice.name }).getByRole('button', { name: 'Chat' }).click();
  const bChat = b.getByRole('dialog', { name: alice.name });
  await expect(bChat.getByText('Live', { exact: true })).toBeVisible();
  // Each sees the other online.
  await expect(aChat.getByRole('img', { name: 'Online' })).toBeVisible();
  await expect(bChat.getByRole('img', { name: 'Online' })).toBeVisible();

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

  await b.context().close();
});

test('idle on /home for 60 s: at most 3 API requests while the socket is up', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const member = await approvedMember(baseURL!, `Idle Crew ${randomBytes(2).toString('hex')}`);
  const page = await signedInPage(browser, member);
  const socket = await openLive(page, '/home');
  await page.waitForLoadState('networkidle');
  // Let anything the first render started finish.
  await page.waitForTimeout(3_000);

  const requests: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith('/api/')) requests.push(`${req.method()} ${url.pathname}`);
  });
  const consoleLines: string[] = [];
  page.on('console', (message) => {
    if (message.text().startsWith('realtime:')) consoleLines.push(message.text());
  });
  const framesSent: string[] = [];
  socket.on('framesent', (frame) => framesSent.push(String(frame.payload)));
  let socketClosed = false;
  socket.on('close', () => {
    socketClosed = true;
  });

  await page.waitForTimeout(IDLE_MS);

  console.log(
    `idle /home for ${IDLE_MS / 1000} s: ${requests.length} HTTP requests under /api/` +
      (requests.length ? ` (${requests.join(', ')})` : '') +
      `; ${framesSent.length} socket frames sent (${framesSent.join(', ')})`,
  );
  expect(socketClosed, `the socket closed while idle: ${consoleLines.join(' | ')}`).toBe(false);
  expect(requests.length).toBeLessThanOrEqual(IDLE_REQUEST_BUDGET);
  await page.context().close();
});
