import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  ACCESS_REASONS,
  type CrewEntry,
  canEditCrewEntry,
  canJoinFlight,
  canRemoveCrew,
  type JoinFlightRequest,
  type LeaveFlightsResponse,
  type RuleResult,
  type UpdateCrewEntryRequest,
} from '../../../domain';
import type { DbOrTx } from '../../db/client';
import {
  type FlightCrewRow,
  type FlightRow,
  flightCrew,
  flights,
  type UserRow,
  users,
  waves,
} from '../../db/schema';
import type { AppDeps } from '../../deps';
import { audit } from '../../lib/audit';
import { badRequest, enforce, forbidden, type HttpError, notFound } from '../../lib/errors';
import { isKnownIdRange } from '../../lib/ids';
import { presentCrewEntry } from './crew-presenter';
import { homeListWrites } from './home-list-writes';

export type { DbOrTx, Tx } from '../../db/client';

export type CrewEntryInput = { role: string; tags: string[]; note: string | null };

export const FLIGHT_NOT_FOUND = 'Flight not found';
export const CREW_ENTRY_NOT_FOUND = 'Crew member not found';
export const NOT_ON_FLIGHT = 'You are not on this flight';

/** A refused join as the API answers it: 'already on this flight' is 400, other rules 403. */
export function joinRefusal(reason: string): HttpError {
  return reason === ACCESS_REASONS.alreadyOnFlight ? badRequest(reason) : forbidden(reason);
}

export const timingOf = (flight: Pick<FlightRow, 'flightNumber' | 'departureDate'>) => ({
  flightNumber: flight.flightNumber,
  departureDate: flight.departureDate,
});

export async function isOnFlight(db: DbOrTx, userId: number, flightId: number) {
  const [row] = await db
    .select({ id: flightCrew.id })
    .from(flightCrew)
    .where(and(eq(flightCrew.userId, userId), eq(flightCrew.flightId, flightId)))
    .limit(1);
  return row !== undefined;
}

/**
 * Puts `viewer` on `flight` inside the caller's transaction, after canJoinFlight. The unique
 * (user, flight) index settles a race between two joins: the loser is 'already on this flight'.
 */
