import { and, desc, eq, isNull, or } from 'drizzle-orm';
import { BLOCK_FLAG_REPORT_DETAILS, type BlockedMembersResponse, canBlock } from '../../../domain';
import { lockKeys } from '../../db/advisory-lock';
import type { Tx } from '../../db/client';
import { blocks, reports, type UserRow, users, waves } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { enforce, notFound } from '../../lib/errors';
import { isKnownIdRange } from '../../lib/ids';
import { presentMember } from '../users/presenter';
import { blockFlagsFor, hasMet, isBlockedPair, lockPair } from './queries';

export const MEMBER_NOT_FOUND = 'Member not found';

type Viewer = Pick<UserRow, 'id' | 'isAdmin' | 'isDemoUser'>;

/**
 * Blocks (issue 22): a member hides another from themselves and themselves from them, at once
 * and on every instance. Their waves (and so their chats and messages) are deleted, which closes
 * any chat between them; the bus event then tells every hub to stop passing frames between the
 * two. The blocked member is told nothing: to them the other just left their lists.
 */
export function createBlocksService(deps: AppDeps) {
  const { db } = deps.database;
  const hidden = deps.hiddenMembers;

  /**
   * A member the viewer may block: one they have met (queries.ts hasMet). Anyone else answers as
   * an unknown id, so a block cannot tell whether an account exists.
   */
  async function findMetMember(viewerId: number, id: number) {
    return isKnownIdRange(id) && (await hasMet(db, viewerId, id));
  }

  /**
   * A member blocked by 3 different members within 30 days goes to the moderators' queue as a
   * report Jumpseat files itself (no reporter), once while it is open. Under a lock on the
   * blocked member, so blocks by different members at the same moment count each other and
   * file one report, on any number of instances.
   */
  async function flagIfDue(tx: Tx, targetId: number, now: Date) {
    await lockKeys(tx, [`block-flag:${targetId}`]);
    const flag = (await blockFlagsFor(tx, [targetId], now)).get(targetId);
    if (!flag?.flagged) return;
    const [open] = await tx
      .select({ id: reports.id })
      .from(reports)
      .where(
        and(
          eq(reports.reportedUserId, targetId),
          eq(reports.status, 'open'),
          isNull(reports.reporterId),
          eq(reports.details, BLOCK_FLAG_REPORT_DETAILS),
        ),
      )
      .limit(1);
    if (open) return;
    await tx.insert(reports).values({
      reporterId: null,
      reportedUserId: targetId,
      reason: 'other',
      details: BLOCK_FLAG_REPORT_DETAILS,
      createdAt: now,
    });
  }

  /** POST /api/users/{id}/block: idempotent; a second block changes nothing. */
  async function block(viewer: Viewer, targetId: number) {
    enforce(canBlock(viewer, targetId));
    if (!(await findMetMember(viewer.id, targetId))) throw notFound(MEMBER_NOT_FOUND);
    const now = deps.clock.now();
    const deleted = await db.transaction(async (tx) => {
      await lockPair(tx, viewer.id, targetId);
      await tx
        .insert(blocks)
        .values({ blockerId: viewer.id, blockedId: targetId, createdAt: now })
        .onConflictDoNothing();
      await flagIfDue(tx, targetId, now);
      return tx
        .delete(waves)
        .where(
          or(
            and(eq(waves.senderId, viewer.id), eq(waves.receiverId, targetId)),
            and(eq(waves.senderId, targetId), eq(waves.receiverId, viewer.id)),
          ),
        )
        .returning({ id: waves.id });
    });
    // Here at once; other instances when the event arrives.
    hidden.forget([viewer.id, targetId]);
    deps.realtime.publish({
      e: 'block',
      pair: [viewer.id, targetId],
      blocked: true,
      waveIds: deleted.map((w) => w.id),
    });
  }

  /**
   * DELETE /api/users/{id}/block: removes the viewer's own block only; if the other member
   * blocked them too, the two stay hidden from each other. Idempotent.
   */
  async function unblock(viewer: Viewer, targetId: number) {
    if (!isKnownIdRange(targetId)) throw notFound(MEMBER_NOT_FOUND);
    const stillBlocked = await db.transaction(async (tx) => {
      await lockPair(tx, viewer.id, targetId);
      await tx
        .delete(blocks)
        .where(and(eq(blocks.blockerId, viewer.id), eq(blocks.blockedId, targetId)));
      return isBlockedPair(tx, viewer.id, targetId);
    });
    hidden.forget([viewer.id, targetId]);
    deps.realtime.publish({
      e: 'block',
      pair: [viewer.id, targetId],
      blocked: stillBlocked,
      waveIds: [],
    });
  }

  /** GET /api/users/blocked: whom the viewer blocked (never who blocked them), newest first. */
  async function list(viewer: Viewer): Promise<BlockedMembersResponse> {
    const now = deps.clock.now();
    const rows = await db
      .select({ user: users, blockedAt: blocks.createdAt })
      .from(blocks)
      .innerJoin(users, and(eq(users.id, blocks.blockedId), eq(users.isDeleted, false)))
      .where(eq(blocks.blockerId, viewer.id))
      .orderBy(desc(blocks.createdAt), desc(blocks.id));
    return {
      blockedMembers: rows.map(({ user, blockedAt }) => ({
        // No presence for a blocked member: the block hides it both ways.
        user: presentMember(viewer, { ...user, isOnline: false }, null, now),
        blockedAt: blockedAt.toISOString(),
      })),
    };
  }

  return {
    block,
    unblock,
    list,
    /** For the moderation queue: see queries.ts blockFlagsFor. */
    blockFlagsFor: (userIds: number[]) => blockFlagsFor(db, userIds, deps.clock.now()),
  };
}

export type BlocksService = ReturnType<typeof createBlocksService>;
