import { and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { ALLOWED_TAGS, departureDateIso, type Flight, type FlightListItem } from '../../../domain';
import type { Db, DbOrTx } from '../../db/client';
import { type FlightRow, flightCrew, flights, users } from '../../db/schema';
import { isOnlineSql } from '../users/online';

/** Postgres `integer` ids: anything beyond is an unknown id (404), never a driver error (500). */
export const INT4_MAX = 2_147_483_647;
export const isKnownIdRange = (id: number) => Number.isSafeInteger(id) && id > 0 && id <= INT4_MAX;

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

export type FlightAggregateRow = {
  flight: FlightRow;
  crewCount: number;
  onlineCrewCount: number;
  tagsText: string | null;
  firstCrewUserId: number | null;
};

const tagOrder = new Map<string, number>(ALLOWED_TAGS.map((tag, i) => [tag, i]));

/** The crew's tags on a flight, once each, in the spec's order. */
export function flightTags(tagsText: string | null): string[] {
  if (!tagsText) return [];
  const unique = new Set(tagsText.split('|').filter(Boolean));
  return [...unique].sort((a, b) => (tagOrder.get(a) ?? 99) - (tagOrder.get(b) ?? 99));
}

/** A flight as every list and detail returns it (the spec's Flight). */
export function presentFlight(
  row: FlightRow,
  counts: { crewCount: number; onlineCrewCount: number; tags: string[] },
): Flight {
  return {
    id: row.id,
    flightNumber: row.flightNumber,
    origin: row.origin,
    destination: row.destination,
    departureDate: departureDateIso(row.departureDate),
    duration: row.duration,
    createdAt: row.createdAt.toISOString(),
    crewCount: counts.crewCount,
    onlineCrewCount: counts.onlineCrewCount,
    tags: counts.tags,
  };
}

export function presentAggregate(row: FlightAggregateRow): Flight {
  return presentFlight(row.flight, {
    crewCount: row.crewCount,
    onlineCrewCount: row.onlineCrewCount,
    tags: flightTags(row.tagsText),
  });
}

export function presentListItem(row: FlightAggregateRow, joined: boolean): FlightListItem {
  return { ...presentAggregate(row), isJoined: joined };
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
