/** The registration feature's public surface: code outside features/registration/ imports only this file. */
export { useRegister } from './api';
export { CREW_DOMAINS } from './crew-domains';
export { emailProblem } from './email-problem';
export type { PendingRegistration } from './pending-registration';
export {
  clearPendingRegistration,
  readPendingRegistration,
  savePendingRegistration,
} from './pending-registration';
export { RegistrationPlanPicker } from './plan-picker';
export { PLANS } from './plans';
export type { RegistrationDraft } from './registration-draft';
export {
  clearRegistrationDraft,
  readRegistrationDraft,
  saveRegistrationDraft,
} from './registration-draft';
export type { RegistrationFailure } from './registration-failure';
export { describeRegistrationFailure } from './registration-failure';
export { RegistrationSummary } from './registration-summary';
export { TermsGate } from './terms-gate';
export { useEmailAvailability, VERIFY_EMAIL_FAILED } from './use-email-availability';
