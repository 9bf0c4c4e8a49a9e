import { type SQL, sql } from 'drizzle-orm';
import { isRecentHeartbeat, ONLINE_WINDOW_MS } from '../../../domain';
import { users } from '../../db/schema';

/**
 * The online rule (domain ONLINE_WINDOW_MS) as SQL and for rows already in memory. An open socket
 * refreshes the heartbeat, so "open socket or recent heartbeat" is this one check.
 */
export { ONLINE_WINDOW_MS } from '../../../domain';

export const onlineSince = (now: Date) => new Date(now.getTime() - ONLINE_WINDOW_MS);

/** `users.last_heartbeat_at` within the window, as a boolean SQL expression. */
export function isOnlineSql(now: Date): SQL<boolean> {
  return sql<boolean>`coalesce(${users.lastHeartbeatAt} > ${onlineSince(now)}, false)`;
}

/** The same rule for a user row already in memory. */
export function isOnlineAt(user: { lastHeartbeatAt: Date | null }, now: Date): boolean {
  return isRecentHeartbeat(user.lastHeartbeatAt, now);
}
