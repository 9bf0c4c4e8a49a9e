/** The profile feature's public surface: code outside features/profile/ imports only this file. */
export { DangerZone, SessionActions } from './account-actions';
export { useProfileSetup, useSelf, useUpdateProfile } from './api';
export { failureText } from './failure';
export { InfoList } from './info-list';
export { MembershipBanner, TrialBanner } from './membership-banners';
export type { PrivacyKey } from './privacy-toggles';
export { PRIVACY_SETTINGS, PrivacyToggles } from './privacy-toggles';
export { AdminControlsCard, MyFlightsCard, WelcomeNotice } from './profile-cards';
export { ProfileHeader } from './profile-header';
export { rankOptions } from './ranks';
export { StatCards } from './stat-cards';
