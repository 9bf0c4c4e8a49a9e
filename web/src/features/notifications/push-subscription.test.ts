import { describe, expect, it } from 'vitest';
import { ensurePushSubscription, type PushEnv } from './push-subscription';

const KEY =
  'BGwFc8jM00_iSqmBqvmg_QXCqyaJbDTkbSf81xVMYUi9POzs5KKoGuKi1biDsdRoUrj3NxUcA-7u5HCRWVPhi4Y';
const keyBytes = (k: string) =>
  Uint8Array.from(atob(k.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

/** A PushManager stand-in that remembers what it was asked. */
function fakeBrowser(existingKey: string | null, permission: NotificationPermission = 'granted') {
  const calls = { subscribed: [] as Uint8Array[], unsubscribed: 0, saved: [] as unknown[] };
  const sub = (endpoint: string, key: Uint8Array) => ({
    endpoint,
    options: { applicationServerKey: key.buffer },
    unsubscribe: async () => {
      calls.unsubscribed++;
      return true;
    },
    toJSON: () => ({ endpoint, keys: { p256dh: 'p', auth: 'a' } }),
  });
  const pushManager = {
    getSubscription: async () =>
      existingKey ? sub('https://fcm.googleapis.com/old', keyBytes(existingKey)) : null,
    subscribe: async (options: { applicationServerKey: Uint8Array }) => {
      calls.subscribed.push(options.applicationServerKey);
      return sub('https://fcm.googleapis.com/new', options.applicationServerKey);
    },
  };
  const env: PushEnv = {
    permission: () => permission,
    registration: async () => ({ pushManager }) as unknown as ServiceWorkerRegistration,
    vapidKey: async () => KEY,
    save: async (s) => calls.saved.push(s),
  };
  return { env, calls };
}

describe('ensurePushSubscription', () => {
  it('subscribes with the server key and posts the subscription when permission is granted', async () => {
    const { env, calls } = fakeBrowser(null);
    expect(await ensurePushSubscription(env)).toBe(true);
    expect(calls.subscribed).toHaveLength(1);
    expect([...calls.subscribed[0]!]).toEqual([...keyBytes(KEY)]);
    expect(calls.saved).toEqual([
      { endpoint: 'https://fcm.googleapis.com/new', keys: { p256dh: 'p', auth: 'a' } },
    ]);
  });

  it('re-posts an existing subscription made with the same key, without subscribing again', async () => {
    const { env, calls } = fakeBrowser(KEY);
    await ensurePushSubscription(env);
    expect(calls.subscribed).toHaveLength(0);
    expect(calls.saved).toEqual([
      { endpoint: 'https://fcm.googleapis.com/old', keys: { p256dh: 'p', auth: 'a' } },
    ]);
  });

  it('replaces a subscription made with another server key', async () => {
    const other = `B${'A'.repeat(86)}`;
    const { env, calls } = fakeBrowser(other);
    await ensurePushSubscription(env);
    expect(calls.unsubscribed).toBe(1);
    expect(calls.subscribed).toHaveLength(1);
    expect((calls.saved[0] as { endpoint: string }).endpoint).toBe(
      'https://fcm.googleapis.com/new',
    );
  });

  it('does nothing without permission or without a service worker', async () => {
    const denied = fakeBrowser(null, 'default');
    expect(await ensurePushSubscription(denied.env)).toBe(false);
    expect(denied.calls.saved).toEqual([]);
    const noWorker = fakeBrowser(null);
    expect(await ensurePushSubscription({ ...noWorker.env, registration: async () => null })).toBe(
      false,
    );
    expect(noWorker.calls.saved).toEqual([]);
  });
});
