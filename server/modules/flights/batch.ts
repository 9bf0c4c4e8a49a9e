import { eq, sql } from 'drizzle-orm';
import {
  ACCESS_REASONS,
  airportTimeZone,
  applyLocalDepartureTime,
  type BatchFlightsRequest,
  type BatchFlightsResponse,
  canJoinFlight,
  checkDepartureHorizon,
  createFlightRequestSchema,
  flightKey,
  listedDifferently,
  reconcileDepartureTime,
} from '../../../domain';
import type { Db, DbOrTx } from '../../db/client';
import { type FlightRow, flightCrew, type UserRow, users } from '../../db/schema';
import { HttpError } from '../../lib/errors';
import {
  countFlightsCreated,
  defaultCrewRole,
  differenceOf,
  type FlightDifference,
  findOrCreateFlight,
  flightLabel,
  insertFlightsByKey,
  lockFlightKeys,
  matchFlight,
  type NewFlightValues,
  newFlightRow,
  settleDepartureTime,
  takeDailyFlightSlots,
} from './flight-store';
import { listedWithMine } from './listed-flights';
import { joinInTransaction, timingOf } from './membership';

type Outcome =
  | { kind: 'created' | 'joined' }
  | { kind: 'existing'; name: string }
  | { kind: 'failed'; detail: string };

type Planned = { index: number; values: NewFlightValues; key: string; name: string };

/** A batch's outcome and whether it gave existing flights their departure time. */
export type BatchResult = { response: BatchFlightsResponse; timesFilled: number };

/**
 * POST /api/flights/batch. Every row is checked with the schema of POST /api/flights; an
 * invalid row counts as failed and never stops the others.
 *
 * Valid rows are written in one transaction with a fixed number of statements (lock the
 * identities, read the matching flights and the uploader's entries, insert the new flights,
 * insert the crew entries), so a roster costs the same few round trips whatever its length.
 * Should that transaction fail on a database error, the rows are written again one
 * transaction each, so a bad row never costs a good one.
 */
export async function addFlightsBatch(
  db: Db,
  viewer: UserRow,
  rows: BatchFlightsRequest['flights'],
  now: Date,
  perDay: number,
): Promise<BatchResult> {
  const outcomes = new Map<number, Outcome>();
  const filled = { count: 0 };
  const notices = new Map<number, string>();
  const planned: Planned[] = [];
  const seen = new Set<string>();
  for (const [index, row] of rows.entries()) {
    const parsed = createFlightRequestSchema.safeParse({
      flightNumber: row.flightNumber ?? undefined,
      departureDate: row.departureDate ?? undefined,
      origin: row.origin ?? undefined,
      destination: row.destination ?? undefined,
      duration: row.duration ?? undefined,
      localDepartureTime: row.localDepartureTime ?? undefined,
    });
    const local = parsed.success ? applyLocalDepartureTime(parsed.data) : null;
    if (!parsed.success || !local?.ok) {
      const name = row.flightNumber?.trim() || `Row ${index + 1}`;
      const reason = parsed.success
        ? local && !local.ok
          ? local.reason
          : 'Invalid flight'
        : (parsed.error.issues[0]?.message ?? 'Invalid flight');
      outcomes.set(index, { kind: 'failed', detail: `${name}: ${reason}` });
      continue;
    }
    const values = local.value;
    const key = flightKey(values);
    const name = flightLabel(values);
    const horizon = checkDepartureHorizon(values.departureDate, now);
    if (!horizon.ok) {
      outcomes.set(index, { kind: 'failed', detail: `${name}: ${horizon.reason}` });
      continue;
    }
    // The same flight twice in one upload: the second is one the uploader is already on.
    if (seen.has(key)) outcomes.set(index, { kind: 'existing', name });
    else {
      seen.add(key);
      planned.push({ index, values, key, name });
    }
  }

  const role = defaultCrewRole(viewer);
  if (planned.length > 0) {
    let written: Map<number, Outcome>;
    try {
      written = await db.transaction(async (tx) => {
        filled.count = 0;
        notices.clear();
        return writeTogether(tx, viewer, planned, role, now, perDay, filled, notices);
      });
    } catch (error) {
      if (error instanceof HttpError) throw error;
      filled.count = 0;
      notices.clear();
      written = await writeOneByOne(db, viewer, planned, role, now, perDay, filled, notices);
    }
    for (const [index, outcome] of written) outcomes.set(index, outcome);
  }

  const results = { created: 0, existing: 0, failed: 0, joined: 0 };
  const existingFlights: string[] = [];
  const errorDetails: string[] = [];
  const timeNotices: string[] = [];
  for (const [index, outcome] of [...outcomes].sort(([a], [b]) => a - b)) {
    results[outcome.kind] += 1;
    if (outcome.kind === 'existing') existingFlights.push(outcome.name);
    if (outcome.kind === 'failed') errorDetails.push(outcome.detail);
    const notice = notices.get(index);
    if (notice && outcome.kind !== 'failed') timeNotices.push(notice);
  }
  return {
    response: {
      results,
      existingFlights,
      errorDetails,
      notices: timeNotices,
      message: batchMessage(results),
    },
    timesFilled: filled.count,
  };
}

