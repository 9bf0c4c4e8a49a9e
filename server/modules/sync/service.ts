import { and, asc, eq, gte, or } from 'drizzle-orm';
import { SYNC_MESSAGE_LIMIT, type SyncResponse } from '../../../domain';
import { messages, type UserRow, waves } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { presentMessage } from '../messages/presenter';
import { createWavesService } from '../waves/service';

type Viewer = Pick<UserRow, 'id' | 'isAdmin' | 'isDemoUser'>;

/**
 * What a member missed while their socket was down (issue 21): messages of their waves and
 * waves changed since a server timestamp. Inclusive (`>=`): an event at exactly the cursor comes
 * again, and the web drops what it already has by id. Crew lists and counters are not here: the
 * web refetches those on reconnect.
 */
export function createSyncService(deps: AppDeps) {
  const { db } = deps.database;
  const wavesService = createWavesService(deps);

  async function since(viewer: Viewer, sinceIso: string): Promise<SyncResponse> {
    // Read before the queries: a later event is either in this answer or pushed to the socket
    // that is already up again, and the next sync starts here.
    const cursor = deps.clock.now().toISOString();
    const from = new Date(sinceIso);
    const rows = await db
      .select({ message: messages })
      .from(messages)
      .innerJoin(waves, eq(waves.id, messages.waveId))
      .where(
        and(
          or(eq(waves.senderId, viewer.id), eq(waves.receiverId, viewer.id)),
          gte(messages.createdAt, from),
        ),
      )
      .orderBy(asc(messages.createdAt), asc(messages.id))
      .limit(SYNC_MESSAGE_LIMIT + 1);
    const changedWaves = await wavesService.list(viewer, { changedSince: from });
    return {
      cursor,
      messages: rows.slice(0, SYNC_MESSAGE_LIMIT).map((r) => presentMessage(r.message)),
      waves: changedWaves,
      complete: rows.length <= SYNC_MESSAGE_LIMIT,
    };
  }

  return { since };
}
