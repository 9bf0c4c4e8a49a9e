import type { FastifyRequest } from 'fastify';
import { TOO_MANY_INVALID_REQUESTS } from '../../domain';
import type { AppDeps } from '../deps';
import { HttpError, tooManyRequests } from '../lib/errors';

/** What a refused request costs against its route's per-address limit; throws 429 when over it. */
export type RefusedInputCharge = (deps: AppDeps, ip: string, now: Date) => Promise<unknown>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A public route limited per address declares what a request it refuses as invalid input
     * costs. Without this a malformed request never reached the service that counts, so an
     * anonymous client could send them without end. Declared by the route, like `access`, so
     * this plugin imports no module.
     */
    refusedInput?: RefusedInputCharge;
  }
}

/**
 * Counts a refused request against its sender's limits; throws 429 when over one. A signed-in
 * member's draws on their per-member budget (the 20 a second shared by socket frames and
 * messages: in memory, so refusing stays cheaper than the request refused); a route limited per
 * address also takes a slot of its own bucket.
 */
export async function chargeRefusedInput(request: FastifyRequest): Promise<void> {
  const { deps } = request.server;
  const member = request.session?.user;
  if (member) {
    const verdict = deps.memberThrottle.take(member.id);
    if (!verdict.ok) throw tooManyRequests(TOO_MANY_INVALID_REQUESTS, verdict.retryAt);
  }
  const charge = request.routeOptions.config?.refusedInput;
  if (!charge) return;
  const now = deps.clock.now();
  const key = `${request.routeOptions.url} ${request.ip}`;
  const overLimit = overLimitOf(deps);
  const refused = overLimit.get(key);
  if (refused && refused.untilMs > now.getTime()) throw refused.error;
  try {
    await charge(deps, request.ip, now);
  } catch (error) {
    remember(overLimit, key, error, now.getTime());
    throw error;
  }
}

/**
 * Addresses a route's limit refused, until the refusal's retryAt: their further refused input is
 * answered from memory, without a database round trip each. The limit said no until then; asking
 * again could only say no again (and a flood of refused bodies was a flood of transactions that
 * every other request waited behind). Per instance, pruned like the member throttle.
 */
type OverLimit = Map<string, { untilMs: number; error: HttpError }>;
const overLimitByApp = new WeakMap<AppDeps, OverLimit>();
const PRUNE_ABOVE = 1000;

function overLimitOf(deps: AppDeps): OverLimit {
  const known = overLimitByApp.get(deps);
  if (known) return known;
  const created: OverLimit = new Map();
  overLimitByApp.set(deps, created);
  return created;
}

function remember(overLimit: OverLimit, key: string, error: unknown, nowMs: number) {
  if (!(error instanceof HttpError) || error.statusCode !== 429) return;
  const untilMs = Date.parse(String(error.extra.retryAt));
  if (!(untilMs > nowMs)) return;
  if (overLimit.size > PRUNE_ABOVE) {
    for (const [k, v] of overLimit) if (v.untilMs <= nowMs) overLimit.delete(k);
  }
  overLimit.set(key, { untilMs, error });
}