async function writeTogether(
  tx: DbOrTx,
  viewer: UserRow,
  planned: Planned[],
  role: string,
  now: Date,
  perDay: number,
  filled: { count: number },
  notices: Map<number, string>,
): Promise<Map<number, Outcome>> {
  const outcomes = new Map<number, Outcome>();
  await lockFlightKeys(
    tx,
    planned.map((p) => p.key),
  );
  const { listed: candidates, mine } = await listedWithMine(
    tx,
    viewer.id,
    planned.map((p) => p.values),
  );

  const toCreate: Planned[] = [];
  const toJoin: { planned: Planned; flight: FlightRow; created: boolean }[] = [];
  for (const p of planned) {
    let existing = matchFlight(candidates, p.values);
    // A different departure time from the flight's own joins it as listed, with a notice.
    const time = existing ? reconcileDepartureTime(existing, p.values) : null;
    const onIt = existing !== null && mine.has(existing.id);
    // Judged with the time this add gives the flight, as the flight will then have it.
    const timing = existing
      ? timingOf(time?.fill ? { ...existing, flightNumber: p.values.flightNumber } : existing)
      : timingOf(newFlightRow(p.values, viewer, now));
    const rule = canJoinFlight(viewer, timing, now, { alreadyOnFlight: onIt });
    const alreadyOn = !rule.ok && rule.reason === ACCESS_REASONS.alreadyOnFlight;
    // A member already on the flight still gives it the roster's time (a re-upload).
    if (existing && time?.fill && (rule.ok || alreadyOn)) {
      const settled = await settleDepartureTime(tx, existing, p.values);
      if (!settled.ok) {
        outcomes.set(p.index, { kind: 'failed', detail: `${p.name}: ${settled.reason}` });
        continue;
      }
      existing = settled.flight;
      if (settled.filled) filled.count += 1;
    }
    const differs = existing && (rule.ok || alreadyOn) ? differenceOf(existing, p.values) : null;
    if (differs) notices.set(p.index, noticeOf(p, differs));
    if (rule.ok && existing) toJoin.push({ planned: p, flight: existing, created: false });
    else if (rule.ok) toCreate.push(p);
    else if (alreadyOn) outcomes.set(p.index, { kind: 'existing', name: p.name });
    else outcomes.set(p.index, { kind: 'failed', detail: `${p.name}: ${rule.reason}` });
  }

  if (toCreate.length > 0) {
    const inserted = await insertFlightsByKey(
      tx,
      toCreate.map((p) => p.values),
      viewer,
      now,
    );
    toCreate.forEach((p, i) => {
      const { flight, created } = inserted[i]!;
      // Another writer held the key (the unique index): joined as listed, said so if it differs.
      const differs = created ? null : differenceOf(flight, p.values);
      if (differs) notices.set(p.index, noticeOf(p, differs));
      toJoin.push({ planned: p, flight, created });
    });
    const created = inserted.filter((r) => r.created).length;
    // All of the upload's new flights take their slots at once, or none is created (429).
    await takeDailyFlightSlots(tx, viewer, created, perDay, now);
    await countFlightsCreated(tx, created, now);
  }
  if (toJoin.length > 0) {
    const entries = await tx
      .insert(flightCrew)
      .values(
        toJoin.map(({ flight }) => ({
          flightId: flight.id,
          userId: viewer.id,
          role,
          tags: [],
          note: null,
          createdAt: now,
        })),
      )
      .onConflictDoNothing()
      .returning({ flightId: flightCrew.flightId });
    const joined = new Set(entries.map((e) => e.flightId));
    for (const { planned: p, flight, created } of toJoin) {
      // Not inserted: the uploader joined it meanwhile (the unique user-flight index).
      if (!joined.has(flight.id)) outcomes.set(p.index, { kind: 'existing', name: p.name });
      else outcomes.set(p.index, { kind: created ? 'created' : 'joined' });
    }
    if (entries.length > 0) {
      await tx
        .update(users)
        .set({ totalFlightsEver: sql`${users.totalFlightsEver} + ${entries.length}` })
        .where(eq(users.id, viewer.id));
    }
  }
  return outcomes;
}

