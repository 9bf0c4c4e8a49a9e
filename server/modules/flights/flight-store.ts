import { and, asc, eq, sql } from 'drizzle-orm';
import {
  departureInstant,
  flightKey,
  hasDepartureTime,
  isCrewEntryRole,
  JOIN_DEFAULT_ROLE,
  utcDay,
} from '../../../domain';
import { type FlightRow, flights, platformCounters, type UserRow } from '../../db/schema';
import type { DbOrTx } from '../crew/service';

/** The default role of a crew entry made by adding a flight: the caller's, or 'Cabin Crew'. */
export function defaultCrewRole(user: Pick<UserRow, 'role'>): string {
  return user.role && isCrewEntryRole(user.role) ? user.role : JOIN_DEFAULT_ROLE;
}

/** A flight as a person reads it in a message: 'BA117 (1530) LHR-JFK 2030-06-18'. */
export const flightLabel = (f: {
  flightNumber: string;
  origin: string;
  destination: string;
  departureDate: string;
}) => `${f.flightNumber} ${f.origin}-${f.destination} ${utcDay(f.departureDate)}`;

/** A flight to add, as createFlightRequestSchema outputs it (departureDate: ISO midnight). */
export type NewFlightValues = {
  flightNumber: string;
  origin: string;
  destination: string;
  departureDate: string;
  duration?: string | undefined;
};

/** Serialises adds of one flight identity (number without its time, day, route). */
export async function lockFlightKeys(tx: DbOrTx, keys: string[]) {
  if (keys.length === 0) return;
  const sorted = [...new Set(keys)].sort();
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(k)) from (values ${sql.join(
      sorted.map((k) => sql`(${k})`),
      sql`, `,
    )}) as v(k)`,
  );
}

/** Of flights sharing day and route, the one with this identity: the exact number first. */
export function matchFlight(candidates: FlightRow[], values: NewFlightValues): FlightRow | null {
  const key = flightKey(values);
  const same = candidates.filter((f) => flightKey(f) === key);
  return same.find((f) => f.flightNumber === values.flightNumber) ?? same[0] ?? null;
}

export function newFlightRow(values: NewFlightValues, viewer: UserRow, now: Date) {
  const timing = { flightNumber: values.flightNumber, departureDate: values.departureDate };
  return {
    flightNumber: values.flightNumber,
    origin: values.origin,
    destination: values.destination,
    departureDate: utcDay(values.departureDate),
    departureAt: departureInstant(timing),
    hasTime: hasDepartureTime(timing),
    duration: values.duration ?? null,
    createdBy: viewer.id,
    createdAt: now,
  };
}

/** The platform's running total of flights ever added (the spec's Platform counters). */
export async function countFlightsCreated(tx: DbOrTx, count: number, now: Date) {
  if (count === 0) return;
  await tx
    .insert(platformCounters)
    .values({ id: 1, totalFlightsEverCreated: count, updatedAt: now })
    .onConflictDoUpdate({
      target: platformCounters.id,
      set: {
        totalFlightsEverCreated: sql`${platformCounters.totalFlightsEverCreated} + ${count}`,
        updatedAt: now,
      },
    });
}

/**
 * The flight with this identity, or a new one, inside the caller's transaction. The advisory
 * lock on the identity makes concurrent adds of one flight meet on one row.
 */
export async function findOrCreateFlight(
  tx: DbOrTx,
  viewer: UserRow,
  values: NewFlightValues,
  now: Date,
): Promise<{ flight: FlightRow; created: boolean }> {
  await lockFlightKeys(tx, [flightKey(values)]);
  const candidates = await tx
    .select()
    .from(flights)
    .where(
      and(
        eq(flights.departureDate, utcDay(values.departureDate)),
        eq(flights.origin, values.origin),
        eq(flights.destination, values.destination),
        sql`${flights.deletedAt} is null`,
      ),
    )
    .orderBy(asc(flights.id));
  const existing = matchFlight(candidates, values);
  if (existing) return { flight: existing, created: false };
  const [flight] = await tx
    .insert(flights)
    .values(newFlightRow(values, viewer, now))
    .returning();
  await countFlightsCreated(tx, 1, now);
  return { flight: flight!, created: true };
}
