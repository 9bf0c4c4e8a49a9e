import { describe, expect, it } from 'vitest';
import { LOGIN_MESSAGES } from '../../../../domain';
import { ApiError } from '../../lib/api-client';
import { describeLoginFailure } from './login-errors';

const refusal = (status: number, body: Record<string, unknown>) =>
  new ApiError(status, String(body.message ?? 'server text'), body);

describe('describeLoginFailure', () => {
  it.each([
    [401, 'invalid_pin', 'Incorrect PIN', LOGIN_MESSAGES.invalid_pin],
    [401, 'invalid_credentials', 'Login Failed', LOGIN_MESSAGES.invalid_credentials],
    [403, 'pending_approval', 'Account Pending', LOGIN_MESSAGES.pending_approval],
  ])('%i %s → toast %s', (status, errorType, title, message) => {
    expect(describeLoginFailure(refusal(status, { errorType }), 'a@ba.com')).toEqual({
      kind: 'toast',
      title,
      message,
    });
  });

  it('sends an expired trial to renewal with the e-mail', () => {
    const failure = refusal(403, { errorType: 'trial_expired', email: 'x+1@ba.com' });
    expect(describeLoginFailure(failure, '')).toEqual({
      kind: 'redirect',
      to: '/renew?email=x%2B1%40ba.com',
    });
  });

  it('toasts an expired trial when no e-mail is known', () => {
    const failure = refusal(403, { errorType: 'trial_expired' });
    expect(describeLoginFailure(failure, '')).toMatchObject({ title: 'Trial Expired' });
  });

  it('sends a renewable expired subscription to /renew', () => {
    const failure = refusal(403, {
      errorType: 'subscription_inactive',
      subscriptionStatus: 'expired',
      canRenew: true,
      email: 'a@ba.com',
    });
    expect(describeLoginFailure(failure, 'a@ba.com')).toEqual({
      kind: 'redirect',
      to: '/renew?email=a%40ba.com',
    });
  });

  it.each([
    ['pending', 'Activation Pending', LOGIN_MESSAGES.activation_pending],
    ['cancelled', 'Subscription Cancelled', 'server text'],
    ['suspended', 'Subscription Suspended', 'server text'],
    ['expired', 'Subscription Expired', 'server text'],
  ])('403 %s without renewal → %s', (subscriptionStatus, title, message) => {
    const failure = refusal(403, { errorType: 'subscription_inactive', subscriptionStatus });
    expect(describeLoginFailure(failure, 'a@ba.com')).toEqual({ kind: 'toast', title, message });
  });

  it("shows a lock's own message, which says when to try again", () => {
    const failure = refusal(429, { errorType: 'account_locked', message: 'Try again at 10:15' });
    expect(describeLoginFailure(failure, 'a@ba.com')).toEqual({
      kind: 'toast',
      title: 'Login Failed',
      message: 'Try again at 10:15',
    });
  });

  it('names a network failure a connection error', () => {
    const failure = new ApiError(0, LOGIN_MESSAGES.network);
    expect(describeLoginFailure(failure, '')).toEqual({
      kind: 'toast',
      title: 'Connection Error',
      message: LOGIN_MESSAGES.network,
    });
  });
});
