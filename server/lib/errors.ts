/**
 * Errors a service throws to refuse a request. The error plugin maps each to its status;
 * `message` is what the client sees, so it must be the spec's text.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: {
      error?: string;
      errorType?: string;
      code?: string;
      [key: string]: unknown;
    } = {},
  ) {
    super(message);
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

/**
 * Applies a domain access rule: a refusal is a 403 carrying the rule's reason (the spec's
 * text), except 'Not found', which hides the object from someone who may not know it exists.
 */
export function enforce(result: { ok: true } | { ok: false; reason: string }): void {
  if (result.ok) return;
  if (result.reason === 'Not found') throw notFound();
  throw forbidden(result.reason);
}
