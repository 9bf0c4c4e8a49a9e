import { aliasedTable, and, eq, gte, inArray, ne, or, sql } from 'drizzle-orm';
import {
  canDeleteWave,
  canMarkWavesRead,
  canRespondToWave,
  canSendWave,
  type SendWaveRequest,
  type Wave,
  type WaveCheckResponse,
  type WaveWithParties,
} from '../../../domain';
import {
  flightCrew,
  flights,
  messages,
  platformCounters,
  type UserRow,
  users,
  type WaveRow,
  waves,
} from '../../db/schema';
import type { AppDeps } from '../../deps';
import { enforce, notFound } from '../../lib/errors';
import { isBlockedPair, lockPair } from '../blocks';
import { enforceCanStartContact } from '../moderation/standing';
import { isOnlineAt } from '../users/online';
import { presentWave, presentWaveCheckEntry, presentWaveWithParties } from './presenter';

type Viewer = Pick<UserRow, 'id' | 'isAdmin' | 'isDemoUser'>;
type Tx = Parameters<Parameters<AppDeps['database']['db']['transaction']>[0]>[0];

const party = (viewerId: number) =>
  or(eq(waves.senderId, viewerId), eq(waves.receiverId, viewerId));

/**
 * Waves: connection requests between two crew members on one flight. Every refusal comes from
 * a domain access rule; a wave the viewer is not part of does not exist for them (404).
 */
