import { api } from '../../lib/api-client';

export const ONLINE_STATUS_PATH = '/api/users/online-status';

/**
 * POST /api/users/online-status; presence is best effort, so failures are swallowed. Resolves
 * to whether the server took it.
 */
export async function sendOnlineStatus(isOnline: boolean): Promise<boolean> {
  try {
    await api.post(ONLINE_STATUS_PATH, { isOnline });
    return true;
  } catch {
    // Offline, or the session already ended: nothing to report.
    return false;
  }
}

/**
 * The unload message: a beacon survives the page going away. A string body goes as
 * text/plain (no preflight); the server reads it as JSON on this one route.
 */
export function beaconOffline(): void {
  const body = JSON.stringify({ isOnline: false });
  if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(ONLINE_STATUS_PATH, body))
    return;
  void fetch(ONLINE_STATUS_PATH, {
    method: 'POST',
    credentials: 'include',
    keepalive: true,
    headers: { 'content-type': 'application/json' },
    body,
  }).catch(() => undefined);
}
