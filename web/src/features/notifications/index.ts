/** The notifications feature's public surface: code outside features/notifications/ imports only this file. */
export { resetAppBadgeMemory, updateAppBadge } from './app-badge';
export { EnableNotificationsPrompt } from './enable-notifications-prompt';
export { NavigationBridge } from './navigation';
export { showPushNotification } from './notify';
export { setOpenChat } from './open-chat';
export {
  ensurePushSubscription,
  PushSubscriptionSync,
} from './push-subscription';
