import { ensurePushSubscription } from './push-subscription';

/**
 * The one place that runs after the member allows browser notifications from the prompt
 * (EnableNotificationsPrompt calls it once, right after Notification.requestPermission()
 * answers 'granted'): this device subscribes to Web Push, so every way to enable notifications
 * subscribes the same way.
 */
export async function onNotificationsGranted(): Promise<void> {
  await ensurePushSubscription();
}
