import { and, count, eq, gte, sql } from 'drizzle-orm';
import {
  canSignInModerated,
  isAwaitingPayment,
  LOGIN_MESSAGES,
  membershipStanding,
} from '../../../domain';
import { lockKeys } from '../../db/advisory-lock';
import type { Db, Tx } from '../../db/client';
import { loginAttempts, loginLocks, type UserRow, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { audit } from '../../lib/audit';
import { enforce, HttpError } from '../../lib/errors';
import { enqueueMail } from '../../mail/outbox';
import { accountLockedMail } from '../../mail/templates';
import { presentSelf } from '../users/presenter';
import { issueResetLink } from './reset-links';

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

export async function findUserByEmail(db: Db | Tx, email: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  return user;
}

/** The address's sign-in attempts in the window, as a column of a larger read. */
function attemptsFromAddress(ip: string, now: Date) {
  return sql<number>`(select count(*) from ${loginAttempts} where ${and(
    eq(loginAttempts.ip, ip),
    gte(loginAttempts.createdAt, new Date(now.getTime() - IP_WINDOW_MS)),
  )})`.mapWith(Number);
}

async function countFromAddress(tx: Tx, ip: string, now: Date): Promise<number> {
  const [row] = await tx.select({ n: attemptsFromAddress(ip, now) }).from(sql`(select 1) as one`);
  return row?.n ?? 0;
}

/** What one guarded PIN check concluded; decided and recorded inside one transaction. */
export type PinVerdict =
  | { kind: 'ok'; user: UserRow }
  | { kind: 'rate_limited'; retryAt: Date }
  | { kind: 'invalid_credentials' }
  | { kind: 'pending_approval' }
  | { kind: 'activation_pending' }
  | { kind: 'invalid_pin' }
  | { kind: 'account_locked'; until: Date | null };

/**
 * PIN checks (sign-in, and the current PIN on a PIN change). A 4-digit PIN has 10,000 values,
 * so guessing is bounded three ways: a soft lock of 15 minutes after every 5 consecutive
 * failures, a hard lock after 10 failures since the last success (lifted only by a new PIN),
 * and a per-address limit on attempts. Sign-ins with the right PIN count against the address
 * too, and against the account's own limit. Locked or limited attempts never reach the PIN
 * comparison.
 *
 * Every check runs in one transaction that first takes advisory locks on the client address and
 * on the account (by its normalised e-mail), so concurrent guesses, on any number of instances, are decided
 * one after another: each sees the failures counted before it, and at most
 * LOGIN_LOCK_THRESHOLD comparisons happen for an account before its lock. (Reading the counts,
 * comparing and then writing, as this once did, let 300 simultaneous guesses all be compared
 * on PostgreSQL, and recorded 60 failures as 2.)
 */
export function createPinGuard(deps: AppDeps) {
  const { db } = deps.database;
  const SOFT = deps.config.limits.loginLockThreshold;
  const HARD_LOCK_FAILURES = deps.config.limits.loginHardLockThreshold;

  async function check(
    email: string,
    candidate: string,
    ip: string,
    now: Date,
  ): Promise<PinVerdict> {
    const verdict = await db.transaction(async (tx) => {
      const record = (outcome: string, pinCompared: boolean) =>
        tx.insert(loginAttempts).values({
          email,
          ip,
          success: outcome === 'success',
          pinCompared,
          outcome,
          createdAt: now,
        });

      // Both locks in one statement, in lockKeys' sorted order (the account's key sorts first,
      // for every caller). The account is keyed by its normalised e-mail, which names one
      // account (users_email_lower_unique), so the locks come before the account is read.
      const normalised = email.trim().toLowerCase();
      await lockKeys(tx, [`login-ip:${ip}`, `login-account:${normalised}`]);
      // One read, under both locks: the address's recent attempts, the account and its lock
      // row (a refused guess used to read them in three round trips).
      const [found] = await tx
        .select({ user: users, lock: loginLocks, fromAddress: attemptsFromAddress(ip, now) })
        .from(users)
        .leftJoin(loginLocks, eq(loginLocks.userId, users.id))
        .where(eq(sql`lower(${users.email})`, normalised))
        .limit(1);
      const limited = addressVerdict(
        found ? found.fromAddress : await countFromAddress(tx, ip, now),
        now,
      );
      if (limited) {
        await record('rate_limited', false);
        return limited;
      }

      const user = found?.user;
      if (!user || user.isDeleted || user.approvalStatus === 'rejected') {
        await record('invalid_credentials', false);
        return { kind: 'invalid_credentials' } as const;
      }
      // Not a guess: nothing compared, nothing counted against the address. A paid
      // registration whose payment has not completed is told to pay, not to wait (spec §8).
      if (user.approvalStatus !== 'approved') {
        return isAwaitingPayment(user)
          ? ({ kind: 'activation_pending' } as const)
          : ({ kind: 'pending_approval' } as const);
      }

      const lock = found.lock;
      if (lock && lock.failedCount >= HARD_LOCK_FAILURES) {
        await record('locked', false);
        return { kind: 'account_locked', until: null } as const;
      }
      if (lock?.lockedUntil && lock.lockedUntil > now) {
        await record('locked', false);
        return { kind: 'account_locked', until: lock.lockedUntil } as const;
      }
      const accountVerdict = await accountLimited(tx, email, now);
      if (accountVerdict) {
        await record('rate_limited', false);
        return accountVerdict;
      }

      if (deps.pins.matches(user.passcodeEncrypted, candidate.trim())) {
        if (lock) await tx.delete(loginLocks).where(eq(loginLocks.userId, user.id));
        await record('success', true);
        return { kind: 'ok', user } as const;
      }

      const [counted] = await tx
        .insert(loginLocks)
        .values({ userId: user.id, failedCount: 1, lockedUntil: null, updatedAt: now })
        .onConflictDoUpdate({
          target: loginLocks.userId,
          set: { failedCount: sql`${loginLocks.failedCount} + 1`, updatedAt: now },
        })
        .returning({ failedCount: loginLocks.failedCount });
      const failedCount = counted!.failedCount;
      await record('invalid_pin', true);
      if (failedCount >= HARD_LOCK_FAILURES) {
        await tx
          .update(loginLocks)
          .set({ lockedUntil: null })
          .where(eq(loginLocks.userId, user.id));
        // The owner hears of it once, with a way back in that no one else can use up.
        await mailLockedOwner(tx, user, now);
        return { kind: 'account_locked', until: null } as const;
      }
      if (failedCount % SOFT === 0) {
        const until = new Date(now.getTime() + SOFT_LOCK_MS);
        await tx
          .update(loginLocks)
          .set({ lockedUntil: until })
          .where(eq(loginLocks.userId, user.id));
        return { kind: 'account_locked', until } as const;
      }
      return { kind: 'invalid_pin' } as const;
    });
    if (verdict.kind === 'account_locked' && verdict.until === null) deps.kickMail();
    return verdict;
  }

  /**
   * A verdict when the address's attempts in the window reached the limit. A sign-in with the
   * right PIN counts like a wrong one: each stores a session, so a script that knows a PIN must
   * not store them without end (issue 39). Read under the address's lock.
   */
  function addressVerdict(recent: number, now: Date) {
    if (recent < deps.config.limits.loginPerIp) return null;
    return { kind: 'rate_limited', retryAt: new Date(now.getTime() + IP_WINDOW_MS) } as const;
  }

  /** Takes the address's lock; a verdict when its attempts in the window reached the limit. */
  async function addressLimited(tx: Tx, ip: string, now: Date) {
    await lockKeys(tx, [`login-ip:${ip}`]);
    return addressVerdict(await countFromAddress(tx, ip, now), now);
  }

  /**
   * Under the account's lock: a verdict when its sign-ins with the right PIN in the window
   * reached `RATE_LIMIT_LOGIN_PER_ACCOUNT`, from any number of addresses. Only the PIN's holder
   * can spend this, so it locks no one else out.
   */
  async function accountLimited(tx: Tx, email: string, now: Date) {
    const [recent] = await tx
      .select({ n: count() })
      .from(loginAttempts)
      .where(
        and(
          eq(loginAttempts.email, email),
          eq(loginAttempts.success, true),
          gte(loginAttempts.createdAt, new Date(now.getTime() - IP_WINDOW_MS)),
        ),
      );
    if ((recent?.n ?? 0) < deps.config.limits.loginPerAccount) return null;
    return { kind: 'rate_limited', retryAt: new Date(now.getTime() + IP_WINDOW_MS) } as const;
  }

  /**
   * A sign-in body refused as invalid input is a failed attempt from its address: counted, and
   * refused with 429 once the address is over its limit, like any other failure.
   */
  async function chargeRefusedInput(ip: string, now: Date) {
    const limited = await db.transaction(async (tx) => {
      const verdict = await addressLimited(tx, ip, now);
      await tx.insert(loginAttempts).values({
        email: '',
        ip,
        success: false,
        pinCompared: false,
        outcome: verdict ? 'rate_limited' : 'invalid_input',
        createdAt: now,
      });
      return verdict;
    });
    if (limited) throw pinRefusal(limited);
  }

  /** A fresh reset link, mailed to the owner of an account that just locked hard. */
  async function mailLockedOwner(tx: Tx, user: UserRow, now: Date) {
    const url = await issueResetLink(tx, deps.config.publicUrl, user.id, now);
    await enqueueMail(tx, user.email, accountLockedMail(user.name, url), now);
    await audit(tx, { action: 'auth.hard_lock', target: { type: 'user', id: user.id }, at: now });
  }

  return { check, chargeRefusedInput };
}

/** The verdict of a refused PIN check as the HTTP error the sign-in contract names. */
export function pinRefusal(verdict: Exclude<PinVerdict, { kind: 'ok' }>): HttpError {
  switch (verdict.kind) {
    case 'rate_limited':
      return fail(
        429,
        'rate_limited',
        'Too many sign-in attempts from your network. Please wait 10 minutes and try again.',
        { retryAt: verdict.retryAt.toISOString() },
      );
    case 'invalid_credentials':
      return fail(401, 'invalid_credentials', LOGIN_MESSAGES.invalid_credentials);
    case 'pending_approval':
      return fail(403, 'pending_approval', LOGIN_MESSAGES.pending_approval);
    case 'activation_pending':
      return fail(403, 'subscription_inactive', LOGIN_MESSAGES.activation_pending, {
        subscriptionStatus: 'pending',
        canRenew: false,
      });
    case 'invalid_pin':
      return fail(401, 'invalid_pin', LOGIN_MESSAGES.invalid_pin);
    case 'account_locked':
      return fail(429, 'account_locked', lockedMessage(verdict.until), {
        retryAt: verdict.until ? verdict.until.toISOString() : null,
      });
  }
}

export function createLoginService(deps: AppDeps) {
  const { db } = deps.database;
  const guard = createPinGuard(deps);

  async function login(input: { email: string; passcode: string }, ip: string) {
    const now = deps.clock.now();
    const email = input.email.trim().toLowerCase();
    const verdict = await guard.check(email, input.passcode, ip, now);
    if (verdict.kind !== 'ok') throw pinRefusal(verdict);
    const { user } = verdict;
    // Moderation (issue 22): a suspended or banned member is told so, after a correct PIN only.
    enforce(canSignInModerated(user, now), (reason) =>
      fail(403, user.bannedAt ? 'account_banned' : 'account_suspended', reason),
    );
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
  const standing = membershipStanding(user, now);
  if (standing.active) return;
  if (standing.reason === 'trial_expired') {
    throw fail(403, 'trial_expired', LOGIN_MESSAGES.trial_expired, {
      subscriptionStatus: standing.subscriptionStatus,
      canRenew: true,
      email: user.email,
    });
  }
  const status = standing.subscriptionStatus;
  throw fail(403, 'subscription_inactive', SUBSCRIPTION_MESSAGES[status] ?? 'Subscription Issue', {
    subscriptionStatus: status,
    canRenew: status === 'expired' || status === 'cancelled',
    email: user.email,
  });
}
