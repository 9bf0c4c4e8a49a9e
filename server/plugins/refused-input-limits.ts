import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';

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

/** Counts a refused request against its route's per-address limit; throws 429 when over it. */
export async function chargeRefusedInput(request: FastifyRequest): Promise<void> {
  const charge = request.routeOptions.config?.refusedInput;
  if (!charge) return;
  const { deps } = request.server;
  await charge(deps, request.ip, deps.clock.now());
}
