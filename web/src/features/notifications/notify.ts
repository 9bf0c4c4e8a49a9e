import type { PushNotification as PushData } from '../../../../domain';
import { showToast } from '../../components/ui/toast';
import { navigateTo } from './navigation';
import { isChatOpen, waveIdOfUrl } from './open-chat';

/** What showing a notification depends on: the page and the browser's Notification API. */
export type NotifyEnv = {
  hidden: () => boolean;
  notificationApi: () => typeof Notification | undefined;
  toast: (data: PushData, onView: () => void) => void;
  navigate: (url: string) => void;
  focus: () => void;
};

const browserEnv: NotifyEnv = {
  hidden: () => document.visibilityState === 'hidden',
  notificationApi: () => (typeof Notification === 'undefined' ? undefined : Notification),
  toast: (data, onView) =>
    showToast(data.title, {
      description: data.message || undefined,
      action: { label: 'View', onClick: onView },
    }),
  navigate: navigateTo,
  focus: () => window.focus(),
};

export type Shown = 'notification' | 'toast' | 'skipped';

/**
 * A push from the server. In a hidden tab with permission granted it is a browser
 * notification whose click brings the tab forward on `data.url`; otherwise (visible tab,
 * permission not given or denied, no API) an in-app toast with a 'View' action. A 'New
 * Message' for the chat the member has open on screen is not shown at all.
 */
export function showPushNotification(data: PushData, env: NotifyEnv = browserEnv): Shown {
  const hidden = env.hidden();
  const waveId = waveIdOfUrl(data.url);
  if (!hidden && waveId !== null && data.title === 'New Message' && isChatOpen(waveId))
    return 'skipped';

  const api = env.notificationApi();
  if (hidden && api?.permission === 'granted') {
    try {
      const notification = new api(data.title, { body: data.message, tag: data.url });
      notification.onclick = () => {
        env.focus();
        env.navigate(data.url);
        notification.close();
      };
      return 'notification';
    } catch {
      // Some mobile browsers only notify through a service worker: fall back to the toast.
    }
  }
  env.toast(data, () => env.navigate(data.url));
  return 'toast';
}
