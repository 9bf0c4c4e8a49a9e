import { ApiError } from '../../lib/api-client';

/** The server's own text for a refusal it explains (400, 403); otherwise `fallback`. */
export function failureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status === 0) return 'Network error occurred';
  if (
    error instanceof ApiError &&
    (error.status === 400 || error.status === 403 || error.status === 409)
  )
    return error.message;
  return fallback;
}
