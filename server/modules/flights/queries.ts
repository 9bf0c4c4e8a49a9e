import { and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Flight } from '../../../domain';
import type { Db, DbOrTx } from '../../db/client';
import { flightCrew, flights, users } from '../../db/schema';
import { isOnlineSql } from '../users/online';
import { type FlightAggregateRow, presentAggregate } from './presenter';

export type { FlightAggregateRow } from './presenter';

/**
 * A flight's crew figures, computed per flight in a LATERAL subquery: crew and online counts
 * with count(*) FILTER, the crew's tags, and the first crew member (lowest entry id) for the
 * delete rule. Members whose user is deleted are left out of every figure. Per flight it reads
 * only that flight's crew entries (index on flight_id, id), so the cost follows the flights
 * asked for, never the size of the crew table.
 */
function crewFigures(db: DbOrTx, now: Date) {
  return db
    .select({
      crewCount: sql<number>`count(*)::int`.as('crew_count'),
      onlineCrewCount: sql<number>`(count(*) filter (where ${isOnlineSql(now)}))::int`.as(
        'online_crew_count',
      ),
      tagsText: sql<string | null>`string_agg(array_to_string(${flightCrew.tags}, '|'), '|')`.as(
        'tags_text',
      ),
      firstCrewUserId: sql<number | null>`(array_agg(${users.id} order by ${flightCrew.id}))[1]`.as(
        'first_crew_user_id',
      ),
    })
    .from(flightCrew)
    .innerJoin(users, and(eq(users.id, flightCrew.userId), eq(users.isDeleted, false)))
    .where(eq(flightCrew.flightId, flights.id))
    .as('crew_figures');
}

/** Flights matching `where` (deleted ones never), with their crew figures, in departure order. */
export function selectFlightsWithCounts(
  db: DbOrTx,
  now: Date,
  where: SQL | undefined,
  limit?: number,
) {
  const figures = crewFigures(db, now);
  const query = db
    .select({
      flight: flights,
      crewCount: figures.crewCount,
      onlineCrewCount: figures.onlineCrewCount,
      tagsText: figures.tagsText,
      firstCrewUserId: figures.firstCrewUserId,
    })
    .from(flights)
    .leftJoinLateral(figures, sql`true`)
    .where(and(isNull(flights.deletedAt), where))
    .orderBy(asc(flights.departureDate), asc(flights.departureAt), asc(flights.flightNumber));
  return limit ? query.limit(limit) : query;
}

/** One flight as the lists show it, or null when it is gone (for patching the home list). */
export async function loadListFlight(db: Db, now: Date, id: number): Promise<Flight | null> {
  const [row] = (await selectFlightsWithCounts(
    db,
    now,
    eq(flights.id, id),
  )) as FlightAggregateRow[];
  return row ? presentAggregate(row) : null;
}
