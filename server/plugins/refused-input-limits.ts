import type { FastifyRequest } from 'fastify';
import { TOO_MANY_INVALID_REQUESTS } from '../../domain';
import type { AppDeps } from '../deps';
import { tooManyRequests } from '../lib/errors';

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
  await charge(deps, request.ip, deps.clock.now());
}
