import { and, eq, gt, isNull } from 'drizzle-orm';
import { canChangePasscode, needsReauthentication } from '../../../domain';
import { loginLocks, passcodeResets, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { audit } from '../../lib/audit';
import { badRequest, enforce, HttpError } from '../../lib/errors';
import { generatePin } from '../../lib/pin-crypto';
import { hashToken } from '../../lib/tokens';
import { enqueueMail } from '../../mail/outbox';
import { newPinMail, pinChangedMail, resetLinkMail } from '../../mail/templates';
import type { SessionContext } from '../../sessions/session-store';
import { createPinGuard, findUserByEmail, pinRefusal } from './login-service';
import { issueResetLink } from './reset-links';

const HOUR = 60 * 60 * 1000;

export const RESET_SENT_MESSAGE =
  'If an account exists for this e-mail, a link to reset your PIN is on its way. Corporate e-mail can take a few minutes to arrive; check your spam folder too.';
export const RESET_LINK_INVALID = 'This reset link has expired or was already used.';
const RESET_LIMITED = 'Too many reset requests. Please try again later.';
export const CURRENT_PIN_REQUIRED = 'Please enter your current PIN to change it.';

/** One reset request for `key` (`ip:…` or `email:…`) in both the hourly and the daily limit. */
export function takeResetSlot(deps: AppDeps, key: string, now: Date) {
  const { resetPerHour, resetPerDay } = deps.config.limits;
  return deps.rateLimiter.takeAll(
    [
      { bucket: 'reset-hour', key, limit: resetPerHour, windowMs: HOUR },
      { bucket: 'reset-day', key, limit: resetPerDay, windowMs: 24 * HOUR },
    ],
    now,
    RESET_LIMITED,
  );
}

export function createPasscodeService(deps: AppDeps & { kickMail(): void }) {
  const { db } = deps.database;
  const guard = createPinGuard(deps);

  /** Same answer whether or not the account exists; limited per address and per e-mail. */
  async function forgot(email: string, ip: string) {
    const now = deps.clock.now();
    for (const key of [`ip:${ip}`, `email:${email}`]) await takeResetSlot(deps, key, now);
    const user = await findUserByEmail(db, email);
    if (user && user.approvalStatus === 'approved' && !user.isDeleted && !user.isDemoUser) {
      await db.transaction(async (tx) => {
        const url = await issueResetLink(tx, deps.config.publicUrl, user.id, now);
        await enqueueMail(tx, user.email, resetLinkMail(user.name, url), now);
      });
      deps.kickMail();
    }
    return { success: true, message: RESET_SENT_MESSAGE };
  }

  /** Opening a valid link issues a new PIN (shown once, e-mailed), lifts any lock, ends old sessions. */
  async function reset(token: string) {
    const now = deps.clock.now();
    const result = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(passcodeResets)
        .set({ usedAt: now })
        .where(
          and(
            eq(passcodeResets.tokenHash, hashToken(token)),
            isNull(passcodeResets.usedAt),
            gt(passcodeResets.expiresAt, now),
          ),
        )
        .returning();
      if (!row) return null;
      const [user] = await tx.select().from(users).where(eq(users.id, row.userId));
      if (!user || user.isDeleted) return null;
      const pin = generatePin();
      await tx
        .update(users)
        .set({ passcodeEncrypted: deps.pins.encrypt(pin) })
        .where(eq(users.id, user.id));
      await tx.delete(loginLocks).where(eq(loginLocks.userId, user.id));
      await enqueueMail(tx, user.email, newPinMail(user.name, pin), now);
      await audit(tx, {
        actorId: user.id,
        action: 'auth.pin_reset',
        target: { type: 'user', id: user.id },
        at: now,
      });
      return { pin, email: user.email, userId: user.id };
    });
    if (!result) throw badRequest(RESET_LINK_INVALID);
    await deps.sessions.revokeAllForUser(result.userId);
    deps.kickMail();
    return { success: true, pin: result.pin, email: result.email };
  }

  /**
   * A member sets their own PIN: on the create-passcode page right after signing in, or from the
   * profile. From a session older than PIN_REAUTH_MS the current PIN is required and checked
   * like a sign-in (counted, locked, limited). Every other session ends, the member is mailed.
   */
  async function setOwn(
    session: SessionContext,
    input: { passcode: string; currentPasscode?: string | undefined },
    ip: string,
  ) {
    const now = deps.clock.now();
    const { user } = session;
    // Setting the demo PIN itself is no change, so a demo member may do it.
    if (input.passcode !== deps.config.demoPasscode) {
      enforce(canChangePasscode(user, deps.config.demoPasscode));
    }
    if (input.currentPasscode !== undefined) {
      const verdict = await guard.check(user.email, input.currentPasscode, ip, now);
      if (verdict.kind !== 'ok') throw pinRefusal(verdict);
    } else if (needsReauthentication(session.createdAt, now)) {
      throw new HttpError(403, CURRENT_PIN_REQUIRED, {
        success: false,
        errorType: 'current_pin_required',
      });
    }
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ passcodeEncrypted: deps.pins.encrypt(input.passcode) })
        .where(eq(users.id, user.id));
      await tx.delete(loginLocks).where(eq(loginLocks.userId, user.id));
      await enqueueMail(tx, user.email, pinChangedMail(user.name), now);
      await audit(tx, {
        actorId: user.id,
        action: 'auth.pin_changed',
        target: { type: 'user', id: user.id },
        at: now,
      });
    });
    await deps.sessions.revokeOthers(user.id, session.tokenHash);
    deps.kickMail();
    return { success: true };
  }

  return { forgot, reset, setOwn };
}
