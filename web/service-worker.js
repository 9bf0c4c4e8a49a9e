/// <reference lib="webworker" />
// The service worker, served at /sw.js. The build (web/vite.config.ts, `serviceWorkerPlugin`)
// writes it into web/dist with the two lines below filled in: the build's files and a version
// made from their contents, so every deploy with changed files is a new worker (and a new cache).
//
// What it does: keeps the app shell (index.html and the fingerprinted assets) so the app opens
// without a network and says "You're offline" rather than the browser's error page; never
// touches /api or /ws (member data is always fresh and never left on the device); shows Web
// Push notifications and opens the right screen when one is tapped.

const PRECACHE = []; // __PRECACHE__
const VERSION = 'dev'; // __VERSION__

const CACHE = `jumpseat-shell-${VERSION}`;
const SHELL = '/index.html';

/** Never answered from a cache: the API, the socket, and anything not ours. */
function isBypassed(url) {
  return (
    url.origin !== self.location.origin ||
    url.pathname === '/api' ||
    url.pathname.startsWith('/api/') ||
    url.pathname === '/ws' ||
    url.pathname.startsWith('/ws/')
  );
}

self.addEventListener('install', (event) => {
  // No skipWaiting here: a new version waits until the member taps 'Reload' (the page asks),
  // so a screen is never switched to new code under the member's fingers.
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([SHELL, ...PRECACHE.filter((f) => f !== SHELL)])),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((n) => n.startsWith('jumpseat-shell-') && n !== CACHE)
          .map((n) => caches.delete(n)),
      );
      // The first install controls the open page at once (offline works from the first visit).
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (isBypassed(url)) return;

  if (request.mode === 'navigate') {
    // index.html is revalidated on every load (the server sends no-cache): network first, the
    // kept shell only when there is no network.
    event.respondWith(
      fetch(request).catch(async () => (await caches.match(SHELL)) ?? Response.error()),
    );
    return;
  }
  // Fingerprinted assets, icons and the manifest: from the shell cache when kept.
  event.respondWith(
    caches.match(request, { ignoreSearch: false }).then((hit) => hit ?? fetch(request)),
  );
});

/** Only our own screens are opened from a notification. */
function screenUrl(raw) {
  try {
    const url = new URL(raw || '/home', self.location.origin);
    return url.origin === self.location.origin
      ? url.href
      : new URL('/home', self.location.origin).href;
  } catch {
    return new URL('/home', self.location.origin).href;
  }
}

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'Jumpseat';
  // Always a notification: iOS revokes a subscription whose pushes show none.
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      tag: typeof data.tag === 'string' && data.tag ? data.tag : undefined,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: screenUrl(data.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = screenUrl(event.notification.data?.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        const focused = await open.focus();
        try {
          await (focused ?? open).navigate(url);
        } catch {
          // A page this worker does not control cannot be navigated: open the screen instead.
          await self.clients.openWindow(url);
        }
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
