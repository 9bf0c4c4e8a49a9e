import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { openLive } from './helpers/live';
import { approvedMember, signedInPage } from './helpers/members';

/**
 * The cost of an idle member: the spec's client polls every 3-5 s (about 35-40 requests a
 * minute); with the socket up, nothing should poll. It runs in its own Playwright project after
 * every other test, so no one else's activity on the platform (which rightly makes screens
 * refetch) is counted as the idle member's.
 */
const IDLE_MS = 60_000;
const IDLE_REQUEST_BUDGET = 3;

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
