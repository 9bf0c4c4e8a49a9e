/** An error from our API, carrying the server's `message` (the spec's text) and fields. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: Record<string, unknown>;
  constructor(status: number, message: string, body: Record<string, unknown> = {}) {
    super(message);
    this.status = status;
    this.body = body;
  }
  get errorType(): string | undefined {
    return typeof this.body.errorType === 'string' ? this.body.errorType : undefined;
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Every call sends credentials (the session cookie) and reads error bodies for
 * `error` or `message`, as the spec says. Network failures become status 0.
 */
export async function apiRequest<T>(
  method: Method,
  path: string,
  body?: unknown,
  options: { signal?: AbortSignal } = {},
): Promise<T> {
  let response: Response;
  // A FormData body (a file upload) goes as multipart, its boundary set by the browser.
  const form = typeof FormData !== 'undefined' && body instanceof FormData;
  try {
    response = await fetch(path, {
      method,
      credentials: 'include',
      headers: body === undefined || form ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch {
    throw new ApiError(0, 'Network error. Please check your connection and try again.');
  }
  const text = await response.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!response.ok) {
    const obj = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
    const message =
      (typeof obj.message === 'string' && obj.message) ||
      (typeof obj.error === 'string' && obj.error) ||
      `HTTP ${response.status}: ${response.statusText}`;
    throw new ApiError(response.status, message, obj);
  }
  return data as T;
}

export const api = {
  get: <T>(path: string) => apiRequest<T>('GET', path),
  post: <T>(path: string, body?: unknown, options?: { signal?: AbortSignal }) =>
    apiRequest<T>('POST', path, body ?? {}, options),
  put: <T>(path: string, body?: unknown) => apiRequest<T>('PUT', path, body ?? {}),
  patch: <T>(path: string, body?: unknown) => apiRequest<T>('PATCH', path, body ?? {}),
  delete: <T>(path: string) => apiRequest<T>('DELETE', path),
};
