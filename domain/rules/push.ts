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
