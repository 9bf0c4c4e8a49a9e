import { and, eq, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions, type UserRow, users } from '../db/schema';
import { hashToken, newToken } from '../lib/tokens';

export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
/** Sliding expiry is written at most once a minute per session, not on every request. */
const TOUCH_INTERVAL_MS = 60 * 1000;

/**
 * How long a resolved session may answer again from memory. The lookup costs about as much as
 * the rest of a cached request: with a 1 s window, 2,000 members each calling every second or
 * two all missed it, and GET /api/flights ran at 0.12x a bare server on PGlite. What must take
 * effect at once does not wait for the window: revocations and member changes reach every
 * instance through the bus (`forget`, `forgetUser`, `forgetAll` announce themselves), and while
 * the bus cannot promise that (its listener lost) nothing is answered from memory. The window
 * only bounds changes no request announces (the expiry jobs, a payment webhook's own update);
 * no entry outlives the sliding touch (TOUCH_INTERVAL_MS) either.
 */
export const SESSION_CACHE_MS = 30_000;
/** Beyond this many remembered sessions the cache starts over (a bound, not an LRU). */
const SESSION_CACHE_MAX = 10_000;

/** `createdAt`: when this session signed in (a PIN change from an old one asks for the PIN). */
export type SessionContext = { tokenHash: string; user: UserRow; createdAt: Date };

type Remembered = {
  context: SessionContext;
  createdAt: number;
  lastSeenAt: number;
  /** performance.now() deadline: freshness is real elapsed time, not the business clock. */
  freshUntil: number;
};

/**
 * Sessions live in the database so app instances stay stateless. A resolved session is
 * remembered for at most SESSION_CACHE_MS and forgotten at once, on every instance, when it is
 * revoked (`onRevoke` announces it; the bus calls `forget` everywhere) or when its member changes
 * something (`forgetUser`, called by the access plugin after every write, `forgetAll` after an
 * admin's: `onMemberChange` announces them; the bus calls `forgetMemberHere`).
 */
export type RevokeListener = (revoked: { userId: number; tokenHash?: string }) => void;
/** `userId` null: anyone may have changed (an admin's write). */
export type MemberChangeListener = (userId: number | null) => void;

