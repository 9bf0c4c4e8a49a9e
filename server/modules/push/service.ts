import { and, eq } from 'drizzle-orm';
import {
  isAllowedPushEndpoint,
  PUSH_ENDPOINT_REFUSED,
  type PushSubscriptionRequest,
} from '../../../domain';
import { pushSubscriptions } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { badRequest } from '../../lib/errors';

type Viewer = { id: number };

export function createPushService(deps: AppDeps) {
  const { db } = deps.database;

  /**
   * One row per device. Re-posting an endpoint (new keys, or the browser now signed in as someone
   * else) moves it in one statement: no check-then-insert race between two tabs.
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
    await db
      .insert(pushSubscriptions)
      .values({ ...values, createdAt: now })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values });
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
