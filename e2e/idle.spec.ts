import { randomBytes } from 'node:crypto';
import { expect, test } from './fixtures';
import { openLive } from './helpers/live';
import { approvedMember, signedInPage } from './helpers/members';

/**
 * The cost of an idle member: the spec's client polls every 3-5 s (about 35-40 requests a
 * minute); with the socket up, nothing should poll. It runs on a server of its own, where the
 * idle member is the only one, so no one else's activity on the platform (which rightly makes
 * screens refetch) is counted as the idle member's — and it can run beside the other journeys.
 *
 * The minute is the page's own: its clock is Playwright's (`page.clock`), and the journey runs
 * it forward a second at a time. Everything that could make an idle page ask for something is
 * one of its timers (polls, query refetch intervals, the presence heartbeat, the socket's
 * reconnect backoff), and each fires as it would in a real minute, in order. What a faked minute
 * leaves out is the server's own clock (its sweeps), which pushes nothing to a member alone on
 * a server. It used to be a real minute, in which one of the two journey workers did nothing.
 */
const IDLE_MS = 60_000;
const IDLE_REQUEST_BUDGET = 3;

test('idle on /home for 60 s: at most 3 API requests while the socket is up', async ({
  newContext,
  ownServer,
}) => {
  // Over the default: its own server's start (~9 s on a quiet 2-core box, 49 s at load average
  // 18), a sign-in and Home's first load (113 s in all on that loaded box, with a real minute).
  test.setTimeout(120_000);
  const server = await ownServer();
  const member = await approvedMember(server.baseURL, {
    name: `Idle Crew ${randomBytes(2).toString('hex')}`,
  });
  const page = await signedInPage(newContext, member, server.baseURL);
  // Before Home loads, so every timer it sets is on the clock the journey runs forward.
  await page.clock.install();
  // What the first render asks for, counted from the start: the idle minute starts once all of
  // it has been answered (an event), not after a guessed pause.
  const inFlight = new Set<unknown>();
  const isApi = (url: string) => new URL(url).pathname.startsWith('/api/');
  page.on('request', (req) => {
    if (isApi(req.url())) inFlight.add(req);
  });
  page.on('requestfinished', (req) => inFlight.delete(req));
  page.on('requestfailed', (req) => inFlight.delete(req));
  const socket = await openLive(page, '/home');
  await expect(page.getByRole('heading', { name: 'Upcoming Flights' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect.poll(() => inFlight.size).toBe(0);

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

  // The measured minute, a second at a time: between steps the page's fetches and socket frames
  // go out in real time, as they would between its timers.
  for (let at = 0; at < IDLE_MS; at += 1_000) await page.clock.runFor(1_000);
  // A bounded window, not a wait for something: a request the minute's last timers started is
  // reported to the journey a moment after it left the page.
  await page.waitForTimeout(1_000);

  console.log(
    `idle /home for ${IDLE_MS / 1000} s: ${requests.length} HTTP requests under /api/` +
      (requests.length ? ` (${requests.join(', ')})` : '') +
      `; ${framesSent.length} socket frames sent (${framesSent.join(', ')})`,
  );
  expect(socketClosed, `the socket closed while idle: ${consoleLines.join(' | ')}`).toBe(false);
  expect(requests.length).toBeLessThanOrEqual(IDLE_REQUEST_BUDGET);
});
