import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { platformCounters } from '../../db/schema';

/**
 * The spec's platform counters: totals that survive deletions. Waves, users and flights are
 * counted in the platform_counters row as they are created (rare writes). Messages are not —
 * a row every message updates would serialise all chat on one lock — so their all-time total
 * is read from the messages id sequence, which only ever grows and never reuses a value.
 */
export async function readPlatformCounters(db: Db) {
  const [row] = await db.select().from(platformCounters).where(eq(platformCounters.id, 1));
  const seq = await db.execute<{ last_value: string; is_called: boolean }>(
    sql`select last_value, is_called from messages_id_seq`,
  );
  const s = seq.rows[0];
  const totalMessagesEverSent = s?.is_called ? Number(s.last_value) : 0;
  return {
    totalWavesEverCreated: row?.totalWavesEverCreated ?? 0,
    totalMessagesEverSent,
    totalUsersEverRegistered: row?.totalUsersEverRegistered ?? 0,
    totalFlightsEverCreated: row?.totalFlightsEverCreated ?? 0,
    updatedAt: (row?.updatedAt ?? new Date(0)).toISOString(),
  };
}
