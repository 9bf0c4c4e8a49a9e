/**
 * Errors a service throws to refuse a request. The error plugin maps each to its status;
 * `message` is what the client sees, so it must be the spec's text.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly extra: {
    error?: string;
    errorType?: string;
    code?: string;
    [key: string]: unknown;
  };

  constructor(statusCode: number, message: string, extra: HttpError['extra'] = {}) {
    // A 4xx is an answer to the client, never a fault to trace, and nothing logs it: it carries
    // no stack. Capturing one (and Node's streams format every error they pass) was a large share
    // of refusing a flood of bad requests (bench:nested). A 5xx keeps its stack for the log.
    const frames = Error.stackTraceLimit;
    if (statusCode < 500) Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = frames;
    this.statusCode = statusCode;
    this.extra = extra;
  }
}

/**
 * Input refused before any handler ran, for its shape rather than a field (nested too deep):
 * a 400 like a schema refusal's, and like one it counts against the sender's limits
 * (plugins/refused-input-limits.ts), where other HttpErrors are a handler's own answer.
 */
export class InputRefusal extends HttpError {
  constructor(message: string) {
    super(400, message, { error: 'validation' });
  }
}

export const badRequest = (message: string, extra?: HttpError['extra']) =>
  new HttpError(400, message, extra);
export const unauthorized = (message = 'Authentication required', extra?: HttpError['extra']) =>
  new HttpError(401, message, extra);
export const forbidden = (message: string, extra?: HttpError['extra']) =>
  new HttpError(403, message, extra);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string, extra?: HttpError['extra']) =>
  new HttpError(409, message, extra);
export const tooManyRequests = (message: string, retryAt: Date) =>
  new HttpError(429, message, { retryAt: retryAt.toISOString() });

/** How a refused access rule answers by default: 403 with the rule's reason. */
export function accessRefusal(reason: string): HttpError {
  return reason === 'Not found' ? notFound() : forbidden(reason);
}

/**
 * Applies a domain rule: a refusal throws, carrying the rule's reason (the spec's text). By
 * default that is a 403, except 'Not found', which hides the object from someone who may not
 * know it exists; a rule about the request's content rather than the caller's rights passes
 * the answer its contract names (e.g. `badRequest`). Returns only when the rule allowed it, and
 * narrows the result, so a rule's extra success data stays usable after it.
 */
export function enforce<T extends { ok: true } | { ok: false; reason: string }>(
  result: T,
  refuse: (reason: string) => HttpError = accessRefusal,
): asserts result is Extract<T, { ok: true }> {
  if (result.ok) return;
  throw refuse((result as { reason: string }).reason);
}
