import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { UserRow } from '../db/schema';
import { sessionCookieName } from '../plugins/access';
import type { TestApp } from './build-test-app';
import { buildAdmin } from './factories';

export type Injector = (options: InjectOptions) => Promise<LightMyRequestResponse>;

/** A signed-in client: a real session row and its cookie on every request. */
export async function injectAs(app: FastifyInstance, user: UserRow): Promise<Injector> {
  const token = await app.deps.sessions.create(user.id, app.deps.clock.now());
  const cookie = `${sessionCookieName(app.deps.config.publicUrl)}=${token}`;
  return (options) =>
    app.inject({ ...options, headers: { ...(options.headers ?? {}), cookie } } as InjectOptions);
}

/** A new admin and its signed-in client, for the suites that act as one admin throughout. */
export async function signedInAdmin(t: TestApp): Promise<{ id: number; as: Injector }> {
  const row = await buildAdmin(t.database.db);
  return { id: row.id, as: await injectAs(t.app, row) };
}
