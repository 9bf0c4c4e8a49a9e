import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import { isAllowedPushEndpoint, type PushPayload } from '../../../domain';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { type PushSubscriptionRow, pushSubscriptions } from '../../db/schema';

/** A push service that does not answer within this long is given up on (the request is not). */
const SEND_TIMEOUT_MS = 10_000;
/** How long a push service keeps a notification for a device that is offline. */
const TTL_SECONDS = 24 * 60 * 60;

/**
 * Sends Web Push notifications (RFC 8291 payload encryption and RFC 8292 VAPID, both by the
 * `web-push` library's generateRequestDetails). We post the request ourselves rather than with
 * its sendNotification: that speaks https only (the tests' stand-in is plain http on loopback),
 * follows no timeout of ours, and we must refuse redirects so that an allowed push service can
 * never bounce the server to another address.
 */
export function createPushSender(deps: {
  database: Database;
  config: Config;
  log: FastifyBaseLogger;
}) {
  const { db } = deps.database;
  const { endpointHosts, subject } = deps.config.push;
  // Read now, at start-up: a corrupt key file stops the server rather than the first push.
  const vapid = { subject, ...deps.config.push.vapid };
  const inFlight = new Set<Promise<unknown>>();

  /** One device; true when the push service took it. Gone subscriptions (404/410) are deleted. */
  async function sendTo(row: PushSubscriptionRow, payload: PushPayload): Promise<boolean> {
    if (!isAllowedPushEndpoint(row.endpoint, endpointHosts)) {
      deps.log.warn({ subscriptionId: row.id }, 'push endpoint no longer allowed; not sent');
      return false;
    }
    const request = webpush.generateRequestDetails(
      { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
      JSON.stringify(payload),
      { vapidDetails: vapid, TTL: TTL_SECONDS, contentEncoding: 'aes128gcm', urgency: 'high' },
    );
    const response = await fetch(request.endpoint, {
      method: 'POST',
      headers: request.headers as Record<string, string>,
      body: new Uint8Array(request.body),
      redirect: 'manual',
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (response.status === 404 || response.status === 410) {
      // Only the row as it was sent: a device that re-subscribed since keeps its new keys.
      await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.id, row.id), eq(pushSubscriptions.endpoint, row.endpoint)));
      return false;
    }
    if (response.status < 200 || response.status >= 300) {
      deps.log.warn({ status: response.status, subscriptionId: row.id }, 'push refused');
      return false;
    }
    return true;
  }

  /**
   * Every device of this member (the ones `where` keeps); the number of devices reached. The
   * payload is built only when there is a device, so an unsubscribed member costs one query.
   */
  async function sendToMember(
    userId: number,
    payload: PushPayload | (() => Promise<PushPayload>),
    where = sql`true`,
  ): Promise<number> {
    const rows = await db
      .select({ sub: pushSubscriptions })
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), where));
    if (rows.length === 0) return 0;
    const body = typeof payload === 'function' ? await payload() : payload;
    const results = await Promise.all(
      rows.map(({ sub }) =>
        sendTo(sub, body).catch((err: unknown) => {
          deps.log.warn({ err, subscriptionId: sub.id }, 'push failed');
          return false;
        }),
      ),
    );
    return results.filter(Boolean).length;
  }

  return {
    publicKey: vapid.publicKey,
    endpointHosts,
    sendToMember,
    /**
     * Fire and forget, after a commit: never slows the request that caused it; failures are
     * logged. `where` narrows the devices (e.g. "only while the member is away").
     */
    notify(
      userId: number,
      payload: PushPayload | (() => Promise<PushPayload>),
      where?: ReturnType<typeof sql>,
    ) {
      const job = sendToMember(userId, payload, where)
        .catch((err: unknown) => deps.log.warn({ err, userId }, 'push notification failed'))
        .finally(() => inFlight.delete(job));
      inFlight.add(job);
    },
    /** Resolves once every push started so far has finished (tests wait on this, not a sleep). */
    async settled() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}

export type PushSender = ReturnType<typeof createPushSender>;
