import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import { createPinGuard } from '../modules/auth/login-service';
import { takeResetSlot } from '../modules/auth/passcode-service';
import { takeCheckEmailSlot, takeRegisterSlot } from '../modules/registration/service';

type Charge = (deps: AppDeps, ip: string, now: Date) => Promise<unknown>;

/**
 * The public routes limited per address, and what a request they refuse as invalid input costs.
 * Without this a malformed request never reached the service that counts, so an anonymous
 * client could send them without end.
 */
const CHARGES: Record<string, Charge> = {
  'GET /api/check-email': takeCheckEmailSlot,
  'POST /api/register/initiate': takeRegisterSlot,
  'POST /api/auth/forgot-passcode': (deps, ip, now) => takeResetSlot(deps, `ip:${ip}`, now),
  // Sign-in limits count failed attempts per address (login-service.ts): a refused body is one.
  'POST /api/auth/login': (deps, ip, now) => createPinGuard(deps).chargeRefusedInput(ip, now),
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
