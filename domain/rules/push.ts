/**
 * Which push-service endpoints the server will ever post to. A subscription's endpoint is a URL
 * the client chose; without this rule a member could make the server call any address (SSRF).
 * Checked when a subscription is saved and again before each send.
 */

/** The browser vendors' push services: Chrome/Edge (FCM), Firefox, Safari, legacy Edge (WNS). */
export const DEFAULT_PUSH_ENDPOINT_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
  '*.push.apple.com',
  '*.notify.windows.com',
];

export const PUSH_ENDPOINT_REFUSED = 'This push service is not supported';

/**
 * Devices (subscriptions) kept per member: more than one person plausibly carries, few enough that
 * one event costs the server a bounded number of pushes. Saving one more replaces the device
 * least recently saved (the web re-saves its subscription each time the app opens).
 */
export const PUSH_DEVICES_MAX = 10;

/** Pushes to one member's devices in flight at once; the rest wait for one to finish. */
export const PUSH_SEND_CONCURRENCY = 5;

/** Test pushes (`POST /api/test-cross-env-push`) a member may send per window: the default of RATE_LIMIT_TEST_PUSH_PER_MINUTE. */
export const TEST_PUSHES_PER_WINDOW = 3;
export const TEST_PUSH_WINDOW_MS = 60_000;
export const TEST_PUSH_TOO_MANY = 'Too many test notifications. Please wait a minute.';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** `*.example.com` matches sub.example.com (not example.com itself); other entries match exactly. */
function hostMatches(host: string, pattern: string): boolean {
  if (pattern.startsWith('*.'))
    return host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1;
  return host === pattern;
}

/**
 * True when the endpoint may be posted to: https on an allowed host (default port), or plain http
 * only to a loopback host that the list names explicitly (the tests' stand-in push service).
 * `host:port` entries allow that port; no credentials in the URL.
 */
export function isAllowedPushEndpoint(endpoint: string, allowedHosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  const hostPort = url.port ? `${host}:${url.port}` : host;
  const listed = allowedHosts.some((p) => {
    const pattern = p.toLowerCase();
    return pattern.includes(':') && !pattern.startsWith('[')
      ? hostPort === pattern
      : !url.port && hostMatches(host, pattern);
  });
  if (!listed) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && LOOPBACK.has(host);
}
