import { and, asc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { departureTimeOf, flightKey, reconcileDepartureTime } from '../../../domain';
import type { DbOrTx } from '../../db/client';
import { type FlightRow, flightCrew, flights } from '../../db/schema';
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
 * The live flights that could be any of these candidates — from its origin, on the UTC days a
 * key naming its day may sit on (the key has no destination, so neither has the lookup) — and
 * which of them the member is on: two reads whatever the number of candidates. The batch reads
 * with it inside its transaction, the preview outside one.
 */
export async function listedWithMine(
  db: DbOrTx,
  userId: number,
  candidates: readonly Pick<RosterCandidate, 'departureDate' | 'origin'>[],
): Promise<{ listed: FlightRow[]; mine: Set<number> }> {
  const places = [
    ...new Set(
      candidates.flatMap((c) => candidateDays(c).map((day) => `${day}|${c.origin.toUpperCase()}`)),
    ),
  ].map((place) => {
    const [day, origin] = place.split('|');
    return sql`(${day}::date, ${origin})`;
  });
  if (places.length === 0) return { listed: [], mine: new Set() };
  const listed = await db
    .select()
    .from(flights)
    .where(
      and(
        isNull(flights.deletedAt),
        sql`(${flights.departureDate}, ${flights.origin}) in (${sql.join(places, sql`, `)})`,
      ),
    )
    .orderBy(asc(flights.id));
  if (listed.length === 0) return { listed, mine: new Set() };
  const entries = await db
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
    );
  return { listed, mine: new Set(entries.map((r) => r.flightId)) };
}

/**
 * How each candidate stands against the flights already listed, by the flight key: `yours` (the
 * member is on it, whatever destination it is listed to), `listed-other-time` (listed with
 * another departure time: adding it joins as listed, with a notice; `listedTime` is that time),
 * or `new` (not listed, or listed without the member at a time adding it agrees with; listed to
 * another destination, adding it joins as listed with a notice). Two reads, whatever the
 * roster's length.
 */
export async function listedStatuses(
  db: DbOrTx,
  userId: number,
  candidates: readonly RosterCandidate[],
): Promise<
  {
    status: 'new' | 'yours' | 'listed-other-time';
    listedTime: string | null;
    listedDestination: string | null;
  }[]
> {
  if (candidates.length === 0) return [];
  const { listed, mine } = await listedWithMine(db, userId, candidates);
  return candidates.map((c) => {
    const key = flightKey(c);
    const same = listed.filter((f) => flightKey(f) === key);
    const own = same.find((f) => mine.has(f.id));
    const existing = own ?? matchFlight(same, c);
    const destination = c.destination.toUpperCase();
    const listedDestination =
      existing && existing.destination !== destination ? existing.destination : null;
    if (own) return { status: 'yours', listedTime: null, listedDestination };
    if (existing && reconcileDepartureTime(existing, c).differs) {
      return {
        status: 'listed-other-time',
        listedTime: departureTimeOf(existing.flightNumber),
        listedDestination,
      };
    }
    return { status: 'new', listedTime: null, listedDestination };
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
