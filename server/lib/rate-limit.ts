import { and, asc, count, eq, gte } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateEvents } from '../db/schema';
import { tooManyRequests } from './errors';

/**
 * A sliding-window limit kept in the database, so it holds across restarts and instances.
 * `take` counts the call when allowed and throws 429 with `retryAt` when not.
 */
export type Limit = { bucket: string; key: string; limit: number; windowMs: number };

export function createRateLimiter(db: Db) {
  /** Checks every limit first and counts the call in all of them only when all allow it. */
  async function takeAll(limits: Limit[], now: Date, message: string) {
    for (const { bucket, key, limit, windowMs } of limits) {
      const since = new Date(now.getTime() - windowMs);
      const where = and(
        eq(rateEvents.bucket, bucket),
        eq(rateEvents.key, key),
        gte(rateEvents.createdAt, since),
      );
      const [row] = await db.select({ n: count() }).from(rateEvents).where(where);
      if ((row?.n ?? 0) >= limit) {
        const [oldest] = await db
          .select({ at: rateEvents.createdAt })
          .from(rateEvents)
          .where(where)
          .orderBy(asc(rateEvents.createdAt))
          .limit(1);
        throw tooManyRequests(message, new Date((oldest?.at ?? now).getTime() + windowMs));
      }
    }
    await db
      .insert(rateEvents)
      .values(limits.map(({ bucket, key }) => ({ bucket, key, createdAt: now })));
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
