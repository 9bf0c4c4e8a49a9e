import type { Page, WebSocket } from '@playwright/test';

/**
 * Loads `path` and waits until the page's socket is authenticated (the server's auth_success
 * frame), so what follows can only reach the page over it.
 */
export async function openLive(page: Page, path: string): Promise<WebSocket> {
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
