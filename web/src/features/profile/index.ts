/** The profile feature's public surface: code outside features/profile/ imports only this file. */
export { DangerZone, SessionActions } from './account-actions';
export { ProfilePictureButton, TelegramCard } from './admin-profile-extras';
export { useProfileSetup, useSelf, useSkipSetup, useUpdateProfile } from './api';
export { failureText } from './failure';
export { InfoList } from './info-list';
export { MembershipBanner, TrialBanner } from './membership-banners';
export { PrivacyToggles } from './privacy-toggles';
export { AdminControlsCard, MyFlightsCard, WelcomeNotice } from './profile-cards';
export type { ProfileFormValues } from './profile-form';
export { ProfileForm } from './profile-form';
export { ProfileHeader } from './profile-header';
export { StatCards } from './stat-cards';
