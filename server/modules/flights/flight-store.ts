import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  addDays,
  departureInstant,
  flightKey,
  flightNumberWithTime,
  flightsPerDayReason,
  hasDepartureTime,
  isCrewEntryRole,
  JOIN_DEFAULT_ROLE,
  reconcileDepartureTime,
  utcDay,
} from '../../../domain';
import type { DbOrTx } from '../../db/client';
import {
  dailyFlightCounts,
  type FlightRow,
  flights,
  platformCounters,
  type UserRow,
} from '../../db/schema';
import { conflict, tooManyRequests } from '../../lib/errors';

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

/** Serialises adds of one flight identity (flightKey: number without its time, local date, route). */
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

/**
 * Of flights sharing day and route, the one with this identity: the exact number first; added
 * with a time, one that already has a time (so it is compared, never bypassed by filling an
 * older untimed twin); else the first.
 */
export function matchFlight(candidates: FlightRow[], values: NewFlightValues): FlightRow | null {
  const key = flightKey(values);
  const same = candidates.filter((f) => flightKey(f) === key);
  const exact = same.find((f) => f.flightNumber === values.flightNumber);
  if (exact) return exact;
  const timed = hasDepartureTime(values) ? same.find((f) => f.hasTime) : undefined;
  return timed ?? same[0] ?? null;
}

/**
 * Gives `flight` the departure time of `values` when it has none (reconcileDepartureTime), with
 * the UTC day of that instant (an untimed flight holds the member's local date until then). The
 * update is conditional (`has_time` still false), so two adds with different times can never
 * both set one: the loser re-reads the row and is compared with the winner's time. A time other
 * than the flight's own changes nothing: the add joins the flight as listed, and `differs` holds
 * the listed and the given departure instants for the member's notice.
 */
export async function settleDepartureTime(
  tx: DbOrTx,
  flight: FlightRow,
  values: NewFlightValues,
): Promise<
  | { ok: true; flight: FlightRow; filled: boolean; differs: TimeDifference | null }
  | { ok: false; reason: string }
> {
  const rule = reconcileDepartureTime(flight, values);
  if (rule.fill === null)
    return { ok: true, flight, filled: false, differs: differenceOf(flight, values) };
  const flightNumber = flightNumberWithTime(flight.flightNumber, rule.fill);
  const [filled] = await tx
    .update(flights)
    .set({
      flightNumber,
      hasTime: true,
      departureDate: utcDay(values.departureDate),
      departureAt: departureInstant({ flightNumber, departureDate: values.departureDate }),
      duration: sql`coalesce(${flights.duration}, ${values.duration ?? null})`,
    })
    .where(and(eq(flights.id, flight.id), eq(flights.hasTime, false)))
    .returning();
  if (filled) return { ok: true, flight: filled, filled: true, differs: null };
  const [now] = await tx.select().from(flights).where(eq(flights.id, flight.id)).limit(1);
  if (!now) return { ok: false, reason: 'Not found' };
  return { ok: true, flight: now, filled: false, differs: differenceOf(now, values) };
}

/** The listed and the given departure of one flight, when an add gave another time. */
export type TimeDifference = { listed: Date; given: Date };

export function differenceOf(flight: FlightRow, values: NewFlightValues): TimeDifference | null {
  const rule = reconcileDepartureTime(flight, values);
  if (!rule.differs) return null;
  return { listed: departureInstant(flight), given: departureInstant(values) };
}

/**
 * The UTC days on which a flight with this key may be stored: a key names the origin's local
 * date, and the UTC day of a departure (or of another time given for it) is within two days
 * of any other's.
 */
export function candidateDays(values: { departureDate: string }): string[] {
  return [-2, -1, 0, 1, 2].map((d) =>
    utcDay(addDays(`${utcDay(values.departureDate)}T00:00:00.000Z`, d)),
  );
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
 * Takes `count` of the member's new-flight slots for today (UTC), or refuses with 429 taking
 * none. One conditional upsert: concurrent callers queue on the (member, day) row and each
 * sees the count the previous one left, so the cap holds under any concurrency. Called in the
 * transaction that creates the flights, so a refusal (thrown) rolls back what it created.
 */
export async function takeDailyFlightSlots(
  tx: DbOrTx,
  viewer: Pick<UserRow, 'id'>,
  count: number,
  perDay: number,
  now: Date,
) {
  if (count === 0) return;
  const refuse = () =>
    tooManyRequests(flightsPerDayReason(perDay), new Date(`${utcDay(addDays(now, 1))}T00:00:00Z`));
  if (count > perDay) throw refuse();
  const t = dailyFlightCounts;
  const taken = await tx
    .insert(t)
    .values({ userId: viewer.id, day: utcDay(now), created: count })
    .onConflictDoUpdate({
      target: [t.userId, t.day],
      set: { created: sql`${t.created} + excluded.created` },
      setWhere: sql`${t.created} + excluded.created <= ${perDay}`,
    })
    .returning({ created: t.created });
  if (taken.length === 0) throw refuse();
}

/**
 * The flight with this identity, or a new one, inside the caller's transaction. The advisory
 * lock on the identity makes concurrent adds of one flight meet on one row. A new flight takes
 * one of the member's daily slots (429 past the cap). An existing flight without a time takes
 * the one given; with a different time the add joins it as listed and `differs` says so.
 */
export async function findOrCreateFlight(
  tx: DbOrTx,
  viewer: UserRow,
  values: NewFlightValues,
  now: Date,
  perDay: number,
): Promise<{
  flight: FlightRow;
  created: boolean;
  filled: boolean;
  differs: TimeDifference | null;
}> {
  await lockFlightKeys(tx, [flightKey(values)]);
  const candidates = await tx
    .select()
    .from(flights)
    .where(
      and(
        inArray(flights.departureDate, candidateDays(values)),
        eq(flights.origin, values.origin),
        eq(flights.destination, values.destination),
        sql`${flights.deletedAt} is null`,
      ),
    )
    .orderBy(asc(flights.id));
  const existing = matchFlight(candidates, values);
  if (existing) {
    const settled = await settleDepartureTime(tx, existing, values);
    if (!settled.ok) throw conflict(settled.reason);
    return {
      flight: settled.flight,
      created: false,
      filled: settled.filled,
      differs: settled.differs,
    };
  }
  const [flight] = await tx
    .insert(flights)
    .values(newFlightRow(values, viewer, now))
    .returning();
  await takeDailyFlightSlots(tx, viewer, 1, perDay, now);
  await countFlightsCreated(tx, 1, now);
  return { flight: flight!, created: true, filled: false, differs: null };
}
