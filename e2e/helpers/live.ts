import type { Page, WebSocket } from '@playwright/test';

/**
 * Loads `path` and waits until the page's socket is authenticated (the server's auth_success
 * frame), so what follows can only reach the page over it.
 *
 * The frame listener is attached inside the 'websocket' event's own handler, synchronously:
 * attached in a `.then` after `waitForEvent('websocket')`, it missed the frame when Playwright
 * delivered the socket's opening and its first frames in one batch (seen on a busy 2-core
 * machine: the page was connected and the wait ran out).
 */
export async function openLive(page: Page, path: string): Promise<WebSocket> {
  const authenticated = new Promise<WebSocket>((resolve) => {
    const onSocket = (ws: WebSocket) => {
      if (!ws.url().endsWith('/ws')) return;
      page.off('websocket', onSocket);
      const onFrame = (frame: { payload: string | Buffer }) => {
        if (!String(frame.payload).includes('"auth_success"')) return;
        ws.off('framereceived', onFrame);
        resolve(ws);
      };
      ws.on('framereceived', onFrame);
    };
    page.on('websocket', onSocket);
  });
  await page.goto(path);
  // A cap, not a wait: the frame normally comes within a second of the page's load.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const capped = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no auth_success frame on ${path} within 15 s`)),
      15_000,
    );
  });
  try {
    return await Promise.race([authenticated, capped]);
  } finally {
    clearTimeout(timer);
  }
}
