/** The landing feature's public surface: code outside features/landing/ imports only this file. */
export { PrivacyPolicy } from './privacy-policy';
export { readRememberedEmail, rememberEmail } from './remembered-email';
