import { and, asc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { departureTimeOf, flightKey, reconcileDepartureTime } from '../../../domain';
import type { DbOrTx } from '../../db/client';
import { flightCrew, flights } from '../../db/schema';
import { candidateDays, matchFlight } from './flight-store';

/**
 * A flight a roster names, as the batch would add it: the number with its GMT '(HHMM)' when the
 * roster gives a time, the UTC day of that departure (the local day without a time), the route.
 */
export type RosterCandidate = {
  flightNumber: string;
  departureDate: string;
  origin: string;
  destination: string;
};

/**
 * How each candidate stands against the flights already listed, by the flight key: `yours` (the
 * member is on it), `listed-other-time` (listed with another departure time, which adding it
 * would be refused for; `listedTime` is that time), or `new` (not listed, or listed without the
 * member at a time adding it agrees with). Two reads, whatever the roster's length.
 */
export async function listedStatuses(
  db: DbOrTx,
  userId: number,
  candidates: readonly RosterCandidate[],
): Promise<{ status: 'new' | 'yours' | 'listed-other-time'; listedTime: string | null }[]> {
  if (candidates.length === 0) return [];
  // The key names the origin's local day, which can be the UTC day either side of the stored one.
  const routes = candidates.flatMap((c) =>
    candidateDays(c).map((day) => sql`(${day}::date, ${c.origin}, ${c.destination})`),
  );
  const listed = await db
    .select()
    .from(flights)
    .where(
      and(
        isNull(flights.deletedAt),
        sql`(${flights.departureDate}, ${flights.origin}, ${flights.destination}) in (${sql.join(routes, sql`, `)})`,
      ),
    )
    .orderBy(asc(flights.id));
  const mine =
    listed.length === 0
      ? new Set<number>()
      : new Set(
          (
            await db
              .select({ flightId: flightCrew.flightId })
              .from(flightCrew)
              .where(
                and(
                  eq(flightCrew.userId, userId),
                  inArray(
                    flightCrew.flightId,
                    listed.map((f) => f.id),
                  ),
                ),
              )
          ).map((r) => r.flightId),
        );
  return candidates.map((c) => {
    const key = flightKey(c);
    const same = listed.filter((f) => flightKey(f) === key);
    if (same.some((f) => mine.has(f.id))) return { status: 'yours', listedTime: null };
    const existing = matchFlight(same, c);
    if (existing && reconcileDepartureTime(existing, c).differs) {
      return { status: 'listed-other-time', listedTime: departureTimeOf(existing.flightNumber) };
    }
    return { status: 'new', listedTime: null };
  });
}

/**
 * The member's live flights departing between two UTC instants (the roster's days, widened by a
 * day each side so that every local day is inside), for a re-import's changes.
 */
export async function memberFlightsBetween(db: DbOrTx, userId: number, from: Date, to: Date) {
  return db
    .select({ flight: flights })
    .from(flightCrew)
    .innerJoin(flights, eq(flights.id, flightCrew.flightId))
    .where(
      and(
        eq(flightCrew.userId, userId),
        isNull(flights.deletedAt),
        gte(flights.departureAt, from),
        lt(flights.departureAt, to),
      ),
    )
    .orderBy(asc(flights.departureAt), asc(flights.id))
    .then((rows) => rows.map((row) => row.flight));
}
