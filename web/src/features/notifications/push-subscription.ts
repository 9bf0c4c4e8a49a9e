import { useEffect } from 'react';
import { api } from '../../lib/api-client';

/** What this module needs of the browser and the server; tests pass stubs. */
export type PushEnv = {
  permission(): NotificationPermission | 'unsupported';
  /** The service worker's registration (another module registers /sw.js); null: none possible. */
  registration(): Promise<Pick<ServiceWorkerRegistration, 'pushManager'> | null>;
  vapidKey(): Promise<string>;
  save(subscription: PushSubscriptionJSON): Promise<unknown>;
};

const browserEnv: PushEnv = {
  permission: () => (typeof Notification === 'undefined' ? 'unsupported' : Notification.permission),
  registration: async () =>
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof PushManager !== 'undefined'
      ? navigator.serviceWorker.ready
      : null,
  vapidKey: async () =>
    (await api.get<{ publicKey: string }>('/api/push/vapid-public-key')).publicKey,
  save: (subscription) => api.post('/api/push/subscriptions', subscription),
};

function base64urlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const bytes = new Uint8Array(a);
  return bytes.every((v, i) => v === b[i]);
}

/**
 * Subscribes this device to Web Push and gives the subscription to the server, when the member
 * allowed notifications and a service worker is running. Called when permission is granted and
 * on every app open: a subscription the browser renewed, or one made with an older server key,
 * is replaced, and posting an unchanged one is a harmless upsert (it also moves a shared device
 * to the member now signed in). Never throws: push is a bonus over the in-app notifications.
 */
export async function ensurePushSubscription(env: PushEnv = browserEnv): Promise<boolean> {
  try {
    if (env.permission() !== 'granted') return false;
    const registration = await env.registration();
    if (!registration) return false;
    const key = base64urlToBytes(await env.vapidKey());
    let subscription = await registration.pushManager.getSubscription();
    if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: key,
    });
    await env.save(subscription.toJSON());
    return true;
  } catch {
    return false;
  }
}

/** Mounted once in the signed-in layout: keeps this device's subscription current on app open. */
export function PushSubscriptionSync(): null {
  useEffect(() => {
    void ensurePushSubscription();
  }, []);
  return null;
}
