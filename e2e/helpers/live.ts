import type { Frame, Page, WebSocket } from '@playwright/test';

/**
 * Loads `path` and waits until the page's socket is authenticated (the server's auth_success
 * frame), so what follows can only reach the page over it.
 *
 * The frame listener is attached inside the 'websocket' event's own handler, synchronously:
 * attached in a `.then` after `waitForEvent('websocket')`, it missed the frame when Playwright
 * delivered the socket's opening and its first frames in one batch (seen on a busy 2-core
 * machine: the page was connected and the wait ran out).
 *
 * Only a socket of the new document counts. The page being left can still open one while the
 * navigation is under way (its client connecting late, after its lazy code came in), and that
 * socket's auth_success let a journey act before the new page was connected: a wave's 'New
 * Wave' toast went to the page that was going away (realtime.spec.ts, 1 run in 20 beside a busy
 * core). A socket opened before the main frame commits the navigation belongs to the old one.
 */
export async function openLive(page: Page, path: string): Promise<WebSocket> {
  // Every socket the page opens is watched, not only the first: on a loaded machine the
  // client's first try can run out of time before its auth_success and the client opens
  // another (seen: the page connected on its second socket while the wait watched the first).
  const watched: { ws: WebSocket; onFrame: (frame: { payload: string | Buffer }) => void }[] = [];
  let onSocket: (ws: WebSocket) => void = () => {};
  let committed = false;
  const onNavigated = (frame: Frame) => {
    if (frame === page.mainFrame()) committed = true;
  };
  page.on('framenavigated', onNavigated);
  const authenticated = new Promise<WebSocket>((resolve) => {
    onSocket = (ws: WebSocket) => {
      if (!committed || !ws.url().endsWith('/ws')) return;
      const onFrame = (frame: { payload: string | Buffer }) => {
        if (String(frame.payload).includes('"auth_success"')) resolve(ws);
      };
      watched.push({ ws, onFrame });
      ws.on('framereceived', onFrame);
    };
    page.on('websocket', onSocket);
  });
  await page.goto(path);
  // A cap, not a wait: the frame normally comes within a second of the page's load. 30 s, as
  // for a cold navigation on a busy CI box: the client's own first try may time out (10 s,
  // AUTH_TIMEOUT_MS) and the next one follow a second later.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const capped = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no auth_success frame on ${path} within 30 s`)),
      30_000,
    );
  });
  try {
    return await Promise.race([authenticated, capped]);
  } finally {
    clearTimeout(timer);
    page.off('websocket', onSocket);
    page.off('framenavigated', onNavigated);
    for (const { ws, onFrame } of watched) ws.off('framereceived', onFrame);
  }
}
