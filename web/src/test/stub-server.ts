import { vi } from 'vitest';

// The web tests' network boundary: the server side is built and tested separately, so a screen's
// test pins the calls it makes (method, path, body) and what it does with each answer.

export type Answer = { status?: number; body: unknown };
export type Handler = Answer | ((body: unknown) => Answer | Promise<Answer>);
export type Call = { method: string; path: string; body: unknown };

/** A 200 answer with this body. */
export const ok = (body: unknown): Answer => ({ body });

/**
 * Stubs the global fetch with answers from `routes` ('METHOD /path'); anything else is a 404
 * the test would see. Undo with `vi.unstubAllGlobals()`.
 */
export function stubServer(routes: Record<string, Handler>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      // A FormData body (a file upload) is handed over as it is; JSON is parsed.
      const body =
        init?.body instanceof FormData
          ? init.body
          : init?.body
            ? JSON.parse(String(init.body))
            : undefined;
      calls.push({ method, path, body });
      const handler = routes[`${method} ${path}`];
      const answer: Answer =
        typeof handler === 'function'
          ? await handler(body)
          : (handler ?? { status: 404, body: { message: 'Not found' } });
      // A plain object rather than a Response: its body resolves in microtasks only, so a test
      // on a fake clock sees each answer as soon as it advances the clock.
      const status = answer.status ?? 200;
      const text = JSON.stringify(answer.body);
      return { ok: status < 400, status, statusText: '', text: async () => text };
    }),
  );
  return { calls, writes: () => calls.filter((c) => c.method !== 'GET') };
}
