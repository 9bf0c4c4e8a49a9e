import {
  MEMBER_ACTIONS_PER_SECOND,
  type ThrottleWindow,
  TOO_MANY_MESSAGES,
  takeFromWindow,
} from '../../domain';
import type { Clock } from './clock';
import { tooManyRequests } from './errors';

const PRUNE_ABOVE = 1000;

export type ThrottleTake = { ok: true } | { ok: false; retryAt: Date };

/**
 * Fixed windows kept in memory per instance, one per key. A check-and-count with no await
 * between is atomic in one process however many requests arrive at once.
 */
export function createWindowThrottle(clock: Clock) {
  const windows = new Map<string | number, ThrottleWindow & { windowMs: number }>();
  let lastPruneMs = 0;

  /** Forgets keys whose window is over, at most once a second, so the map stays small. */
  function prune(nowMs: number) {
    if (windows.size <= PRUNE_ABOVE || nowMs - lastPruneMs < 1000) return;
    lastPruneMs = nowMs;
    for (const [key, w] of windows) if (nowMs - w.startMs >= w.windowMs) windows.delete(key);
  }

  return {
    take(key: string | number, limit: number, windowMs: number): ThrottleTake {
      const nowMs = clock.now().getTime();
      prune(nowMs);
      const verdict = takeFromWindow(windows.get(key), nowMs, limit, windowMs);
      windows.set(key, { ...verdict.window, windowMs });
      return verdict.allowed ? { ok: true } : { ok: false, retryAt: new Date(verdict.retryAtMs) };
    },
  };
}

/**
 * The one per-member budget for live actions: every socket frame and every `POST /api/messages`
 * draws from it, so switching channel buys no extra rate. Kept in memory per instance — at one
 * second a window, a database round trip per message would cost more than the abuse it stops.
 * Behind N instances a member gets at most N times the rate.
 */
export function createMemberThrottle(clock: Clock, limit = MEMBER_ACTIONS_PER_SECOND) {
  const windows = createWindowThrottle(clock);
  const take = (userId: number) => windows.take(userId, limit, 1000);

  return {
    take,
    /** For HTTP routes: 429 `{ message, retryAt }` when the member is over budget. */
    enforce(userId: number) {
      const verdict = take(userId);
      if (!verdict.ok) throw tooManyRequests(TOO_MANY_MESSAGES, verdict.retryAt);
    },
  };
}

export type MemberThrottle = ReturnType<typeof createMemberThrottle>;
