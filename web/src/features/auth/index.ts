/** The auth feature's public surface: code outside features/auth/ imports only this file. */

export { useForgotPasscode, useLogin, useResetPasscode, useSetPasscode } from './api';
export { disclaimerAccepted, useAcceptDisclaimer } from './disclaimer';
export { DisclaimerDialog } from './disclaimer-dialog';
export { describeLoginFailure } from './login-errors';
export { PinForm } from './pin-form';
export { emptyPin, PinInput, pinValue } from './pin-input';
export {
  hasSignedInHint,
  type SessionUser,
  sessionQuery,
  sessionQueryKey,
  useSession,
} from './session';
export { SignInHelpDialog } from './sign-in-help-dialog';
export { useSessionUserId } from './use-session-user-id';
