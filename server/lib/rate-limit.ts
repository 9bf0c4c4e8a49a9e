import { and, count, eq, gt, min } from 'drizzle-orm';
import { lockKeys } from '../db/advisory-lock';
import type { Db } from '../db/client';
import { rateEvents } from '../db/schema';
import { tooManyRequests } from './errors';

/**
 * A sliding-window limit kept in the database, so it holds across restarts and instances.
 * `take` counts the call when allowed and throws 429 with `retryAt` when not.
 */
export type Limit = { bucket: string; key: string; limit: number; windowMs: number };

export function createRateLimiter(db: Db) {
  /**
   * Checks every limit and counts the call in all of them only when all allow it. The check and
   * the count are one transaction holding an advisory lock per (bucket, key), so concurrent
   * calls on any number of instances queue on the lock and each sees the ones before it:
   * a limit of N admits exactly N, however many arrive at once.
   */
  async function takeAll(limits: Limit[], now: Date, message: string) {
    const refusedUntil = await db.transaction(async (tx) => {
      await lockKeys(
        tx,
        limits.map(({ bucket, key }) => `rate:${bucket}:${key}`),
      );
      for (const { bucket, key, limit, windowMs } of limits) {
        const [row] = await tx
          .select({ n: count(), oldest: min(rateEvents.createdAt) })
          .from(rateEvents)
          .where(
            and(
              eq(rateEvents.bucket, bucket),
              eq(rateEvents.key, key),
              // A call exactly `windowMs` old has left the window: `retryAt` (oldest + windowMs)
              // is the first instant admitted again, not the last one refused.
              gt(rateEvents.createdAt, new Date(now.getTime() - windowMs)),
            ),
          );
        if ((row?.n ?? 0) >= limit) {
          return new Date((row?.oldest ?? now).getTime() + windowMs);
        }
      }
      await tx
        .insert(rateEvents)
        .values(limits.map(({ bucket, key }) => ({ bucket, key, createdAt: now })));
      return null;
    });
    if (refusedUntil) throw tooManyRequests(message, refusedUntil);
  }

  return {
    takeAll,
    take: (
      bucket: string,
      key: string,
      limit: number,
      windowMs: number,
      now: Date,
      message: string,
    ) => takeAll([{ bucket, key, limit, windowMs }], now, message),
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
