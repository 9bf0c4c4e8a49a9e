/** The install feature's public surface: code outside features/install/ imports only this file. */
export { InstallDialog, InstallOffer } from './install-dialog';
export { captureInstallPrompt } from './install-event';
export { OfflineBanner } from './offline-banner';
export { registerServiceWorker } from './service-worker';
