import { and, count, eq, gte, sql } from 'drizzle-orm';
import { effectiveSubscriptionStatus, LOGIN_MESSAGES, trialStatus } from '../../../domain';
import type { AppDeps } from '../../app';
import { loginAttempts, loginLocks, type UserRow, users } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import { presentSelf } from '../users/presenter';

export const SOFT_LOCK_MS = 15 * 60 * 1000;
const IP_WINDOW_MS = 10 * 60 * 1000;

const SUBSCRIPTION_MESSAGES: Record<string, string> = {
  pending: LOGIN_MESSAGES.activation_pending,
  expired: 'Your subscription has expired. Please renew your membership to continue.',
  cancelled: 'Your subscription has been cancelled. Please renew your membership to continue.',
  suspended: 'Your subscription is suspended. Please contact support.',
};

const fail = (
  status: number,
  errorType: string,
  message: string,
  extra: Record<string, unknown> = {},
) => new HttpError(status, message, { success: false, errorType, ...extra });

function lockedMessage(until: Date | null) {
  if (!until) {
    return 'Your account is locked after too many incorrect PINs. Use "Forgot passcode" to get a new PIN by e-mail.';
  }
  return `Too many incorrect PINs. Your account is locked until ${until.toISOString().slice(11, 16)} UTC. Try again then, or use "Forgot passcode".`;
}

export async function findUserByEmail(
  db: AppDeps['database']['db'],
  email: string,
): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  return user;
}

/**
 * PIN sign-in. A 4-digit PIN has 10,000 values, so guessing is bounded three ways: a soft lock
 * of 15 minutes after every 5 consecutive failures, a hard lock after 10 failures since the
 * last success (lifted only by a new PIN), and a per-address failure limit. Locked or limited
 * attempts never reach the PIN comparison.
 */
export function createLoginService(deps: AppDeps) {
  const { db } = deps.database;
  const SOFT = deps.config.limits.loginLockThreshold;
  const HARD_LOCK_FAILURES = deps.config.limits.loginHardLockThreshold;

  async function record(
    email: string,
    ip: string,
    outcome: string,
    pinCompared: boolean,
    now: Date,
  ) {
    await db
      .insert(loginAttempts)
      .values({ email, ip, success: outcome === 'success', pinCompared, outcome, createdAt: now });
  }

  async function login(input: { email: string; passcode: string }, ip: string) {
    const now = deps.clock.now();
    const email = input.email.trim().toLowerCase();

    const [recent] = await db
      .select({ n: count() })
      .from(loginAttempts)
      .where(
        and(
          eq(loginAttempts.ip, ip),
          eq(loginAttempts.success, false),
          gte(loginAttempts.createdAt, new Date(now.getTime() - IP_WINDOW_MS)),
        ),
      );
    if ((recent?.n ?? 0) >= deps.config.limits.loginPerIp) {
      await record(email, ip, 'rate_limited', false, now);
      throw fail(
        429,
        'rate_limited',
        'Too many sign-in attempts from your network. Please wait 10 minutes and try again.',
        {
          retryAt: new Date(now.getTime() + IP_WINDOW_MS).toISOString(),
        },
      );
    }

    const user = await findUserByEmail(db, email);
    if (!user || user.isDeleted || user.approvalStatus === 'rejected') {
      await record(email, ip, 'invalid_credentials', false, now);
      throw fail(401, 'invalid_credentials', LOGIN_MESSAGES.invalid_credentials);
    }
    if (user.approvalStatus !== 'approved') {
      // Not a guess: nothing compared, nothing counted against the address.
      throw fail(403, 'pending_approval', LOGIN_MESSAGES.pending_approval);
    }

    const [lock] = await db.select().from(loginLocks).where(eq(loginLocks.userId, user.id));
    if (lock && lock.failedCount >= HARD_LOCK_FAILURES) {
      await record(email, ip, 'locked', false, now);
      throw fail(429, 'account_locked', lockedMessage(null), { retryAt: null });
    }
    if (lock?.lockedUntil && lock.lockedUntil > now) {
      await record(email, ip, 'locked', false, now);
      throw fail(429, 'account_locked', lockedMessage(lock.lockedUntil), {
        retryAt: lock.lockedUntil.toISOString(),
      });
    }

    if (!deps.pins.matches(user.passcodeEncrypted, input.passcode.trim())) {
      const failedCount = (lock?.failedCount ?? 0) + 1;
      const lockedUntil =
        failedCount >= HARD_LOCK_FAILURES
          ? null
          : failedCount % SOFT === 0
            ? new Date(now.getTime() + SOFT_LOCK_MS)
            : (lock?.lockedUntil ?? null);
      await db
        .insert(loginLocks)
        .values({ userId: user.id, failedCount, lockedUntil, updatedAt: now })
        .onConflictDoUpdate({
          target: loginLocks.userId,
          set: { failedCount, lockedUntil, updatedAt: now },
        });
      await record(email, ip, 'invalid_pin', true, now);
      if (failedCount >= HARD_LOCK_FAILURES)
        throw fail(429, 'account_locked', lockedMessage(null), { retryAt: null });
      if (failedCount % SOFT === 0)
        throw fail(429, 'account_locked', lockedMessage(lockedUntil), {
          retryAt: lockedUntil!.toISOString(),
        });
      throw fail(401, 'invalid_pin', LOGIN_MESSAGES.invalid_pin);
    }

    if (lock) await db.delete(loginLocks).where(eq(loginLocks.userId, user.id));
    await record(email, ip, 'success', true, now);
    refuseInactiveMembership(user, now);

    const [updated] = await db
      .update(users)
      .set({ lastLoginAt: now, lastActive: now, loginCount: sql`${users.loginCount} + 1` })
      .where(eq(users.id, user.id))
      .returning();
    const token = await deps.sessions.create(user.id, now, { ip });
    return { token, body: { success: true, user: presentSelf(updated!) } };
  }

  return { login };
}

/** Trial and subscription states are reported only after a correct PIN (API-CONVENTIONS). */
function refuseInactiveMembership(user: UserRow, now: Date) {
  if (user.isAdmin || user.isDemoUser) return;
  if (user.membershipType === 'trial') {
    if (trialStatus(user, now).trialExpired) {
      throw fail(403, 'trial_expired', LOGIN_MESSAGES.trial_expired, {
        subscriptionStatus: 'expired',
        canRenew: true,
        email: user.email,
      });
    }
    return;
  }
  const status = effectiveSubscriptionStatus(user, now);
  if (status === 'active') return;
  throw fail(403, 'subscription_inactive', SUBSCRIPTION_MESSAGES[status] ?? 'Subscription Issue', {
    subscriptionStatus: status,
    canRenew: status === 'expired' || status === 'cancelled',
    email: user.email,
  });
}
