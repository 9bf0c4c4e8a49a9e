import { and, desc, eq, exists, gte, inArray, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { BLOCK_FLAG_WINDOW_MS, hiddenMembersOf, isFlaggedByBlocks } from '../../../domain';
import { lockKeys } from '../../db/advisory-lock';
import type { DbOrTx, Tx } from '../../db/client';
import { blocks, flightCrew, users, waves } from '../../db/schema';
import { isOnlineSql } from '../users/online';

/**
 * The block checks other modules run. A block hides the two from each other both ways, so every
 * check here asks "either way".
 */

/**
 * Serialises a block with a wave between the same two people (the same advisory lock in both
 * transactions): a wave sent while the block commits either lands first and is deleted with the
 * others, or waits and sees the block.
 */
export async function lockPair(tx: Tx, a: number, b: number) {
  await lockKeys(tx, [`block:${Math.min(a, b)}:${Math.max(a, b)}`]);
}

const between = (a: number, b: number) =>
  or(
    and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)),
    and(eq(blocks.blockerId, b), eq(blocks.blockedId, a)),
  );

export async function isBlockedPair(db: DbOrTx, a: number, b: number): Promise<boolean> {
  const [row] = await db.select({ id: blocks.id }).from(blocks).where(between(a, b)).limit(1);
  return row !== undefined;
}

const theirEntry = alias(flightCrew, 'their_entry');

/**
 * Whether `viewerId` has seen `otherId` anywhere a member can: on a flight both joined, in a wave
 * between them (which outlives a leave), or in their own earlier block of them (the block itself
 * was allowed only after such a meeting, and deletes the waves). A live, not deleted account.
 */
export async function hasMet(db: DbOrTx, viewerId: number, otherId: number): Promise<boolean> {
  const sharedFlight = db
    .select({ id: flightCrew.id })
    .from(flightCrew)
    .innerJoin(
      theirEntry,
      and(eq(theirEntry.flightId, flightCrew.flightId), eq(theirEntry.userId, otherId)),
    )
    .where(eq(flightCrew.userId, viewerId));
  const wave = db
    .select({ id: waves.id })
    .from(waves)
    .where(
      or(
        and(eq(waves.senderId, viewerId), eq(waves.receiverId, otherId)),
        and(eq(waves.senderId, otherId), eq(waves.receiverId, viewerId)),
      ),
    );
  const ownBlock = db
    .select({ id: blocks.id })
    .from(blocks)
    .where(and(eq(blocks.blockerId, viewerId), eq(blocks.blockedId, otherId)));
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, otherId),
        eq(users.isDeleted, false),
        or(exists(sharedFlight), exists(wave), exists(ownBlock)),
      ),
    );
  return row !== undefined;
}

/** Every member hidden from `viewerId`: whom they blocked and who blocked them. */
export async function hiddenMembersFor(db: DbOrTx, viewerId: number): Promise<Set<number>> {
  const rows = await db
    .select({ blockerId: blocks.blockerId, blockedId: blocks.blockedId })
    .from(blocks)
    .where(or(eq(blocks.blockerId, viewerId), eq(blocks.blockedId, viewerId)));
  return hiddenMembersOf(rows, viewerId);
}

export type HiddenCrew = { crew: number; online: number };

/**
 * Per flight, how many of the hidden members are on its crew (and online), to take out of the
 * counts a list shows the viewer. Counts follow the list's own rule: deleted users never count.
 */
export async function hiddenCrewByFlight(
  db: DbOrTx,
  hidden: ReadonlySet<number>,
  now: Date,
): Promise<Map<number, HiddenCrew>> {
  const byFlight = new Map<number, HiddenCrew>();
  if (hidden.size === 0) return byFlight;
  const rows = await db
    .select({ flightId: flightCrew.flightId, online: isOnlineSql(now) })
    .from(flightCrew)
    .innerJoin(users, and(eq(users.id, flightCrew.userId), eq(users.isDeleted, false)))
    .where(inArray(flightCrew.userId, [...hidden]));
  for (const { flightId, online } of rows) {
    const figures = byFlight.get(flightId) ?? { crew: 0, online: 0 };
    figures.crew += 1;
    if (online) figures.online += 1;
    byFlight.set(flightId, figures);
  }
  return byFlight;
}

/** A list item's counts without the hidden members. */
export function withoutHidden<T extends { id: number; crewCount: number; onlineCrewCount: number }>(
  flight: T,
  hidden: ReadonlyMap<number, HiddenCrew>,
): T {
  const less = hidden.get(flight.id);
  if (!less) return flight;
  return {
    ...flight,
    crewCount: Math.max(0, flight.crewCount - less.crew),
    onlineCrewCount: Math.max(0, flight.onlineCrewCount - less.online),
  };
}

export type BlockFlag = {
  /** isFlaggedByBlocks: blocked by BLOCK_FLAG_THRESHOLD different members within 30 days. */
  flagged: boolean;
  /** Different members who blocked them within the window. */
  recentBlockers: number;
};

/**
 * For the moderation queue (issue 22 item 4): each of these members' block flag at `now`.
 * Members nobody blocked recently are in the map too, unflagged.
 */
export async function blockFlagsFor(
  db: DbOrTx,
  userIds: number[],
  now: Date,
): Promise<Map<number, BlockFlag>> {
  const flags = new Map<number, BlockFlag>(
    userIds.map((id) => [id, { flagged: false, recentBlockers: 0 }]),
  );
  if (userIds.length === 0) return flags;
  const rows = await db
    .select({
      blockerId: blocks.blockerId,
      blockedId: blocks.blockedId,
      createdAt: blocks.createdAt,
    })
    .from(blocks)
    .where(
      and(
        inArray(blocks.blockedId, userIds),
        gte(blocks.createdAt, new Date(now.getTime() - BLOCK_FLAG_WINDOW_MS)),
      ),
    )
    .orderBy(desc(blocks.createdAt));
  for (const id of userIds) {
    const of = rows.filter((r) => r.blockedId === id);
    flags.set(id, {
      flagged: isFlaggedByBlocks(of, now),
      recentBlockers: new Set(of.filter((r) => r.createdAt <= now).map((r) => r.blockerId)).size,
    });
  }
  return flags;
}