export function createWavesService(deps: AppDeps) {
  const { db } = deps.database;

  /** The wave if the viewer is one of its two people, else 404 — never a hint it exists. */
  async function findOwn(tx: Tx | typeof db, viewer: Viewer, waveId: number, lock = false) {
    const query = tx
      .select()
      .from(waves)
      .where(and(eq(waves.id, waveId), party(viewer.id)));
    const [wave] = lock ? await query.for('update') : await query;
    if (!wave) throw notFound('Wave not found');
    return wave;
  }

  /** The viewer's waves; with `changedSince`, only those sent or answered since (GET /api/sync). */
  async function list(
    viewer: Viewer,
    options: { changedSince?: Date } = {},
  ): Promise<WaveWithParties[]> {
    const now = deps.clock.now();
    const sender = aliasedTable(users, 'sender');
    const receiver = aliasedTable(users, 'receiver');
    const unreadCounts = db
      .select({ waveId: messages.waveId, n: sql<number>`count(*)::int`.as('n') })
      .from(messages)
      .where(and(ne(messages.senderId, viewer.id), eq(messages.read, false)))
      .groupBy(messages.waveId)
      .as('unread_counts');
    const rows = await db
      .select({ wave: waves, flight: flights, sender, receiver, unreadMessages: unreadCounts.n })
      .from(waves)
      .innerJoin(flights, eq(flights.id, waves.flightId))
      .innerJoin(sender, eq(sender.id, waves.senderId))
      .innerJoin(receiver, eq(receiver.id, waves.receiverId))
      .leftJoin(unreadCounts, eq(unreadCounts.waveId, waves.id))
      .where(
        and(
          party(viewer.id),
          eq(sender.isDeleted, false),
          eq(receiver.isDeleted, false),
          options.changedSince ? gte(waves.updatedAt, options.changedSince) : undefined,
        ),
      )
      .orderBy(sql`${waves.createdAt} desc`, sql`${waves.id} desc`);
    return rows.map(({ wave, flight, sender: s, receiver: r, unreadMessages }) =>
      presentWaveWithParties(
        viewer,
        {
          wave,
          flight,
          sender: { ...s, isOnline: isOnlineAt(s, now) },
          receiver: { ...r, isOnline: isOnlineAt(r, now) },
          unreadMessages: unreadMessages ?? 0,
        },
        now,
      ),
    );
  }

  async function check(viewer: Viewer, flightId: number): Promise<WaveCheckResponse> {
    const rows = await db
      .select()
      .from(waves)
      .where(and(eq(waves.flightId, flightId), party(viewer.id)));
    const waveStatusMap: WaveCheckResponse['waveStatusMap'] = {};
    for (const w of rows) {
      const other = w.senderId === viewer.id ? w.receiverId : w.senderId;
      waveStatusMap[String(other)] = presentWaveCheckEntry(viewer.id, w);
    }
    return { waveStatusMap };
  }

  async function send(viewer: Viewer, input: SendWaveRequest): Promise<Wave> {
    const now = deps.clock.now();
    const wave = await db.transaction(async (tx) => {
      const [flight] = await tx.select().from(flights).where(eq(flights.id, input.flightId));
      if (!flight) throw notFound('Flight not found');
      await enforceCanStartContact(tx, viewer.id, now);
      const [receiver] = await tx
        .select()
        .from(users)
        .where(
          and(
            eq(users.id, input.receiverId),
            eq(users.isDeleted, false),
            eq(users.approvalStatus, 'approved'),
          ),
        );
      if (!receiver) throw notFound('Crew member not found');
      // Under the pair's lock, so a block committing meanwhile is either seen here or deletes
      // this wave with the others.
      await lockPair(tx, viewer.id, receiver.id);
      const blocked = await isBlockedPair(tx, viewer.id, receiver.id);
      // FOR SHARE: a leave committing meanwhile (it deletes these rows, then withdraws the
      // leaver's pending waves) either waits for this wave and withdraws it, or has removed the
      // member before this reads, and the wave is refused. Unlocked, a wave could be created to
      // a member who had just left: 62 of 120 simultaneous pairs on PostgreSQL.
      const onFlight = await tx
        .select({ userId: flightCrew.userId })
        .from(flightCrew)
        .where(
          and(
            eq(flightCrew.flightId, flight.id),
            inArray(flightCrew.userId, [viewer.id, receiver.id]),
          ),
        )
        .for('share');
      const [existing] = await tx
        .select({ id: waves.id })
        .from(waves)
        .where(
          and(
            eq(waves.flightId, flight.id),
            or(
              and(eq(waves.senderId, viewer.id), eq(waves.receiverId, receiver.id)),
              and(eq(waves.senderId, receiver.id), eq(waves.receiverId, viewer.id)),
            ),
          ),
        );
      enforce(
        canSendWave(viewer, receiver.id, flight, now, {
          senderOnFlight: onFlight.some((c) => c.userId === viewer.id),
          receiverOnFlight: onFlight.some((c) => c.userId === receiver.id),
          existingWave: Boolean(existing),
          blocked,
        }),
      );
      const [created] = await tx
        .insert(waves)
        .values({
          senderId: viewer.id,
          receiverId: receiver.id,
          flightId: flight.id,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await tx
        .update(users)
        .set({ totalWavesSentEver: sql`${users.totalWavesSentEver} + 1` })
        .where(eq(users.id, viewer.id));
      await tx
        .update(users)
        .set({ totalWavesReceivedEver: sql`${users.totalWavesReceivedEver} + 1` })
        .where(eq(users.id, receiver.id));
      await tx
        .update(platformCounters)
        .set({
          totalWavesEverCreated: sql`${platformCounters.totalWavesEverCreated} + 1`,
          updatedAt: now,
        })
        .where(eq(platformCounters.id, 1));
      return created!;
    });
    deps.realtime.publish({
      e: 'wave',
      id: wave.id,
      status: 'pending',
      to: [wave.senderId, wave.receiverId],
    });
    return presentWave(wave, viewer.id);
  }

  /**
   * Only the receiver answers; an accepted wave is news (unread) for its sender, a declined one
   * is news to nobody: the live event of a decline reaches the receiver alone.
   */
  async function respond(
    viewer: Viewer,
    waveId: number,
    status: 'accepted' | 'rejected',
  ): Promise<Wave> {
    const now = deps.clock.now();
    const updated = await db.transaction(async (tx) => {
      const wave = await findOwn(tx, viewer, waveId, true);
      const [flight] = await tx.select().from(flights).where(eq(flights.id, wave.flightId));
      enforce(canRespondToWave(viewer, wave, flight!, now));
      // Accepting starts a chat: refused while restricted (declining stays open to them).
      if (status === 'accepted') await enforceCanStartContact(tx, viewer.id, now);
      const [row] = await tx
        .update(waves)
        // Only an acceptance touches the read flags (a declined wave is unread for nobody
        // anyway): a decline leaves every field its sender can see as it was (issue 18).
        .set({
          status,
          updatedAt: now,
          ...(status === 'accepted' && { receiverRead: true, senderRead: false }),
        })
        .where(eq(waves.id, wave.id))
        .returning();
      return row!;
    });
    deps.realtime.publish({
      e: 'wave',
      id: updated.id,
      status,
      to: status === 'accepted' ? [updated.senderId, updated.receiverId] : [updated.receiverId],
    });
    return presentWave(updated, viewer.id);
  }

  /** Reading a wave reads its messages from the other person too. */
  async function markRead(viewer: Viewer, waveId: number) {
    enforce(canMarkWavesRead(viewer));
    const wave = await findOwn(db, viewer, waveId);
    await markWavesRead(viewer.id, [wave]);
    deps.realtime.send([viewer.id], { type: 'invalidate', data: { keys: ['waves'] } });
    return { success: true, updated: 1 };
  }

  async function markAllRead(viewer: Viewer) {
    enforce(canMarkWavesRead(viewer));
    const mine = await db.select().from(waves).where(party(viewer.id));
    await markWavesRead(viewer.id, mine);
    deps.realtime.send([viewer.id], { type: 'invalidate', data: { keys: ['waves'] } });
    return { success: true, updated: mine.length };
  }

  async function markWavesRead(viewerId: number, list: WaveRow[]) {
    if (list.length === 0) return;
    const sent = list.filter((w) => w.senderId === viewerId).map((w) => w.id);
    const received = list.filter((w) => w.receiverId === viewerId).map((w) => w.id);
    await db.transaction(async (tx) => {
      if (sent.length)
        await tx.update(waves).set({ senderRead: true }).where(inArray(waves.id, sent));
      if (received.length)
        await tx.update(waves).set({ receiverRead: true }).where(inArray(waves.id, received));
      await tx
        .update(messages)
        .set({ read: true })
        .where(
          and(
            inArray(messages.waveId, [...sent, ...received]),
            ne(messages.senderId, viewerId),
            eq(messages.read, false),
          ),
        );
    });
  }

  /** Either person may delete a wave in any state; its messages go with it. */
  async function remove(viewer: Viewer, waveId: number) {
    const wave = await findOwn(db, viewer, waveId);
    enforce(canDeleteWave(viewer, wave));
    await db.delete(waves).where(eq(waves.id, wave.id));
    deps.realtime.publish({ e: 'wave_deleted', id: wave.id, to: [wave.senderId, wave.receiverId] });
    return wave;
  }

  return { list, check, send, respond, markRead, markAllRead, remove };
}

export type WavesService = ReturnType<typeof createWavesService>;
