import { PIN_LENGTH } from '../constants';

// The sign-in texts live apart from the schemas that use them: a screen that only shows a
// message must not construct zod schemas to get it (docs/architecture.md, 'The first load').

export const LOGIN_ERROR_TYPES = [
  'invalid_pin',
  'invalid_credentials',
  'trial_expired',
  'pending_approval',
  'account_locked',
  'subscription_inactive',
] as const;
export type LoginErrorType = (typeof LOGIN_ERROR_TYPES)[number];

/** The sign-in messages, keyed by errorType (the 403 subscription cases by status). */
export const LOGIN_MESSAGES = {
  invalid_pin: 'Incorrect PIN. Please check your 4-digit PIN and try again.',
  invalid_credentials: 'Invalid email or PIN. Please check your credentials and try again.',
  trial_expired: 'Your trial has expired. Please renew your subscription to continue.',
  pending_approval: 'Account pending approval. You will receive an email when approved.',
  activation_pending:
    'Account activation pending. Please complete your subscription payment to access the product.',
  network: 'Network error. Please check your connection and try again.',
} as const;

export const ENTER_EMAIL = 'Please enter your email';
export const ENTER_PASSCODE = `Please enter a valid ${PIN_LENGTH}-digit passcode`;
export const FORGOT_NEEDS_EMAIL = 'Please enter your email address first to reset your passcode.';
