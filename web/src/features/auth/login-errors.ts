import { LOGIN_MESSAGES } from '../../../../domain';
import { ApiError } from '../../lib/api-client';

/** What the sign-in screen does with a refusal: a toast, or a redirect to renewal. */
export type LoginFailure =
  | { kind: 'toast'; title: string; message: string }
  | { kind: 'redirect'; to: string };

const FALLBACK_TITLE = 'Login Failed';

const renewPath = (email: string | undefined) =>
  email ? `/renew?email=${encodeURIComponent(email)}` : '/renew';

const subscriptionTitles: Record<string, string> = {
  pending: 'Activation Pending',
  expired: 'Subscription Expired',
  suspended: 'Subscription Suspended',
  cancelled: 'Subscription Cancelled',
};

/** Maps the login error catalogue (accounts spec §8) onto the screen's reaction. */
export function describeLoginFailure(error: unknown, typedEmail: string): LoginFailure {
  if (!(error instanceof ApiError)) {
    return { kind: 'toast', title: FALLBACK_TITLE, message: String(error) };
  }
  if (error.status === 0) {
    return { kind: 'toast', title: 'Connection Error', message: LOGIN_MESSAGES.network };
  }
  const body = error.body;
  const knownEmail = typeof body.email === 'string' && body.email ? body.email : typedEmail;
  const status = typeof body.subscriptionStatus === 'string' ? body.subscriptionStatus : '';

  switch (error.errorType) {
    case 'invalid_pin':
      return { kind: 'toast', title: 'Incorrect PIN', message: LOGIN_MESSAGES.invalid_pin };
    case 'invalid_credentials':
      return { kind: 'toast', title: FALLBACK_TITLE, message: LOGIN_MESSAGES.invalid_credentials };
    case 'pending_approval':
      return { kind: 'toast', title: 'Account Pending', message: LOGIN_MESSAGES.pending_approval };
    // Moderation (issue 22): the server's message carries the end date of a suspension.
    case 'account_suspended':
      return { kind: 'toast', title: 'Account Suspended', message: error.message };
    case 'account_banned':
      return { kind: 'toast', title: 'Account Banned', message: error.message };
    case 'trial_expired':
      return knownEmail
        ? { kind: 'redirect', to: renewPath(knownEmail) }
        : { kind: 'toast', title: 'Trial Expired', message: LOGIN_MESSAGES.trial_expired };
  }
  if (error.status === 403 && status) {
    if (status === 'expired' && body.canRenew === true) {
      return { kind: 'redirect', to: renewPath(knownEmail) };
    }
    return {
      kind: 'toast',
      title: subscriptionTitles[status] ?? 'Subscription Issue',
      message: status === 'pending' ? LOGIN_MESSAGES.activation_pending : error.message,
    };
  }
  // account_locked and rate_limited carry the time to try again in the server's message.
  return { kind: 'toast', title: FALLBACK_TITLE, message: error.message };
}
