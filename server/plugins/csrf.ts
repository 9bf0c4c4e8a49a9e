import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { forbidden } from '../lib/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests from other sites: `Sec-Fetch-Site: cross-site`, or an
 * `Origin` that is neither our own (from Host), PUBLIC_URL, nor (in development) the Vite dev
 * server. Requests with neither header (curl, server-to-server) pass: they carry no ambient
 * browser cookies an attacker could ride on.
 */
export function allowedOrigins(config: Config): Set<string> {
  const allowed = new Set([config.publicUrl]);
  if (config.env === 'development') {
    const vitePort = process.env.VITE_PORT ?? '5173';
    allowed.add(`http://localhost:${vitePort}`).add(`http://127.0.0.1:${vitePort}`);
  }
  return allowed;
}

/** Our own origin (from Host), PUBLIC_URL, or in development the Vite dev server. */
export function isAllowedOrigin(
  request: Pick<FastifyRequest, 'protocol' | 'host'>,
  origin: string,
  allowed: Set<string>,
) {
  return origin === `${request.protocol}://${request.host}` || allowed.has(origin);
}

export function registerCsrf(app: FastifyInstance) {
  const allowed = allowedOrigins(app.deps.config);

  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (request.headers['sec-fetch-site'] === 'cross-site') {
      throw forbidden('Cross-site request refused');
    }
    const origin = request.headers.origin;
    if (origin === undefined) return;
    if (isAllowedOrigin(request, origin, allowed)) return;
    throw forbidden('Cross-site request refused');
  });
}