export async function joinInTransaction(
  tx: DbOrTx,
  viewer: UserRow,
  flight: FlightRow,
  input: CrewEntryInput,
  now: Date,
): Promise<{ ok: true; entry: FlightCrewRow } | { ok: false; reason: string }> {
  const alreadyOnFlight = await isOnFlight(tx, viewer.id, flight.id);
  const rule: RuleResult = canJoinFlight(viewer, timingOf(flight), now, { alreadyOnFlight });
  if (!rule.ok) return rule;
  const [entry] = await tx
    .insert(flightCrew)
    .values({
      flightId: flight.id,
      userId: viewer.id,
      role: input.role,
      tags: input.tags,
      note: input.note,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!entry) return { ok: false, reason: ACCESS_REASONS.alreadyOnFlight };
  await tx
    .update(users)
    .set({ totalFlightsEver: sql`${users.totalFlightsEver} + 1` })
    .where(eq(users.id, viewer.id));
  return { ok: true, entry };
}

/**
 * The flight to join, share-locked for the caller's transaction: a delete (which locks the row
 * for update) waits for this join and then counts its entry, or has already removed the row
 * and the join finds no flight.
 */
async function findFlightToJoin(tx: DbOrTx, id: number): Promise<FlightRow | null> {
  if (!isKnownIdRange(id)) return null;
  const [flight] = await tx
    .select()
    .from(flights)
    .where(eq(flights.id, id))
    .limit(1)
    .for('key share');
  return flight && !flight.deletedAt ? flight : null;
}

async function findEntry(db: DbOrTx, id: number) {
  if (!isKnownIdRange(id)) return null;
  const [row] = await db
    .select({ entry: flightCrew, flight: flights })
    .from(flightCrew)
    .innerJoin(flights, eq(flights.id, flightCrew.flightId))
    .where(eq(flightCrew.id, id))
    .limit(1);
  return row && !row.flight.deletedAt ? row : null;
}

/**
 * A member who leaves a flight takes their unanswered waves there with them: nobody should wave
 * at, or be waved at by, someone no longer on the flight. Accepted waves stay, and their chat
 * with them, until departure as always.
 */
async function withdrawPendingWaves(tx: DbOrTx, userId: number, flightIds: number[]) {
  if (flightIds.length === 0) return [];
  return tx
    .delete(waves)
    .where(
      and(
        inArray(waves.flightId, flightIds),
        eq(waves.status, 'pending'),
        or(eq(waves.senderId, userId), eq(waves.receiverId, userId)),
      ),
    )
    .returning({ id: waves.id, senderId: waves.senderId, receiverId: waves.receiverId });
}

export function createCrewService(deps: AppDeps) {
  const { db } = deps.database;
  const writes = homeListWrites(deps);
  const patch = (flightId: number, userIds: number[] = []) =>
    writes.flightChanged(flightId, userIds);
  const announceWithdrawn = (withdrawn: { id: number; senderId: number; receiverId: number }[]) => {
    for (const wave of withdrawn) {
      deps.realtime.publish({
        e: 'wave_deleted',
        id: wave.id,
        to: [wave.senderId, wave.receiverId],
      });
    }
  };

  return {
    /** POST /api/flight-crew. */
    async join(viewer: UserRow, body: JoinFlightRequest): Promise<CrewEntry> {
      const now = deps.clock.now();
      const result = await db.transaction(async (tx) => {
        const flight = await findFlightToJoin(tx, body.flightId);
        if (!flight) throw notFound(FLIGHT_NOT_FOUND);
        return joinInTransaction(
          tx,
          viewer,
          flight,
          { role: body.role, tags: body.tags, note: body.note ?? null },
          now,
        );
      });
      enforce(result, joinRefusal);
      await patch(body.flightId, [viewer.id]);
      return presentCrewEntry(result.entry);
    },

    /** PATCH /api/flight-crew/{id}: the member's own tags and note. */
    async update(viewer: UserRow, id: number, body: UpdateCrewEntryRequest): Promise<CrewEntry> {
      const found = await findEntry(db, id);
      if (!found) throw notFound(CREW_ENTRY_NOT_FOUND);
      enforce(canEditCrewEntry(viewer, found.entry));
      const [entry] = await db
        .update(flightCrew)
        .set({
          ...(body.tags !== undefined && { tags: body.tags }),
          ...(body.note !== undefined && { note: body.note }),
        })
        .where(eq(flightCrew.id, id))
        .returning();
      if (!entry) throw notFound(CREW_ENTRY_NOT_FOUND);
      await patch(entry.flightId);
      return presentCrewEntry(entry);
    },

    /** DELETE /api/flight-crew/{id}: an admin removes anyone; a member leaves. */
    async remove(viewer: UserRow, id: number): Promise<void> {
      const now = deps.clock.now();
      const found = await findEntry(db, id);
      if (!found) throw notFound(CREW_ENTRY_NOT_FOUND);
      enforce(canRemoveCrew(viewer, timingOf(found.flight), now, found.entry));
      const withdrawn = await db.transaction(async (tx) => {
        await tx.delete(flightCrew).where(eq(flightCrew.id, id));
        if (found.entry.userId !== viewer.id) {
          await audit(tx, {
            actorId: viewer.id,
            action: 'flight_crew.remove',
            target: { type: 'flight_crew', id },
            detail: { flightId: found.flight.id, userId: found.entry.userId },
            at: now,
          });
        }
        return withdrawPendingWaves(tx, found.entry.userId, [found.flight.id]);
      });
      announceWithdrawn(withdrawn);
      await patch(found.flight.id, [found.entry.userId]);
    },

    /**
     * POST /api/flight-crew/leave: the viewer leaves each of these flights they are on and that
     * has not departed (canRemoveCrew, as one leave), in one transaction; the others are refused
     * one by one with their reason.
     */
    async leaveMany(viewer: UserRow, flightIds: number[]): Promise<LeaveFlightsResponse> {
      const now = deps.clock.now();
      const ids = [...new Set(flightIds)];
      const outcome = await db.transaction(async (tx) => {
        const rows = await tx
          .select({ entry: flightCrew, flight: flights })
          .from(flightCrew)
          .innerJoin(flights, eq(flights.id, flightCrew.flightId))
          .where(
            and(
              eq(flightCrew.userId, viewer.id),
              inArray(flightCrew.flightId, ids),
              isNull(flights.deletedAt),
            ),
          )
          .for('update', { of: flightCrew });
        const byFlight = new Map(rows.map((row) => [row.flight.id, row]));
        const leaving: number[] = [];
        const refused: LeaveFlightsResponse['refused'] = [];
        for (const flightId of ids) {
          const row = byFlight.get(flightId);
          const rule: RuleResult = row
            ? canRemoveCrew(viewer, timingOf(row.flight), now, row.entry)
            : { ok: false, reason: NOT_ON_FLIGHT };
          if (rule.ok) leaving.push(flightId);
          else refused.push({ flightId, message: rule.reason });
        }
        if (leaving.length > 0) {
          await tx
            .delete(flightCrew)
            .where(and(eq(flightCrew.userId, viewer.id), inArray(flightCrew.flightId, leaving)));
        }
        const withdrawn = await withdrawPendingWaves(tx, viewer.id, leaving);
        return { leaving, refused, withdrawn };
      });
      announceWithdrawn(outcome.withdrawn);
      for (const flightId of outcome.leaving) await patch(flightId, [viewer.id]);
      return {
        left: outcome.leaving,
        refused: outcome.refused,
        wavesWithdrawn: outcome.withdrawn.length,
      };
    },
  };
}

export type CrewService = ReturnType<typeof createCrewService>;
