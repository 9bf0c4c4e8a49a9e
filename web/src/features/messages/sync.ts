import type { QueryClient } from '@tanstack/react-query';
import type { SyncResponse, WaveWithParties } from '../../../../domain';
import { api } from '../../lib/api-client';
import { addMessage } from '../realtime';
import { messageKeys, waveKeys } from '../waves';

/**
 * Applies what GET /api/sync says was missed while the socket was down. Each message joins its
 * thread once (addMessage drops an id it already has: the answer is inclusive of the cursor,
 * and a push may have landed meanwhile); changed waves replace their row on the list, new ones
 * come first. Threads nobody has loaded are left alone: they are fetched whole when opened.
 */
export function applySync(client: QueryClient, sync: SyncResponse) {
  for (const message of sync.messages) addMessage(client, message);
  if (sync.waves.length > 0) {
    client.setQueryData<WaveWithParties[]>(waveKeys.list, (list) => {
      if (!list) return list;
      const changed = new Map(sync.waves.map((w) => [w.id, w]));
      const fresh = sync.waves.filter((w) => !list.some((old) => old.id === w.id));
      return [...fresh, ...list.map((w) => changed.get(w.id) ?? w)];
    });
  }
  // More than one answer holds: the threads are fetched whole instead.
  if (!sync.complete) void client.invalidateQueries({ queryKey: messageKeys.all });
}

/** Fetches and applies what changed since `since`; on failure the threads refetch whole. */
export async function syncSince(client: QueryClient, since: string | undefined) {
  if (!since) return;
  try {
    const sync = await api.get<SyncResponse>(`/api/sync?since=${encodeURIComponent(since)}`);
    applySync(client, sync);
  } catch {
    void client.invalidateQueries({ queryKey: messageKeys.all });
  }
}
