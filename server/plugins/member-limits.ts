import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MEMBER_LIMITS, type MemberLimit, TOO_MANY_WRITES } from '../../domain';
import { tooManyRequests } from '../lib/errors';
import { createWindowThrottle } from '../lib/member-throttle';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The per-member limit of a write route for signed-in members, declared by the route like
     * `access` (docs/api.md lists them). A write without one falls back to `MEMBER_LIMITS`'s
     * strictest general bucket, and `route-table.test.ts` fails.
     */
    memberLimit?: MemberLimit;
  }
  interface FastifyInstance {
    /** Takes one slot of a member's limit; throws 429 when over it. */
    takeMemberLimit(userId: number, limit: MemberLimit): Promise<void>;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Undeclared writes still count, in the account bucket (20 an hour), until they declare one. */
export const UNDECLARED_WRITE_LIMIT = MEMBER_LIMITS.account;

/** Whether a route is a write a signed-in member makes, and so must declare a member limit. */
export function isMemberWrite(route: { method: string; url: string; access: string }) {
  return (
    !READS.has(route.method) &&
    route.url.startsWith('/api/') &&
    (route.access === 'user' || route.access === 'admin')
  );
}

/**
 * Enforces every member write's limit right after authentication: before the body is parsed or
 * validated, so a refused write costs nothing and changes nothing, and invalid writes count too.
 * Registered after `registerAccess`, whose hook resolves the session first.
 */
export function registerMemberLimits(app: FastifyInstance) {
  const memory = createWindowThrottle(app.deps.clock);

  async function take(userId: number, limit: MemberLimit) {
    if (limit.store === 'live') return app.deps.memberThrottle.enforce(userId);
    if (limit.store === 'memory') {
      const verdict = memory.take(`${limit.bucket}:${userId}`, limit.limit, limit.windowMs);
      if (!verdict.ok) throw tooManyRequests(TOO_MANY_WRITES, verdict.retryAt);
      return;
    }
    await app.deps.rateLimiter.take(
      `member:${limit.bucket}`,
      `user:${userId}`,
      limit.limit,
      limit.windowMs,
      app.deps.clock.now(),
      TOO_MANY_WRITES,
    );
  }
  app.decorate('takeMemberLimit', take);

  app.addHook('onRequest', async (request: FastifyRequest) => {
    const user = request.session?.user;
    const config = request.routeOptions.config;
    if (!user || READS.has(request.method)) return;
    if (config?.access !== 'user' && config?.access !== 'admin') return;
    await take(user.id, config.memberLimit ?? UNDECLARED_WRITE_LIMIT);
  });
}
