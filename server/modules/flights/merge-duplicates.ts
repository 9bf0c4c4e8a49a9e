import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import {
  departureInstant,
  departureTimeOf,
  flightKey,
  normaliseFlightNumber,
} from '../../../domain';
import { lockKeys } from '../../db/advisory-lock';
import type { Db, Tx } from '../../db/client';
import { type FlightRow, flightCrew, flights, messages, waves } from '../../db/schema';
import { audit } from '../../lib/audit';

/**
 * One flight per flight key (issue 41). Before the key read numbers as the airline does, crew
 * who typed 'BA117', 'BA0117', 'BA 117' or 'BAW117' for the same departure made separate
 * flights and never saw each other. Run at every start, after the migrations: it merges each
 * set of live flights that share a key into the oldest of them — crew entries, waves and
 * their messages moved, nothing deleted but the emptied duplicate — with an audit entry per
 * merge, then writes every live flight's number canonical ('BA0117 (1530)' -> 'BA117 (1530)').
 * With nothing to merge or rename it is one read of the live flights' numbers.
 */
export async function mergeDuplicateFlights(
  db: Db,
  now: Date,
): Promise<{ merged: number; renamed: number }> {
  return db.transaction(async (tx) => {
    // One instance at a time: two starting together would move the same rows twice.
    await lockKeys(tx, ['flights:merge-duplicates']);
    const live = await tx.select().from(flights).where(isNull(flights.deletedAt));
    const byKey = new Map<string, FlightRow[]>();
    for (const flight of live) {
      const key = flightKey(flight);
      byKey.set(key, [...(byKey.get(key) ?? []), flight]);
    }
    let merged = 0;
    const survivors: FlightRow[] = [];
    for (const group of byKey.values()) {
      const [survivor, ...duplicates] = group.sort((a, b) => a.id - b.id);
      let kept = survivor!;
      for (const duplicate of duplicates) {
        kept = await mergeInto(tx, kept, duplicate, now);
        merged += 1;
      }
      survivors.push(kept);
    }
    let renamed = 0;
    for (const flight of survivors) {
      const canonical = normaliseFlightNumber(flight.flightNumber);
      if (canonical === flight.flightNumber) continue;
      // A deleted flight may hold the canonical identity (the unique index counts it): then the
      // live one keeps its spelling, which the key already reads as the same flight.
      const [done] = await tx
        .update(flights)
        .set({ flightNumber: canonical })
        .where(
          and(
            eq(flights.id, flight.id),
            sql`not exists (select 1 from ${flights} f where f.flight_number = ${canonical}
              and f.departure_date = ${flight.departureDate} and f.origin = ${flight.origin}
              and f.destination = ${flight.destination} and f.id <> ${flight.id})`,
          ),
        )
        .returning({ id: flights.id });
      if (done) renamed += 1;
    }
    return { merged, renamed };
  });
}

/**
 * Moves everything of `duplicate` onto `survivor` and deletes the emptied duplicate. A member
 * on both keeps the survivor's entry. Two members with a wave on each keep one conversation:
 * the accepted one if either is (they connected), else the survivor's; the other's messages
 * move into it. The survivor takes the duplicate's departure time when it has none; two
 * different times keep the survivor's, and the audit entry says so.
 */
async function mergeInto(
  tx: Tx,
  survivor: FlightRow,
  duplicate: FlightRow,
  now: Date,
): Promise<FlightRow> {
  const crewOnBoth = await tx
    .delete(flightCrew)
    .where(
      and(
        eq(flightCrew.flightId, duplicate.id),
        inArray(
          flightCrew.userId,
          tx
            .select({ userId: flightCrew.userId })
            .from(flightCrew)
            .where(eq(flightCrew.flightId, survivor.id)),
        ),
      ),
    )
    .returning({ id: flightCrew.id });
  const crewMoved = await tx
    .update(flightCrew)
    .set({ flightId: survivor.id })
    .where(eq(flightCrew.flightId, duplicate.id))
    .returning({ id: flightCrew.id });

  let wavesMoved = 0;
  let conversationsJoined = 0;
  const duplicateWaves = await tx.select().from(waves).where(eq(waves.flightId, duplicate.id));
  for (const wave of duplicateWaves) {
    const [twin] = await tx
      .select()
      .from(waves)
      .where(
        and(
          eq(waves.flightId, survivor.id),
          sql`least(${waves.senderId}, ${waves.receiverId}) = ${Math.min(wave.senderId, wave.receiverId)}`,
          sql`greatest(${waves.senderId}, ${waves.receiverId}) = ${Math.max(wave.senderId, wave.receiverId)}`,
        ),
      );
    if (!twin) {
      await tx.update(waves).set({ flightId: survivor.id }).where(eq(waves.id, wave.id));
      wavesMoved += 1;
      continue;
    }
    const keepDuplicate = wave.status === 'accepted' && twin.status !== 'accepted';
    const [keeper, other] = keepDuplicate ? [wave, twin] : [twin, wave];
    await tx.update(messages).set({ waveId: keeper.id }).where(eq(messages.waveId, other.id));
    await tx.delete(waves).where(eq(waves.id, other.id));
    if (keepDuplicate) {
      await tx.update(waves).set({ flightId: survivor.id }).where(eq(waves.id, keeper.id));
    }
    conversationsJoined += 1;
  }

  const survivorTime = departureTimeOf(survivor.flightNumber);
  const duplicateTime = departureTimeOf(duplicate.flightNumber);
  const takeTime = !survivorTime && duplicateTime !== null;
  const flightNumber = takeTime
    ? normaliseFlightNumber(survivor.flightNumber, duplicateTime)
    : survivor.flightNumber;
  // The emptied duplicate goes first: the survivor may take its very number and day (the
  // unique index would otherwise count both).
  await tx.delete(flights).where(and(eq(flights.id, duplicate.id), ne(flights.id, survivor.id)));
  // A time taken comes with its UTC day: an untimed flight holds its local date, and the key
  // (the origin's local date) put a JFK 29 Nov and a 'BA112 (0145)' 30 Nov together.
  const departureDate = takeTime ? duplicate.departureDate : survivor.departureDate;
  const [updated] = await tx
    .update(flights)
    .set({
      flightNumber,
      hasTime: survivor.hasTime || takeTime,
      departureDate,
      departureAt: takeTime
        ? departureInstant({ flightNumber, departureDate })
        : survivor.departureAt,
      duration: survivor.duration ?? duplicate.duration,
      createdBy: survivor.createdBy ?? duplicate.createdBy,
    })
    .where(eq(flights.id, survivor.id))
    .returning();
  await audit(tx, {
    action: 'flight.merged',
    target: { type: 'flight', id: survivor.id },
    detail: {
      mergedFlightId: duplicate.id,
      mergedFlightNumber: duplicate.flightNumber,
      crewMoved: crewMoved.length,
      crewAlreadyOn: crewOnBoth.length,
      wavesMoved,
      conversationsJoined,
      ...(survivorTime && duplicateTime && survivorTime !== duplicateTime
        ? { timeKept: survivorTime, timeDropped: duplicateTime }
        : {}),
    },
    at: now,
  });
  return updated!;
}
