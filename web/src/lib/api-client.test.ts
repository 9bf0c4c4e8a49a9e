import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from './api-client';

// fetch is the network boundary: the server's answers are stood in for, not our code.
function respondWith(status: number, body: unknown, statusText = '') {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () => new Response(body === null ? '' : JSON.stringify(body), { status, statusText }),
    ),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('sends credentials and JSON', async () => {
    respondWith(200, { ok: true });
    await expect(api.post('/api/x', { a: 1 })).resolves.toEqual({ ok: true });
    const [path, init] = vi.mocked(fetch).mock.calls[0]!;
    expect(path).toBe('/api/x');
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBe('{"a":1}');
  });

  it("throws the server's message with its status and body", async () => {
    respondWith(401, { message: 'Incorrect PIN', errorType: 'invalid_pin' });
    const error = await api.post('/api/auth/login', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).message).toBe('Incorrect PIN');
    expect((error as ApiError).errorType).toBe('invalid_pin');
  });

  it('falls back to the error field, then the status text', async () => {
    respondWith(400, { error: 'Bad thing' });
    await expect(api.get('/api/x')).rejects.toThrow('Bad thing');
    respondWith(502, null, 'Bad Gateway');
    await expect(api.get('/api/x')).rejects.toThrow('HTTP 502: Bad Gateway');
  });

  it('turns a network failure into the spec’s connection message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api.get('/api/x')).rejects.toThrow(
      'Network error. Please check your connection and try again.',
    );
  });
});
