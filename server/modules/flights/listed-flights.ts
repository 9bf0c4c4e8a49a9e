import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  departureTimeOf,
  flightKey,
  flightNumberWithTime,
  reconcileDepartureTime,
} from '../../../domain';
import type { DbOrTx } from '../../db/client';
import { flightCrew, flights } from '../../db/schema';
import { matchFlight } from './flight-store';

/** A flight a roster names, as the member would add it (its day and time as the batch takes). */
export type RosterCandidate = {
  flightNumber: string;
  departureDate: string;
  departureTime: string | null;
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
  const routes = candidates.map(
    (c) => sql`(${c.departureDate}::date, ${c.origin}, ${c.destination})`,
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
    const values = {
      flightNumber: flightNumberWithTime(c.flightNumber, c.departureTime),
      departureDate: `${c.departureDate}T00:00:00.000Z`,
      origin: c.origin,
      destination: c.destination,
    };
    const key = flightKey(values);
    const same = listed.filter((f) => flightKey(f) === key);
    if (same.some((f) => mine.has(f.id))) return { status: 'yours', listedTime: null };
    const existing = matchFlight(same, values);
    if (existing && !reconcileDepartureTime(existing, values).ok) {
      return { status: 'listed-other-time', listedTime: departureTimeOf(existing.flightNumber) };
    }
    return { status: 'new', listedTime: null };
  });
}
