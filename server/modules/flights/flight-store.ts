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
import { type DbOrTx, runsOneTransactionAtATime } from '../../db/client';
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

/**
 * Serialises adds of one flight identity (flightKey: number without its time, origin, local
 * date), so that a time is filled once and a delete counts a concurrent join. The unique index on
 * flights.flight_key is what guarantees one live flight per key (the insert that loses to it
 * re-reads the winner: insertFlightsByKey).
 */
export async function lockFlightKeys(tx: DbOrTx, keys: string[]) {
  // None needed where one transaction runs at a time (PGlite): as lockKeys.
  if (keys.length === 0 || runsOneTransactionAtATime(tx)) return;
  const sorted = [...new Set(keys)].sort();
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(k)) from (values ${sql.join(
      sorted.map((k) => sql`(${k})`),
      sql`, `,
    )}) as v(k)`,
  );
}

/**
 * Of flights from one origin around one day, the one with this identity (flightKey): the exact
 * number to the same destination first; added with a time, one that already has a time (so it
 * is compared, never bypassed by filling an older untimed twin); else the first. After the
 * start-up merge there is at most one; the order only matters for rows written outside the app.
 */
export function matchFlight(candidates: FlightRow[], values: NewFlightValues): FlightRow | null {
  const key = flightKey(values);
  const same = candidates.filter((f) => flightKey(f) === key);
  const exact = same.find(
    (f) => f.flightNumber === values.flightNumber && f.destination === values.destination,
  );
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
  | { ok: true; flight: FlightRow; filled: boolean; differs: FlightDifference | null }
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
      // The same key by the match (the origin's local day of the time given), written with them.
      flightKey: flightKey({ ...flight, flightNumber, departureDate: values.departureDate }),
      duration: sql`coalesce(${flights.duration}, ${values.duration ?? null})`,
    })
    .where(and(eq(flights.id, flight.id), eq(flights.hasTime, false)))
    .returning();
  if (filled) return { ok: true, flight: filled, filled: true, differs: null };
  const [now] = await tx.select().from(flights).where(eq(flights.id, flight.id)).limit(1);
  if (!now) return { ok: false, reason: 'Not found' };
  return { ok: true, flight: now, filled: false, differs: differenceOf(now, values) };
}

/**
 * How the flight an add joined is listed otherwise than the add gave it: another departure time
 * (both instants), another destination (both codes), or both; null when neither. The add joins
 * it as listed, and listedDifferently words the member's notice.
 */
export type FlightDifference = {
  origin: string;
  time: { listed: Date; given: Date } | null;
  destination: { listed: string; given: string } | null;
};

export function differenceOf(flight: FlightRow, values: NewFlightValues): FlightDifference | null {
  const rule = reconcileDepartureTime(flight, values);
  const time = rule.differs
    ? { listed: departureInstant(flight), given: departureInstant(values) }
    : null;
  const given = values.destination.toUpperCase();
  const destination = flight.destination !== given ? { listed: flight.destination, given } : null;
  if (!time && !destination) return null;
  return { origin: flight.origin, time, destination };
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
    flightKey: flightKey(values),
    createdBy: viewer.id,
    createdAt: now,
  };
}

/**
 * The live flights from this origin on the UTC days a key naming this day may sit on: where a
 * flight with its key is, whatever its destination (the key has none).
 */
export function candidatesOf(
  tx: DbOrTx,
  values: Pick<NewFlightValues, 'departureDate' | 'origin'>,
) {
  return tx
    .select()
    .from(flights)
    .where(
      and(
        inArray(flights.departureDate, candidateDays(values)),
        eq(flights.origin, values.origin.toUpperCase()),
        sql`${flights.deletedAt} is null`,
      ),
    )
    .orderBy(asc(flights.id));
}

/**
 * Inserts new flights, one per key, and answers each with its row: inserted, or — when a live
 * flight already holds the key (the unique index; one written under another lock, or keyed by
 * an older instance) — that flight, re-read. `created` says which.
 */
export async function insertFlightsByKey(
  tx: DbOrTx,
  values: NewFlightValues[],
  viewer: UserRow,
  now: Date,
): Promise<{ flight: FlightRow; created: boolean }[]> {
  if (values.length === 0) return [];
  const rows = values.map((v) => newFlightRow(v, viewer, now));
  const inserted = await tx
    .insert(flights)
    .values(rows)
    .onConflictDoNothing({ target: flights.flightKey, where: sql`deleted_at is null` })
    .returning();
  const byKey = new Map(inserted.map((f) => [f.flightKey, f]));
  const lost = rows.map((r) => r.flightKey).filter((key) => !byKey.has(key));
  const held =
    lost.length === 0
      ? []
      : await tx
          .select()
          .from(flights)
          .where(and(inArray(flights.flightKey, lost), sql`${flights.deletedAt} is null`));
  const heldByKey = new Map(held.map((f) => [f.flightKey, f]));
  return rows.map((r) => {
    const mine = byKey.get(r.flightKey);
    if (mine) return { flight: mine, created: true };
    const theirs = heldByKey.get(r.flightKey);
    // Held then gone within this transaction cannot happen: the row is read in it.
    if (!theirs) throw conflict('The flight changed meanwhile: please try again');
    return { flight: theirs, created: false };
  });
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
 * lock on the key serialises concurrent adds of one flight, and the unique key index makes them
 * meet on one row whatever else raced (insertFlightsByKey). A new flight takes one of the
 * member's daily slots (429 past the cap). An existing flight without a time takes the one
 * given; with a different time or destination the add joins it as listed and `differs` says so.
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
  differs: FlightDifference | null;
}> {
  await lockFlightKeys(tx, [flightKey(values)]);
  const candidates = await candidatesOf(tx, values);
  let existing = matchFlight(candidates, values);
  if (!existing) {
    const [row] = await insertFlightsByKey(tx, [values], viewer, now);
    if (row!.created) {
      await takeDailyFlightSlots(tx, viewer, 1, perDay, now);
      await countFlightsCreated(tx, 1, now);
      return { flight: row!.flight, created: true, filled: false, differs: null };
    }
    existing = row!.flight;
  }
  const settled = await settleDepartureTime(tx, existing, values);
  if (!settled.ok) throw conflict(settled.reason);
  return {
    flight: settled.flight,
    created: false,
    filled: settled.filled,
    differs: settled.differs,
  };
}