export function createSessionStore(
  db: Db,
  onRevoke: RevokeListener = () => {},
  /** `elapsedMs`: a monotonic clock (performance.now by default; tests pass one they move). */
  options: {
    cacheMs?: number;
    elapsedMs?: () => number;
    /** Tells the other instances what `forgetUser`/`forgetAll` forgot here. */
    announceMemberChange?: MemberChangeListener;
  } = {},
) {
  const announce = options.announceMemberChange ?? (() => {});
  /** Off while the bus may be missing revocations: see `busLost`. */
  let trusted = true;
  const cacheMs = options.cacheMs ?? SESSION_CACHE_MS;
  const elapsedMs = options.elapsedMs ?? (() => performance.now());
  const remembered = new Map<string, Remembered>();
  // Prepared once: building this join through the query builder costs more than running it.
  const lookup = db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('session_lookup');

  const isExpired = (createdAt: number, lastSeenAt: number, nowMs: number) =>
    nowMs - lastSeenAt > SESSION_IDLE_MS || nowMs - createdAt > SESSION_ABSOLUTE_MS;

  /**
   * Bumped by every forget: a lookup that started before a revocation or a write must not put
   * what it read back into memory after it (it would outlive the revocation by the window).
   */
  let generation = 0;

  function remember(
    context: SessionContext,
    createdAt: number,
    lastSeenAt: number,
    readAtGeneration: number,
  ) {
    if (cacheMs <= 0 || !trusted || readAtGeneration !== generation) return;
    if (remembered.size >= SESSION_CACHE_MAX) remembered.clear();
    remembered.set(context.tokenHash, {
      context,
      createdAt,
      lastSeenAt,
      freshUntil: elapsedMs() + cacheMs,
    });
  }

  function forget(revoked: { userId: number; tokenHash?: string }) {
    generation += 1;
    if (revoked.tokenHash) {
      remembered.delete(revoked.tokenHash);
      return;
    }
    for (const [hash, entry] of remembered) {
      if (entry.context.user.id === revoked.userId) remembered.delete(hash);
    }
  }

  /** Other in-memory copies of member rows (conversation-cache.ts) follow the same writes. */
  const memberChangeListeners: MemberChangeListener[] = [];

  /** This instance only: the member's (or, null, everyone's) rows may have changed. */
  function forgetMemberHere(userId: number | null) {
    if (userId === null) {
      generation += 1;
      remembered.clear();
    } else forget({ userId });
    for (const listener of memberChangeListeners) listener(userId);
  }

  return {
    /** Drops what this instance remembers of a session (or of every session of a user). */
    forget,
    /** What another instance's `forgetUser`/`forgetAll` announced (not announced again). */
    forgetMemberHere,
    /** After a write by this member (their row may have changed), on every instance. */
    forgetUser: (userId: number) => {
      forgetMemberHere(userId);
      announce(userId);
    },
    /** After an admin's write (it may have changed anyone), on every instance. */
    forgetAll: () => {
      forgetMemberHere(null);
      announce(null);
    },
    /**
     * The bus's listener is lost: revocations announced meanwhile would be missed, so nothing
     * is answered from memory until `busBack` (which starts from empty again).
     */
    busLost: () => {
      trusted = false;
      forgetMemberHere(null);
    },
    busBack: () => {
      forgetMemberHere(null);
      trusted = true;
    },
    /** Called with the member (or null: anyone) whose row a write may have changed. */
    onMemberChange: (listener: MemberChangeListener) => {
      memberChangeListeners.push(listener);
    },

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
      const nowMs = now.getTime();
      const known = trusted ? remembered.get(tokenHash) : undefined;
      if (known) {
        // Expiry and the sliding touch still follow the business clock; only the row is reused.
        const usable =
          elapsedMs() < known.freshUntil && !isExpired(known.createdAt, known.lastSeenAt, nowMs);
        if (usable && nowMs - known.lastSeenAt <= TOUCH_INTERVAL_MS) return known.context;
        if (usable) {
          // Touch due on a row still fresh in memory: the touch alone, which also proves the
          // session is still there (read again, it cost each member two queries a minute).
          const touched = await db
            .update(sessions)
            .set({ lastSeenAt: now })
            .where(eq(sessions.tokenHash, tokenHash))
            .returning({ tokenHash: sessions.tokenHash });
          if (touched.length === 1) {
            known.lastSeenAt = Math.max(known.lastSeenAt, nowMs);
            return known.context;
          }
        }
        remembered.delete(tokenHash);
      }
      const readAtGeneration = generation;
      const [row] = await lookup.execute({ tokenHash });
      if (!row) return null;
      const { session, user } = row;
      const createdAt = session.createdAt.getTime();
      let lastSeenAt = session.lastSeenAt.getTime();
      if (
        isExpired(createdAt, lastSeenAt, nowMs) ||
        user.isDeleted ||
        user.approvalStatus !== 'approved'
      ) {
        await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
        return null;
      }
      if (nowMs - lastSeenAt > TOUCH_INTERVAL_MS) {
        await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash));
        lastSeenAt = nowMs;
      }
      const context = { tokenHash, user, createdAt: session.createdAt };
      remember(context, createdAt, lastSeenAt, readAtGeneration);
      return context;
    },

    async revoke(tokenHash: string) {
      const gone = await db
        .delete(sessions)
        .where(eq(sessions.tokenHash, tokenHash))
        .returning({ userId: sessions.userId });
      generation += 1;
      remembered.delete(tokenHash);
      for (const { userId } of gone) onRevoke({ userId, tokenHash });
    },

    /** Ends every session of a user: deletion, admin sign-out-all, 'sign out of all devices'. */
    async revokeAllForUser(userId: number): Promise<number> {
      // How many ended: the admin's 'sign out all' reports it.
      const gone = await db
        .delete(sessions)
        .where(eq(sessions.userId, userId))
        .returning({ tokenHash: sessions.tokenHash });
      forget({ userId });
      onRevoke({ userId });
      return gone.length;
    },

    /** Ends every session of a user but this one (after a PIN change), closing their sockets. */
    async revokeOthers(userId: number, keepTokenHash: string) {
      const gone = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepTokenHash)))
        .returning({ tokenHash: sessions.tokenHash });
      generation += 1;
      for (const { tokenHash } of gone) {
        remembered.delete(tokenHash);
        onRevoke({ userId, tokenHash });
      }
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
