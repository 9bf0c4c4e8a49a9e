import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { UserRow } from '../db/schema';
import { sessionCookieName } from '../plugins/access';

export type Injector = (options: InjectOptions) => Promise<LightMyRequestResponse>;

/** A signed-in client: a real session row and its cookie on every request. */
export async function injectAs(app: FastifyInstance, user: UserRow): Promise<Injector> {
  const token = await app.deps.sessions.create(user.id, app.deps.clock.now());
  const cookie = `${sessionCookieName(app.deps.config.publicUrl)}=${token}`;
  return (options) =>
    app.inject({ ...options, headers: { ...(options.headers ?? {}), cookie } } as InjectOptions);
}