class RowRefused extends Error {}

async function writeOneByOne(
  db: Db,
  viewer: UserRow,
  planned: Planned[],
  role: string,
  now: Date,
  perDay: number,
  filled: { count: number },
  notices: Map<number, string>,
): Promise<Map<number, Outcome>> {
  const outcomes = new Map<number, Outcome>();
  for (const p of planned) {
    try {
      const row = await db.transaction(async (tx) => {
        const found = await findOrCreateFlight(tx, viewer, p.values, now, perDay);
        const joined = await joinInTransaction(
          tx,
          viewer,
          found.flight,
          { role, tags: [], note: null },
          now,
        );
        // Already on it: the time this row gave the flight stays, as in writeTogether.
        const onIt = !joined.ok && joined.reason === ACCESS_REASONS.alreadyOnFlight;
        if (onIt && found.filled) return { ...found, onIt };
        // Throwing rolls back a flight created only for this refused row.
        if (!joined.ok) throw new RowRefused(joined.reason);
        return { ...found, onIt: false };
      });
      if (row.filled) filled.count += 1;
      if (row.differs) notices.set(p.index, noticeOf(p, row.differs));
      if (row.onIt) outcomes.set(p.index, { kind: 'existing', name: p.name });
      else outcomes.set(p.index, { kind: row.created ? 'created' : 'joined' });
    } catch (error) {
      if (error instanceof RowRefused && error.message === ACCESS_REASONS.alreadyOnFlight) {
        outcomes.set(p.index, { kind: 'existing', name: p.name });
      } else {
        // A row past the daily cap says so; database errors stay generic.
        const reason =
          error instanceof RowRefused || error instanceof HttpError
            ? error.message
            : 'Could not be saved';
        outcomes.set(p.index, { kind: 'failed', detail: `${p.name}: ${reason}` });
      }
    }
  }
  return outcomes;
}

/**
 * '<label>: Already listed departing 15:30 LHR (15:30 GMT); your roster says 16:30 LHR (…)', or
 * '<label>: Already listed to JFK; your roster says EWR' (listedDifferently).
 */
const noticeOf = (p: Planned, d: FlightDifference) =>
  `${p.name}: ${listedDifferently(d, 'roster', airportTimeZone)?.message}`;

function batchMessage(r: { created: number; existing: number; failed: number; joined: number }) {
  const added = r.created + r.joined;
  const parts = [`${added} ${added === 1 ? 'flight' : 'flights'} added`];
  if (r.existing > 0) parts.push(`${r.existing} already in your roster`);
  if (r.failed > 0) parts.push(`${r.failed} failed`);
  return parts.join(', ');
}
