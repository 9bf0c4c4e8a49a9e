import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../app';
import { loginAttempts } from '../db/schema';
import { takeCheckEmailSlot, takeRegisterSlot } from '../modules/registration/service';

const HOUR = 60 * 60 * 1000;
// passcode-service.ts's buckets, key and message for the reset limits, kept identical so a
// refused request and a valid one share one count (fuzz-routes.test.ts checks they do).
const RESET_LIMITED = 'Too many reset requests. Please try again later.';

type Charge = (deps: AppDeps, ip: string, now: Date) => Promise<unknown>;

/**
 * The public routes limited per address, and what a request they refuse as invalid input costs.
 * Without this a malformed request never reached the service that counts, so an anonymous
 * client could send them without end.
 */
const CHARGES: Record<string, Charge> = {
  'GET /api/check-email': takeCheckEmailSlot,
  'POST /api/register/initiate': takeRegisterSlot,
  'POST /api/auth/forgot-passcode': (deps, ip, now) =>
    deps.rateLimiter.takeAll(
      [
        {
          bucket: 'reset-hour',
          key: `ip:${ip}`,
          limit: deps.config.limits.resetPerHour,
          windowMs: HOUR,
        },
        {
          bucket: 'reset-day',
          key: `ip:${ip}`,
          limit: deps.config.limits.resetPerDay,
          windowMs: 24 * HOUR,
        },
      ],
      now,
      RESET_LIMITED,
    ),
  // Sign-in limits count failed attempts per address (login-service.ts): a refused body is one.
  'POST /api/auth/login': (deps, ip, now) =>
    deps.database.db.insert(loginAttempts).values({
      email: '',
      ip,
      success: false,
      pinCompared: false,
      outcome: 'invalid_input',
      createdAt: now,
    }),
};

/** Counts a refused request against its route's per-address limit; throws 429 when over it. */
export async function chargeRefusedInput(request: FastifyRequest): Promise<void> {
  // A HEAD request runs its GET route's handler, so it shares the GET route's limit.
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  const charge = CHARGES[`${method} ${request.routeOptions.url}`];
  if (!charge) return;
  const { deps } = request.server;
  await charge(deps, request.ip, deps.clock.now());
}
