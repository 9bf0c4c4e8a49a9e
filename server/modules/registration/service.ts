import {
  canRenewMembership,
  isAwaitingPayment,
  PENDING_TRIAL_REGISTRATION,
  type RegistrationRequest,
  USER_EXISTS_MESSAGE,
} from '../../../domain';
import type { AppDeps } from '../../deps';
import { audit } from '../../lib/audit';
import { HttpError } from '../../lib/errors';
import { removeUnpaidRegistrations } from '../../lib/unpaid-registrations';
import { findUserByEmail } from '../auth/login-service';
import { refuseBannedEmail } from '../moderation/standing';
import { createAccount } from './create-account';
import { notifyNewRegistration } from './registration-notice';

const HOUR = 60 * 60 * 1000;
const TEN_MINUTES = 10 * 60 * 1000;

/** One slot of the per-address e-mail check limit (also taken by a refused check). */
export const takeCheckEmailSlot = (deps: AppDeps, ip: string, now: Date) =>
  deps.rateLimiter.take(
    'check-email',
    ip,
    deps.config.limits.checkEmailPerIp,
    TEN_MINUTES,
    now,
    'Too many checks. Please wait a few minutes.',
  );

/** One slot of the per-address registration limit (also taken by a refused registration). */
export const takeRegisterSlot = (deps: AppDeps, ip: string, now: Date) =>
  deps.rateLimiter.take(
    'register',
    ip,
    deps.config.limits.registerPerIp,
    HOUR,
    now,
    'Too many registrations from your network. Please try again later.',
  );

export function createRegistrationService(deps: AppDeps) {
  const { db } = deps.database;

  async function checkEmail(email: string, ip: string) {
    await takeCheckEmailSlot(deps, ip, deps.clock.now());
    return { exists: Boolean(await findUserByEmail(db, email)) };
  }

  /**
   * Trial: a pending account, reviewed by an admin. Paid plans: nothing is stored until payment
   * completes (the payments issue); the client keeps the pending registration.
   */
  async function initiate(input: RegistrationRequest, ip: string) {
    const now = deps.clock.now();
    await takeRegisterSlot(deps, ip, now);
    await refuseBannedEmail(db, input.email);
    const existing = await findUserByEmail(db, input.email);
    // An unpaid paid registration holds no address: anyone may have made it (see below).
    const unpaid = existing && !existing.isDeleted && isAwaitingPayment(existing) ? existing : null;
    if (existing && !unpaid) throw userExists(canRenewMembership(existing, now));
    if (input.membership !== 'trial') {
      return {
        status: 200 as const,
        body: {
          success: true,
          requiresPayment: true,
          trialCreated: false,
          message: 'Payment required to complete registration',
        },
      };
    }
    if (unpaid) {
      // The address's owner registering a trial is never refused for someone's unpaid paid
      // registration of it: that goes (its open checkout cancelled), and the trial is made.
      await db.transaction(async (tx) => {
        const removed = await removeUnpaidRegistrations(tx, [unpaid.id]);
        if (removed.length > 0) {
          await audit(tx, {
            action: 'registration.unpaid_replaced',
            detail: { removedUserId: unpaid.id },
            at: now,
          });
        }
      });
    }
    try {
      await createAccount(
        db,
        {
          email: input.email,
          name: input.name,
          role: input.role,
          ...PENDING_TRIAL_REGISTRATION,
          createdAt: now,
        },
        (user) => ({
          actorId: user.id,
          action: 'registration.trial',
          target: { type: 'user', id: user.id },
        }),
      );
    } catch (error) {
      // Two registrations racing for one e-mail: the unique index decides, the loser is told.
      if (
        (error as { code?: string; cause?: { code?: string } }).code === '23505' ||
        (error as { cause?: { code?: string } }).cause?.code === '23505'
      ) {
        throw userExists(false);
      }
      throw error;
    }
    // After the commit, and not awaited: Telegram never fails or slows a registration.
    notifyNewRegistration(deps, { name: input.name, email: input.email, membership: 'trial' });
    return {
      status: 201 as const,
      body: {
        success: true,
        requiresPayment: false,
        trialCreated: true,
        message:
          'Your free trial is registered and awaiting admin approval. Your PIN will be e-mailed once approved.',
      },
    };
  }

  return { checkEmail, initiate };
}

/**
 * 409 REGISTRATION_PENDING: another paid registration of this address awaits its payment and
 * holds it until it lapses; it is neither overwritten nor told apart from the caller's own.
 */
export function registrationPending() {
  return new HttpError(409, REGISTRATION_PENDING_MESSAGE, {
    success: false,
    code: 'REGISTRATION_PENDING',
  });
}

export const REGISTRATION_PENDING_MESSAGE =
  'A paid registration for this e-mail is already awaiting its payment. Register a free trial, or try again in 24 hours.';

/** 409 USER_EXISTS, as every registration call answers an e-mail already registered. */
export function userExists(renewable: boolean) {
  return new HttpError(409, USER_EXISTS_MESSAGE, {
    success: false,
    code: 'USER_EXISTS',
    canRenew: renewable,
  });
}
