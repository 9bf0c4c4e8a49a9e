import type { UseQueryResult } from '@tanstack/react-query';
import { ApiError } from './api-client';

/**
 * Whether a screen should give way to the query's error. A refresh that failed for a passing
 * reason (offline in a crew room, a dropped connection, a 503 while the database restarts)
 * keeps what is on screen: the chat, the list, the flight stay usable and the connection badge
 * tells the rest. The server's refusal (a 4xx: gone, not allowed) is shown over data, and any
 * failure before first data is shown.
 */
export function queryFailed(query: Pick<UseQueryResult<unknown>, 'isError' | 'data' | 'error'>) {
  if (!query.isError) return false;
  if (query.data === undefined) return true;
  const { error } = query;
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}
