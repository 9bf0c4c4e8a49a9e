import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../app';
import { loginLocks, passcodeResets, users } from '../../db/schema';
import { badRequest, forbidden, unauthorized } from '../../lib/errors';
import { generatePin } from '../../lib/pin-crypto';
import { hashToken, newToken } from '../../lib/tokens';
import { enqueueMail } from '../../mail/outbox';
import { newPinMail, resetLinkMail } from '../../mail/templates';
import { findUserByEmail } from './login-service';

export const RESET_LINK_MS = 30 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

export const RESET_SENT_MESSAGE =
  'If an account exists for this e-mail, a link to reset your PIN is on its way. Corporate e-mail can take a few minutes to arrive; check your spam folder too.';
export const RESET_LINK_INVALID = 'This reset link has expired or was already used.';
const RESET_LIMITED = 'Too many reset requests. Please try again later.';

export const demoPinMessage = (pin: string) =>
  `Demo users cannot change their PIN. Demo users must use PIN ${pin}.`;

export function createPasscodeService(deps: AppDeps & { kickMail(): void }) {
  const { db } = deps.database;
  const { limits } = deps.config;

  /** Same answer whether or not the account exists; limited per address and per e-mail. */
  async function forgot(email: string, ip: string) {
    const now = deps.clock.now();
    for (const key of [`ip:${ip}`, `email:${email}`]) {
      await deps.rateLimiter.take('reset-hour', key, limits.resetPerHour, HOUR, now, RESET_LIMITED);
      await deps.rateLimiter.take(
        'reset-day',
        key,
        limits.resetPerDay,
        24 * HOUR,
        now,
        RESET_LIMITED,
      );
    }
    const user = await findUserByEmail(db, email);
    if (user && user.approvalStatus === 'approved' && !user.isDeleted && !user.isDemoUser) {
      const { token, hash } = newToken();
      await db.transaction(async (tx) => {
        await tx.insert(passcodeResets).values({
          tokenHash: hash,
          userId: user.id,
          expiresAt: new Date(now.getTime() + RESET_LINK_MS),
          createdAt: now,
        });
        const url = `${deps.config.publicUrl}/reset-passcode?token=${token}`;
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
      return { pin, email: user.email, userId: user.id };
    });
    if (!result) throw badRequest(RESET_LINK_INVALID);
    await deps.sessions.revokeAllForUser(result.userId);
    deps.kickMail();
    return { success: true, pin: result.pin, email: result.email };
  }

  async function setOwn(userId: number, passcode: string) {
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    if (!user) throw unauthorized();
    if (user.isDemoUser && passcode !== deps.config.demoPasscode) {
      throw forbidden(demoPinMessage(deps.config.demoPasscode));
    }
    await db
      .update(users)
      .set({ passcodeEncrypted: deps.pins.encrypt(passcode) })
      .where(eq(users.id, userId));
    return { success: true };
  }

  return { forgot, reset, setOwn };
}
