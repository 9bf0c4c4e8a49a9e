/**
 * The one place that runs after the member allows browser notifications from the prompt
 * (EnableNotificationsPrompt calls it once, right after Notification.requestPermission()
 * answers 'granted'). Web Push subscription (issue 19) belongs here, so every way to enable
 * notifications subscribes the same way. Today the in-tab notifications need nothing more.
 */
export async function onNotificationsGranted(): Promise<void> {
  // Intentionally empty until Web Push lands (see above).
}
