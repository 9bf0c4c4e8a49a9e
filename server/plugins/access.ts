import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { MemberLimit } from '../../domain';
import type { UserRow } from '../db/schema';
import { forbidden, unauthorized } from '../lib/errors';
import type { SessionContext } from '../sessions/session-store';

/**
 * Every route declares who may call it, in its own options:
 * `config: { access: 'public' | 'user' | 'admin', notDemo?: true }`. A route under /api, /ws
 * or /metrics without a declaration stops the app from starting.
 */
export type Access = 'public' | 'user' | 'admin';

export type RouteDeclaration = {
  method: string;
  url: string;
  access: Access;
  notDemo: boolean;
  websocket: boolean;
  /** Its per-member write limit (`server/plugins/member-limits.ts`), when it declares one. */
  memberLimit: MemberLimit | undefined;
  /** The route's input schemas, so tests can derive requests from the table itself. */
  schema: FastifySchema | undefined;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    notDemo?: boolean;
    /** The spec's text for a demo refusal on this route. */
    demoMessage?: string;
  }
  interface FastifyRequest {
    session: SessionContext | null;
  }
  interface FastifyInstance {
    routeTable: RouteDeclaration[];
  }
}

const GUARDED_PREFIXES = ['/api/', '/ws', '/metrics'];
const DEFAULT_DEMO_MESSAGE = 'This action is not available in demo mode';

export const SESSION_COOKIE = 'jumpseat_session';
export const SECURE_SESSION_COOKIE = '__Host-jumpseat_session';

export function sessionCookieName(publicUrl: string) {
  return publicUrl.startsWith('https:') ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

export function registerAccess(app: FastifyInstance) {
  const table: RouteDeclaration[] = [];
  app.decorate('routeTable', table);
  app.decorateRequest('session', null);

  app.addHook('onRoute', (route) => {
    const url = route.url ?? route.path;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const guarded = GUARDED_PREFIXES.some((p) => url === p.replace(/\/$/, '') || url.startsWith(p));
    // The OpenAPI document and its UI are public by nature; static files are not routes of ours.
    if (!route.config?.access && (url.startsWith('/api/docs') || !guarded)) {
      route.config = { ...route.config, access: 'public' };
    }
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${methods.join(',')} ${url} declares no access`);
    for (const method of methods) {
      if (method === 'HEAD' && methods.includes('GET')) continue;
      table.push({
        method,
        url,
        access,
        notDemo: route.config?.notDemo === true,
        websocket: (route as { websocket?: boolean }).websocket === true,
        memberLimit: route.config?.memberLimit,
        schema: route.schema,
      });
    }
  });

  const cookieName = sessionCookieName(app.deps.config.publicUrl);

  app.addHook('onRequest', async (request: FastifyRequest, _reply: FastifyReply) => {
    const config = request.routeOptions.config;
    const access = config?.access;
    if (!access) return;
    const token = request.cookies[cookieName];
    if (token) {
      request.session = await app.deps.sessions.resolve(token, app.deps.clock.now());
    }
    if (access === 'public') return;
    const user = request.session?.user;
    if (!user) throw unauthorized('Authentication required');
    if (access === 'admin' && !user.isAdmin) {
      throw forbidden("Access denied: You don't have permission to access this page.");
    }
    if (config.notDemo && user.isDemoUser)
      throw forbidden(config.demoMessage ?? DEFAULT_DEMO_MESSAGE);
  });

  // A write may change the caller's own row (profile, passcode, privacy), and an admin's write
  // anyone's: the session cache must not answer with the old row on the next request. This runs
  // before the response leaves, so the client never sees its write and then stale data.
  app.addHook('onSend', async (request) => {
    const user = request.session?.user;
    if (!user || request.method === 'GET' || request.method === 'HEAD') return;
    if (user.isAdmin) app.deps.sessions.forgetAll();
    else app.deps.sessions.forgetUser(user.id);
  });
}

/** The signed-in user of a guarded route (the guard already refused anonymous calls). */
export function currentUser(request: FastifyRequest): UserRow {
  const user = request.session?.user;
  if (!user) throw unauthorized('Authentication required');
  return user;
}

/** The session of a guarded route: its token and when it signed in, besides the user. */
export function currentSession(request: FastifyRequest): SessionContext {
  if (!request.session) throw unauthorized('Authentication required');
  return request.session;
}
