import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import {
  isAllowedPushEndpoint,
  PUSH_DEVICES_MAX,
  PUSH_SEND_CONCURRENCY,
  type PushPayload,
} from '../../../domain';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { type PushSubscriptionRow, pushSubscriptions } from '../../db/schema';
import { mapBounded } from '../../lib/map-bounded';

/** A push service that does not answer within this long is given up on (the request is not). */
const SEND_TIMEOUT_MS = 10_000;
/** How long a push service keeps a notification for a device that is offline. */
const TTL_SECONDS = 24 * 60 * 60;

/** How one device's push ended: refused by the push service (its status), or failed before. */
type Outcome = 'sent' | 'removed' | { status: number } | { failed: string };

/** What a failed send is known by in the log: the network error's code, else its name. */
function errorKind(err: unknown): string {
  const cause = (err as { cause?: { code?: unknown } })?.cause;
  if (typeof cause?.code === 'string') return cause.code;
  return err instanceof Error ? err.name : 'unknown';
}

/** Counts per status and per error, so a send to many failing devices is one short log line. */
function summarize(outcomes: Outcome[]) {
  const statuses: Record<string, number> = {};
  const errors: Record<string, number> = {};
  let removed = 0;
  for (const o of outcomes) {
    if (o === 'removed') removed++;
    else if (o === 'sent') continue;
    else if ('status' in o) statuses[o.status] = (statuses[o.status] ?? 0) + 1;
    else errors[o.failed] = (errors[o.failed] ?? 0) + 1;
  }
  const failed = [...Object.values(statuses), ...Object.values(errors)].reduce((a, n) => a + n, 0);
  return { failed, removed, statuses, errors };
}

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

  /**
   * One device. Gone subscriptions (404/410) are deleted. Nothing is logged here: the caller
   * writes one line for the whole send, however many devices failed.
   */
  async function sendTo(row: PushSubscriptionRow, payload: PushPayload): Promise<Outcome> {
    if (!isAllowedPushEndpoint(row.endpoint, endpointHosts)) return { failed: 'not allowed' };
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
      return 'removed';
    }
    if (response.status < 200 || response.status >= 300) return { status: response.status };
    return 'sent';
  }

  /**
   * The member's devices (the ones `where` keeps, the newest PUSH_DEVICES_MAX at most),
   * PUSH_SEND_CONCURRENCY at a time; the
   * number of devices reached. The payload is built only when there is a device, so an
   * unsubscribed member costs one query.
   */
  async function sendToMember(
    userId: number,
    payload: PushPayload | (() => Promise<PushPayload>),
    where = sql`true`,
  ): Promise<number> {
    const rows = await db
      .select({ sub: pushSubscriptions })
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), where))
      // Rows saved before the cap existed are trimmed only at the member's next save.
      .orderBy(desc(pushSubscriptions.updatedAt), desc(pushSubscriptions.id))
      .limit(PUSH_DEVICES_MAX);
    if (rows.length === 0) return 0;
    const body = typeof payload === 'function' ? await payload() : payload;
    const outcomes = await mapBounded(rows, PUSH_SEND_CONCURRENCY, ({ sub }) =>
      sendTo(sub, body).catch((err: unknown): Outcome => ({ failed: errorKind(err) })),
    );
    const summary = summarize(outcomes);
    if (summary.failed > 0)
      deps.log.warn(
        { userId, devices: rows.length, ...summary },
        `push failed for ${summary.failed} of ${rows.length} devices`,
      );
    return outcomes.filter((o) => o === 'sent').length;
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
