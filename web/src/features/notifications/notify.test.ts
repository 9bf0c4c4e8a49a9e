import { afterEach, describe, expect, it, vi } from 'vitest';
import { updateAppBadge } from './app-badge';
import { type NotifyEnv, showPushNotification } from './notify';
import { setOpenChat, waveIdOfUrl } from './open-chat';

type Shown = { title: string; options?: NotificationOptions; instance: FakeNotification };

class FakeNotification {
  static permission: NotificationPermission = 'granted';
  static shown: Shown[] = [];
  onclick: (() => void) | null = null;
  close = vi.fn();
  constructor(title: string, options?: NotificationOptions) {
    FakeNotification.shown.push({ title, options, instance: this });
  }
}

function env(hidden: boolean, permission: NotificationPermission | null = 'granted') {
  FakeNotification.shown = [];
  FakeNotification.permission = permission ?? 'default';
  const calls = { toasts: [] as string[], navigated: [] as string[], focused: 0 };
  const view: { run?: () => void } = {};
  const value: NotifyEnv = {
    hidden: () => hidden,
    notificationApi: () =>
      permission === null ? undefined : (FakeNotification as unknown as typeof Notification),
    toast: (data, onView) => {
      calls.toasts.push(data.title);
      view.run = onView;
    },
    navigate: (url) => calls.navigated.push(url),
    focus: () => {
      calls.focused += 1;
    },
  };
  return { value, calls, view };
}

const newMessage = { title: 'New Message', message: 'Jane: hi', url: '/messages?waveId=12' };

afterEach(() => setOpenChat(null));

describe('showPushNotification', () => {
  it('in a hidden tab with permission: a browser notification that opens the page on click', () => {
    const { value, calls } = env(true, 'granted');
    expect(showPushNotification(newMessage, value)).toBe('notification');
    const [shown] = FakeNotification.shown;
    expect(shown?.title).toBe('New Message');
    expect(shown?.options?.body).toBe('Jane: hi');
    shown!.instance.onclick?.();
    expect(calls.focused).toBe(1);
    expect(calls.navigated).toEqual(['/messages?waveId=12']);
    expect(shown!.instance.close).toHaveBeenCalled();
    expect(calls.toasts).toEqual([]);
  });

  it('in a visible tab: a toast whose View action opens the page', () => {
    const { value, calls, view } = env(false, 'granted');
    expect(showPushNotification(newMessage, value)).toBe('toast');
    expect(FakeNotification.shown).toEqual([]);
    expect(calls.toasts).toEqual(['New Message']);
    view.run?.();
    expect(calls.navigated).toEqual(['/messages?waveId=12']);
  });

  it('without permission (denied, not asked, or no API): a toast', () => {
    for (const permission of ['denied', 'default', null] as const) {
      const { value, calls } = env(true, permission);
      expect(showPushNotification(newMessage, value)).toBe('toast');
      expect(calls.toasts).toEqual(['New Message']);
    }
  });

  it('says nothing about a message in the chat on screen', () => {
    setOpenChat(12);
    const { value, calls } = env(false);
    expect(showPushNotification(newMessage, value)).toBe('skipped');
    expect(calls.toasts).toEqual([]);
    // Another conversation, or the tab in the background, still notifies.
    expect(showPushNotification({ ...newMessage, url: '/messages?waveId=13' }, value)).toBe(
      'toast',
    );
    expect(showPushNotification(newMessage, env(true).value)).toBe('notification');
  });

  it('reads the wave of a notification address', () => {
    expect(waveIdOfUrl('/messages?waveId=12')).toBe(12);
    expect(waveIdOfUrl('/messages')).toBeNull();
    expect(waveIdOfUrl('/messages?waveId=abc')).toBeNull();
  });
});

describe('updateAppBadge', () => {
  it('sets the count, clears at zero, and does not repeat itself', () => {
    const nav = {
      setAppBadge: vi.fn(async () => undefined),
      clearAppBadge: vi.fn(async () => undefined),
    } as unknown as Navigator;
    updateAppBadge(3, nav);
    updateAppBadge(3, nav);
    updateAppBadge(0, nav);
    expect(nav.setAppBadge).toHaveBeenCalledTimes(1);
    expect(nav.setAppBadge).toHaveBeenCalledWith(3);
    expect(nav.clearAppBadge).toHaveBeenCalledTimes(1);
    // A browser without badges is fine.
    expect(() => updateAppBadge(5, {} as Navigator)).not.toThrow();
  });
});
