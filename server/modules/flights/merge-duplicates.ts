import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import {
  departureInstant,
  departureTimeOf,
  flightKey,
  normaliseFlightNumber,
} from '../../../domain';
import { lockKeys } from '../../db/advisory-lock';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { appMeta, type FlightRow, flightCrew, flights, messages, waves } from '../../db/schema';
import { audit } from '../../lib/audit';
import { FLIGHT_KEY_META, flightKeyVersion } from './flight-key-version';

export type MergeResult = { merged: number; renamed: number; rekeyed: number };

/**
 * Whether the stored keys are current: computed with `version` (the rule and its data) and none
 * missing. One read: the meta row, and an index probe for a live flight without a key.
 */
async function keysCurrent(db: DbOrTx, version: string): Promise<boolean> {
  const [state] = await db
    .select({
      version: appMeta.value,
      missing: sql<boolean>`exists (select 1 from ${flights}
        where ${flights.flightKey} is null and ${flights.deletedAt} is null)`,
    })
    .from(appMeta)
    .where(eq(appMeta.name, FLIGHT_KEY_META));
  return state !== undefined && state.version === version && !state.missing;
}

/**
 * One flight per flight key (issue 41), and every live flight's key stored. Before the key read
 * numbers as the airline does, crew who typed 'BA117', 'BA0117', 'BA 117' or 'BAW117' for the
 * same departure made separate flights and never saw each other; before it left the destination
 * out, 'BA117 LHR-JFK' and 'BA117 LHR-EWR' on one day were two. Run at every start, after the
 * migrations.
 *
 * When the stored keys are current (recorded with this `version` of the rule and its data, and
 * no live flight without one) it is one read and nothing else. Otherwise — the first start after
 * migration 0018, a new key rule, a regenerated airport zone table, a row written outside the
 * app — it merges each set of live flights that share a key into the oldest of them (crew
 * entries, waves and their messages moved, nothing deleted but the emptied duplicate, an audit
 * entry per merge), writes every live flight's number canonical ('BA0117 (1530)' -> 'BA117
 * (1530)') and its key, and records the version.
 */
export async function mergeDuplicateFlights(
  db: Db,
  now: Date,
  version: string = flightKeyVersion(),
): Promise<MergeResult> {
  const none = { merged: 0, renamed: 0, rekeyed: 0 };
  if (await keysCurrent(db, version)) return none;
  return db.transaction(async (tx) => {
    // One instance at a time: two starting together would move the same rows twice.
    await lockKeys(tx, ['flights:merge-duplicates']);
    // The other instance may have done it while this one waited.
    if (await keysCurrent(tx, version)) return none;
    const live = await tx.select().from(flights).where(isNull(flights.deletedAt));
    const byKey = new Map<string, FlightRow[]>();
    for (const flight of live) {
      const key = flightKey(flight);
      byKey.set(key, [...(byKey.get(key) ?? []), flight]);
    }
    let merged = 0;
    const survivors: { key: string; flight: FlightRow }[] = [];
    for (const [key, group] of byKey) {
      const [survivor, ...duplicates] = group.sort((a, b) => a.id - b.id);
      let kept = survivor!;
      for (const duplicate of duplicates) {
        kept = await mergeInto(tx, kept, duplicate, now);
        merged += 1;
      }
      survivors.push({ key, flight: kept });
    }
    let renamed = 0;
    for (const { flight } of survivors) {
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
    const rekeyed = await storeKeys(
      tx,
      survivors.filter(({ key, flight }) => flight.flightKey !== key),
    );
    await tx
      .insert(appMeta)
      .values({ name: FLIGHT_KEY_META, value: version, updatedAt: now })
      .onConflictDoUpdate({ target: appMeta.name, set: { value: version, updatedAt: now } });
    return { merged, renamed, rekeyed };
  });
}

/**
 * Writes each flight's key. The changed keys are cleared first, then set, so that two flights
 * swapping keys (a regenerated zone table can do that) never meet on the unique index midway.
 * A few statements per thousand flights, however many change.
 */
async function storeKeys(tx: Tx, changed: { key: string; flight: FlightRow }[]) {
  const CHUNK = 1000;
  for (let i = 0; i < changed.length; i += CHUNK) {
    const ids = changed.slice(i, i + CHUNK).map(({ flight }) => flight.id);
    await tx.update(flights).set({ flightKey: null }).where(inArray(flights.id, ids));
  }
  for (let i = 0; i < changed.length; i += CHUNK) {
    const rows = changed
      .slice(i, i + CHUNK)
      .map(({ key, flight }) => sql`(${flight.id}::integer, ${key}::text)`);
    await tx.execute(
      sql`update ${flights} set flight_key = v.key from (values ${sql.join(rows, sql`, `)})
        as v(id, key) where ${flights.id} = v.id`,
    );
  }
  return changed.length;
}

/**
 * Moves everything of `duplicate` onto `survivor` and deletes the emptied duplicate. A member
 * on both keeps the survivor's entry. Two members with a wave on each keep one conversation:
 * the accepted one if either is (they connected), else the survivor's; the other's messages
 * move into it. The survivor takes the duplicate's departure time when it has none; two
 * different times keep the survivor's, and the audit entry says so, as it does for two
 * destinations (the survivor's is kept).
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
      // The key has no destination: a flight listed to another one joins, and keeps its own.
      ...(survivor.destination !== duplicate.destination
        ? { destinationKept: survivor.destination, destinationDropped: duplicate.destination }
        : {}),
    },
    at: now,
  });
  return updated!;
}
