import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { UserRow } from '../db/schema';
import { sessionCookieName } from '../plugins/access';
import type { TestApp } from './build-test-app';
import { buildAdmin } from './factories';

/**
 * Signed-in members and admins, written once: a real session row (as a sign-in leaves it) and its
 * cookie, for `app.inject`, for `fetch` against a listening app, and for sockets. Tests of the
 * sign-in itself go through `/api/auth/login` instead.
 */

export type Injector = (options: InjectOptions) => Promise<LightMyRequestResponse>;

/** The cookie of a new session for this user on this app. */
export async function sessionCookie(app: FastifyInstance, userId: number, now: Date) {
  const token = await app.deps.sessions.create(userId, now);
  return `${sessionCookieName(app.deps.config.publicUrl)}=${token}`;
}

/** A signed-in client: a real session row and its cookie on every request. */
export async function injectAs(app: FastifyInstance, user: Pick<UserRow, 'id'>): Promise<Injector> {
  const cookie = await sessionCookie(app, user.id, app.deps.clock.now());
  return (options) =>
    app.inject({ ...options, headers: { ...(options.headers ?? {}), cookie } } as InjectOptions);
}

/** A new admin and its signed-in client, for the suites that act as one admin throughout. */
export async function signedInAdmin(t: TestApp): Promise<{ id: number; as: Injector }> {
  const row = await buildAdmin(t.database.db);
  return { id: row.id, as: await injectAs(t.app, row) };
}

/**
 * A signed-in member's `fetch` against a listening app (`base` is its `http://host:port`), for the
 * tests that need real connections (simultaneous requests); the answer's body parsed as JSON.
 */
export async function fetchAs(app: FastifyInstance, base: string, user: Pick<UserRow, 'id'>) {
  const cookie = await sessionCookie(app, user.id, app.deps.clock.now());
  return async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { cookie, ...(body !== undefined && { 'content-type': 'application/json' }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
}
