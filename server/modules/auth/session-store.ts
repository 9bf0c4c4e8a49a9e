import { and, eq, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, type UserRow, users } from '../../db/schema';
import { hashToken, newToken } from '../../lib/tokens';

export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
/** Sliding expiry is written at most once a minute per session, not on every request. */
const TOUCH_INTERVAL_MS = 60 * 1000;

export type SessionContext = { tokenHash: string; user: UserRow };

/**
 * Sessions live in the database so app instances stay stateless. A lookup is one
 * primary-key join (session + user), so revocation is effective on every instance at once
 * without a cache to invalidate.
 */
export type RevokeListener = (revoked: { userId: number; tokenHash?: string }) => void;

export function createSessionStore(db: Db, onRevoke: RevokeListener = () => {}) {
  return {
    async create(userId: number, now: Date, meta: { userAgent?: string; ip?: string } = {}) {
      const { token, hash } = newToken();
      await db.insert(sessions).values({
        tokenHash: hash,
        userId,
        createdAt: now,
        lastSeenAt: now,
        userAgent: meta.userAgent?.slice(0, 300) ?? null,
        ip: meta.ip ?? null,
      });
      return token;
    },

    /** The session's user, or null when unknown, expired, or the account may no longer sign in. */
    async resolve(token: string, now: Date): Promise<SessionContext | null> {
      const tokenHash = hashToken(token);
      const [row] = await db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.tokenHash, tokenHash))
        .limit(1);
      if (!row) return null;
      const { session, user } = row;
      const idleExpired = now.getTime() - session.lastSeenAt.getTime() > SESSION_IDLE_MS;
      const absoluteExpired = now.getTime() - session.createdAt.getTime() > SESSION_ABSOLUTE_MS;
      if (idleExpired || absoluteExpired || user.isDeleted || user.approvalStatus !== 'approved') {
        await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
        return null;
      }
      if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
        await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash));
      }
      return { tokenHash, user };
    },

    async revoke(tokenHash: string) {
      const gone = await db
        .delete(sessions)
        .where(eq(sessions.tokenHash, tokenHash))
        .returning({ userId: sessions.userId });
      for (const { userId } of gone) onRevoke({ userId, tokenHash });
    },

    /** Ends every session of a user: deletion, admin sign-out-all, 'sign out of all devices'. */
    async revokeAllForUser(userId: number) {
      await db.delete(sessions).where(eq(sessions.userId, userId));
      onRevoke({ userId });
    },

    async purgeExpired(now: Date) {
      await db
        .delete(sessions)
        .where(
          or(
            lt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS)),
            lt(sessions.createdAt, new Date(now.getTime() - SESSION_ABSOLUTE_MS)),
          ),
        );
    },

    async countForUser(userId: number) {
      const rows = await db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, userId)));
      return rows.length;
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
