import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { MAX_FRAME_BYTES } from '../modules/realtime/routes';

/**
 * The nested-input attack of issue 39, shared by its test and `npm run bench:nested`: bodies
 * nested 100,000 deep to anonymous routes, and the deepest frames a socket lets through.
 */
export const DEEP_BODY_DEPTH = 100_000;
/** Depth 100,000 as a login or verify-payment body: 200 KB. */
export const DEEP_BODY = `{"email":${'['.repeat(DEEP_BODY_DEPTH)}${']'.repeat(DEEP_BODY_DEPTH)}}`;
export const ATTACKED_ROUTES = ['/api/auth/login', '/api/stripe/verify-payment'] as const;

/**
 * The deepest frame the 64 KB frame limit lets through (about 32,700 levels): a depth-100,000
 * frame is 200 KB, which closes its socket (1009) before it is read.
 */
export function deepestFrame(): string {
  const depth = Math.floor((MAX_FRAME_BYTES - 200) / 2);
  return `{"type":"ping","x":${'['.repeat(depth)}${']'.repeat(depth)}}`;
}

export function baseUrl(app: FastifyInstance): string {
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/** The i-th attacking request over real HTTP: a deep body to one of the anonymous routes. */
export async function postDeepBody(base: string, i: number) {
  const res = await fetch(`${base}${ATTACKED_ROUTES[i % ATTACKED_ROUTES.length]}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: DEEP_BODY,
  });
  return { status: res.status, body: await res.text() };
}

/** A member's request over real HTTP, timed from send to the last byte. */
export async function timedGet(base: string, cookie: string, path = '/api/flights') {
  const t0 = performance.now();
  const res = await fetch(`${base}${path}`, { headers: { cookie } });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - t0 };
}
