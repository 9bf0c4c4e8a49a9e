import { and, desc, eq, notInArray } from 'drizzle-orm';
import {
  isAllowedPushEndpoint,
  PUSH_DEVICES_MAX,
  PUSH_ENDPOINT_REFUSED,
  type PushSubscriptionRequest,
  TEST_PUSH_TOO_MANY,
  TEST_PUSH_WINDOW_MS,
} from '../../../domain';
import { lockKeys } from '../../db/advisory-lock';
import { pushSubscriptions } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { badRequest } from '../../lib/errors';

type Viewer = { id: number };

/** One slot of the member's test-push limit, taken before anything is sent (429 once over). */
export const takeTestPushSlot = (deps: AppDeps, userId: number) =>
  deps.rateLimiter.take(
    'test-push',
    String(userId),
    deps.config.limits.testPushesPerMinute,
    TEST_PUSH_WINDOW_MS,
    deps.clock.now(),
    TEST_PUSH_TOO_MANY,
  );

export function createPushService(deps: AppDeps) {
  const { db } = deps.database;

  /**
   * One row per device. Re-posting an endpoint (new keys, or the browser now signed in as someone
   * else) moves it in one upsert: no check-then-insert race between two tabs, and it stays one
   * device. Past PUSH_DEVICES_MAX the member's least recently saved devices are deleted in the
   * same transaction, under a per-member lock so simultaneous saves cannot each see room.
   */
  async function subscribe(viewer: Viewer, input: PushSubscriptionRequest) {
    if (!isAllowedPushEndpoint(input.endpoint, deps.push.endpointHosts))
      throw badRequest(PUSH_ENDPOINT_REFUSED);
    const now = deps.clock.now();
    const values = {
      userId: viewer.id,
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
      updatedAt: now,
    };
    await db.transaction(async (tx) => {
      await lockKeys(tx, [`push-devices:${viewer.id}`]);
      await tx
        .insert(pushSubscriptions)
        .values({ ...values, createdAt: now })
        .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values });
      const newest = tx
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, viewer.id))
        .orderBy(desc(pushSubscriptions.updatedAt), desc(pushSubscriptions.id))
        .limit(PUSH_DEVICES_MAX);
      await tx
        .delete(pushSubscriptions)
        .where(
          and(eq(pushSubscriptions.userId, viewer.id), notInArray(pushSubscriptions.id, newest)),
        );
    });
    return { success: true as const };
  }

  /** Only one's own device: another member's endpoint is left alone (and nothing is said). */
  async function unsubscribe(viewer: Viewer, endpoint: string) {
    await db
      .delete(pushSubscriptions)
      .where(
        and(eq(pushSubscriptions.userId, viewer.id), eq(pushSubscriptions.endpoint, endpoint)),
      );
    return { success: true as const };
  }

  return { subscribe, unsubscribe };
}
