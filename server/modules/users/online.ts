import { type SQL, sql } from 'drizzle-orm';
import { users } from '../../db/schema';

/**
 * Online = a heartbeat within the last 90 s (API-CONVENTIONS). The realtime issue adds "or an
 * open socket"; this file is the one place that rule is written, for SQL and for rows.
 */
export const ONLINE_WINDOW_MS = 90_000;

export const onlineSince = (now: Date) => new Date(now.getTime() - ONLINE_WINDOW_MS);

/** `users.last_heartbeat_at` within the window, as a boolean SQL expression. */
export function isOnlineSql(now: Date): SQL<boolean> {
  return sql<boolean>`coalesce(${users.lastHeartbeatAt} > ${onlineSince(now)}, false)`;
}

/** The same rule for a user row already in memory. */
export function isOnlineAt(user: { lastHeartbeatAt: Date | null }, now: Date): boolean {
  return user.lastHeartbeatAt !== null && user.lastHeartbeatAt > onlineSince(now);
}
