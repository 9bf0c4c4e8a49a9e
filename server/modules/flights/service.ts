import { gzipSync } from 'node:zlib';
import { and, asc, eq, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import {
  addDays,
  airportTimeZone,
  applyLocalDepartureTime,
  type BatchFlightsRequest,
  type BatchFlightsResponse,
  type CreateFlightRequest,
  type CreateFlightResponse,
  canAddFlights,
  canDeleteFlight,
  checkDepartureHorizon,
  dateFilterDays,
  departureInstant,
  FLIGHT_NUMBER_PARTS,
  type FlightDetail,
  type FlightListItem,
  type FlightQuery,
  type FlightSearchRequest,
  type FlightStats,
  flightKey,
  inTagOrder,
  listedDifferently,
  normaliseFlightQuery,
  type UserFlight,
  utcDay,
} from '../../../domain';
import {
  flightCrew,
  flights,
  platformCounters,
  type UserRow,
  users,
  type WaveRow,
  waves,
} from '../../db/schema';
import type { AppDeps } from '../../deps';
import { airportsNamed } from '../../lib/airport-search';
import { audit } from '../../lib/audit';
import { badRequest, enforce, notFound } from '../../lib/errors';
import { isKnownIdRange } from '../../lib/ids';
import { hiddenCrewByFlight, hiddenMembersFor, withoutHidden } from '../blocks';
import { isOnlineSql } from '../users/online';
import { addFlightsBatch } from './batch';
import { presentCrewMember } from './crew-presenter';
import { defaultCrewRole, findOrCreateFlight, lockFlightKeys } from './flight-store';
import { homeListCache, homeListGzipFor, homeListPlainFor } from './home-cache';
import { homeListWrites } from './home-list-writes';
import { FLIGHT_NOT_FOUND, joinInTransaction, joinRefusal } from './membership';
import {
  type FlightAggregateRow,
  presentAggregate,
  presentFlightDetail,
  presentListItem,
  presentUserFlight,
} from './presenter';
import { selectFlightsWithCounts } from './queries';

/** The home list: today and the next 30 days (what the screen shows, not the whole table). */
export const HOME_WINDOW_DAYS = 30;
/** Searches are bounded too: a broad term over all upcoming flights returns at most this many. */
export const SEARCH_LIMIT = 500;

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * matchesFlightQuery (domain/rules/flight-search.ts) as SQL, so the LIMIT counts matches: the
 * stored number without its bracketed time and spaces, split by the domain's own pattern.
 */
function flightQuerySql(query: FlightQuery): SQL | undefined {
  const bracketedTime = String.raw`\s*\(\d{4}\)`;
  const compact = sql`upper(regexp_replace(regexp_replace(${flights.flightNumber}, ${bracketedTime}, '', 'g'), ${String.raw`\s`}, '', 'g'))`;
  const part = (n: number) =>
    sql`(regexp_match(${compact}, ${FLIGHT_NUMBER_PARTS}))[${sql.raw(String(n))}]`;
  switch (query.kind) {
    case 'all':
      return undefined;
    case 'number':
      return sql`${part(2)} like ${`${query.number}%`}`;
    case 'code': {
      const prefix = `${query.letters}%`;
      return or(
        sql`${compact} like ${prefix}`,
        sql`${flights.origin} like ${prefix}`,
        sql`${flights.destination} like ${prefix}`,
      );
    }
    case 'flight':
      return query.suffix
        ? and(
            sql`${part(1)} = ${query.airline}`,
            sql`${part(2)} = ${query.number}`,
            sql`${part(3)} = ${query.suffix}`,
          )
        : and(sql`${part(1)} = ${query.airline}`, sql`${part(2)} like ${`${query.number}%`}`);
    case 'text':
      return sql`${compact} like ${`%${likeEscape(query.text)}%`}`;
  }
}

export function createFlightService(deps: AppDeps) {
  const { db } = deps.database;
  const cache = homeListCache(deps);
  const now = () => deps.clock.now();
  const perDay = deps.config.limits.flightsPerDay;
  const writes = homeListWrites(deps);
  const patch = (flightId: number, userIds: number[] = []) =>
    writes.flightChanged(flightId, userIds);

  /** Which of these flights the viewer is on. */
  async function joinedIds(viewerId: number, flightIds: number[]) {
    const rows = await db
      .select({ flightId: flightCrew.flightId })
      .from(flightCrew)
      .where(and(eq(flightCrew.userId, viewerId), inArray(flightCrew.flightId, flightIds)));
    return new Set(rows.map((r) => r.flightId));
  }

  async function listItem(viewerId: number, flightId: number): Promise<FlightListItem> {
    const at = now();
    const [row] = await selectFlightsWithCounts(db, at, eq(flights.id, flightId));
    if (!row) throw notFound(FLIGHT_NOT_FOUND);
    const joined = await joinedIds(viewerId, [flightId]);
    return presentListItem(row as FlightAggregateRow, joined.has(flightId));
  }

  const hidden = deps.hiddenMembers;
  /**
   * Per flight, the crew hidden from the viewer by blocks (nothing for most members), for a
   * list's counts: whom blocks hide comes from the cache (no query for most requests).
   */
  async function hiddenCrewFor(viewerId: number, at: Date) {
    const members = await hidden.get(viewerId, at.getTime(), () => hiddenMembersFor(db, viewerId));
    return hiddenCrewByFlight(db, members, at);
  }

  async function homeSnapshot(at: Date) {
    const from = utcDay(at);
    const to = utcDay(addDays(at, HOME_WINDOW_DAYS));
    return cache.get({ from, to }, at.getTime(), async () => {
      const rows = await selectFlightsWithCounts(
        db,
        at,
        and(gte(flights.departureDate, from), lte(flights.departureDate, to)),
      );
      return (rows as FlightAggregateRow[]).map(presentAggregate);
    });
  }

  return {
    /**
     * GET /api/flights: the cached shared list with the viewer's isJoined, as JSON bytes to send
     * in order (views on the shared list, or one copy for a repeated read: homeListPlainFor).
     * `gzip`: one buffer, the body gzipped (from pieces compressed again only when they change).
     */
    async homeListJson(viewer: UserRow, encoding: 'gzip' | null = null): Promise<Buffer[]> {
      const at = now();
      const snapshot = await homeSnapshot(at);
      const joined =
        snapshot.offsets.size === 0
          ? new Set<number>()
          : await cache.joinedBy(viewer.id, at.getTime(), async () => {
              const rows = await db
                .select({ flightId: flightCrew.flightId })
                .from(flightCrew)
                .where(eq(flightCrew.userId, viewer.id));
              return new Set(rows.map((r) => r.flightId));
            });
      // The shared bytes count every member; a viewer with blocks gets their own counts.
      const less = snapshot.offsets.size === 0 ? new Map() : await hiddenCrewFor(viewer.id, at);
      if (snapshot.flights.some((f) => less.has(f.id))) {
        const own = Buffer.from(
          JSON.stringify(
            snapshot.flights.map((f) => ({
              ...withoutHidden(f, less),
              isJoined: joined.has(f.id),
            })),
          ),
        );
        return [encoding === 'gzip' ? gzipSync(own) : own];
      }
      return encoding === 'gzip'
        ? [homeListGzipFor(snapshot, viewer.id, joined)]
        : homeListPlainFor(snapshot, viewer.id, joined);
    },

    /** POST /api/flights/search. */
    async search(viewer: UserRow, body: FlightSearchRequest): Promise<FlightListItem[]> {
      const at = now();
      const conditions: (SQL | undefined)[] = [];
      if (body.date) conditions.push(eq(flights.departureDate, body.date));
      else if (body.dateFilterMode) {
        conditions.push(inArray(flights.departureDate, dateFilterDays(body.dateFilterMode, at)));
      } else conditions.push(gte(flights.departureDate, utcDay(at)));
      // A term also finds flights from or to the airports it names ('London', 'New York').
      const byNumber = flightQuerySql(normaliseFlightQuery(body.query));
      const places = body.query ? airportsNamed(body.query) : [];
      conditions.push(
        byNumber && places.length > 0
          ? or(byNumber, inArray(flights.origin, places), inArray(flights.destination, places))
          : byNumber,
      );
      const rows = (await selectFlightsWithCounts(
        db,
        at,
        and(...conditions),
        SEARCH_LIMIT,
      )) as FlightAggregateRow[];
      if (rows.length === 0) return [];
      const joined = await joinedIds(
        viewer.id,
        rows.map((r) => r.flight.id),
      );
      const less = await hiddenCrewFor(viewer.id, at);
      return rows.map((r) => withoutHidden(presentListItem(r, joined.has(r.flight.id)), less));
    },

    /** GET /api/flights/{id}: the flight with its crew, presented for this viewer. */
    async detail(viewer: UserRow, id: number): Promise<FlightDetail> {
      const at = now();
      if (!isKnownIdRange(id)) throw notFound(FLIGHT_NOT_FOUND);
      const [flight] = await db.select().from(flights).where(eq(flights.id, id)).limit(1);
      if (!flight || flight.deletedAt) throw notFound(FLIGHT_NOT_FOUND);

      const allCrew = await db
        .select({ entry: flightCrew, user: users, isOnline: isOnlineSql(at) })
        .from(flightCrew)
        .innerJoin(users, and(eq(users.id, flightCrew.userId), eq(users.isDeleted, false)))
        .where(eq(flightCrew.flightId, id))
        .orderBy(asc(flightCrew.id));
      // Blocked members (either way) are not on this viewer's crew list nor in its counts.
      const hidden = await hiddenMembersFor(db, viewer.id);
      const crew = allCrew.filter((c) => !hidden.has(c.user.id));

      const others = crew.map((c) => c.user.id).filter((uid) => uid !== viewer.id);
      const related =
        others.length === 0
          ? []
          : await db
              .select()
              .from(waves)
              .where(
                and(
                  or(eq(waves.flightId, id), eq(waves.status, 'accepted')),
                  or(
                    and(eq(waves.senderId, viewer.id), inArray(waves.receiverId, others)),
                    and(eq(waves.receiverId, viewer.id), inArray(waves.senderId, others)),
                  ),
                ),
              );
      const otherOf = (w: WaveRow) => (w.senderId === viewer.id ? w.receiverId : w.senderId);
      const onThisFlight = new Map<number, WaveRow>();
      const accepted = new Map<number, WaveRow>();
      for (const w of related) {
        if (w.flightId === id) onThisFlight.set(otherOf(w), w);
        if (w.status === 'accepted' && !accepted.has(otherOf(w))) accepted.set(otherOf(w), w);
      }

      const crewMembers = crew.map(({ entry, user, isOnline }) => {
        const waveHere = onThisFlight.get(user.id);
        const reveal = waveHere?.status === 'accepted' ? waveHere : (accepted.get(user.id) ?? null);
        return presentCrewMember(
          viewer,
          { entry, user, isOnline: Boolean(isOnline) },
          { waveHere, reveal },
          at,
        );
      });

      // The delete rule judges the real crew, hidden members included.
      const firstCrewUserId = allCrew[0]?.user.id ?? null;
      return presentFlightDetail(
        flight,
        {
          crewCount: crew.length,
          onlineCrewCount: crew.filter((c) => c.isOnline).length,
          tags: inTagOrder(crew.flatMap((c) => c.entry.tags)),
        },
        crewMembers,
        {
          isJoined: crew.some((c) => c.user.id === viewer.id),
          canDelete: canDeleteFlight(viewer, { firstCrewUserId, crewCount: allCrew.length }).ok,
        },
      );
    },

    /**
     * POST /api/flights: find or create the flight and put the caller on it, in one
     * transaction. 'created' tells the route to answer 201.
     */
    async addAndJoin(
      viewer: UserRow,
      request: CreateFlightRequest,
    ): Promise<{ created: boolean; flight: CreateFlightResponse }> {
      enforce(canAddFlights(viewer));
      const at = now();
      // A time on the origin's clock becomes the spec's GMT bracket and UTC day first.
      const local = applyLocalDepartureTime(request);
      enforce(local, badRequest);
      const body = { ...local.value, role: request.role };
      enforce(checkDepartureHorizon(body.departureDate, at), badRequest);
      const result = await db.transaction(async (tx) => {
        const { flight, created, differs } = await findOrCreateFlight(tx, viewer, body, at, perDay);
        const role = body.role ?? defaultCrewRole(viewer);
        const joined = await joinInTransaction(
          tx,
          viewer,
          flight,
          { role, tags: [], note: null },
          at,
        );
        // A refused join must not leave a new, empty flight behind: throwing rolls it back.
        enforce(joined, joinRefusal);
        return { flight, created, differs };
      });
      await patch(result.flight.id, [viewer.id]);
      const item = await listItem(viewer.id, result.flight.id);
      // Joined as listed at another time or to another destination: said so, in times as the
      // member reads them.
      const notice = result.differs
        ? listedDifferently(result.differs, 'entry', airportTimeZone)
        : null;
      if (!notice) return { created: result.created, flight: item };
      return { created: result.created, flight: { ...item, notice } };
    },

    /** POST /api/flights/batch (see batch.ts). */
    async batch(
      viewer: UserRow,
      rows: BatchFlightsRequest['flights'],
    ): Promise<BatchFlightsResponse> {
      enforce(canAddFlights(viewer));
      const { response, timesFilled } = await addFlightsBatch(db, viewer, rows, now(), perDay);
      const added = response.results.created + response.results.joined;
      // A time given to a flight changes it on every member's list, as an added flight does.
      if (added + timesFilled > 0) writes.manyChanged(added > 0 ? [viewer.id] : []);
      return response;
    },

    /**
     * DELETE /api/flights/{id}: admins, and the first crew member while alone on it; gone for
     * all crew. The rule is checked inside the deleting transaction, after taking the locks a
     * join takes (the identity's advisory lock, then the row), so a member joining meanwhile is
     * either counted (refused) or finds the flight gone (404), never silently erased.
     */
    async remove(viewer: UserRow, id: number): Promise<void> {
      const at = now();
      if (!isKnownIdRange(id)) throw notFound(FLIGHT_NOT_FOUND);
      await db.transaction(async (tx) => {
        const [found] = await tx.select().from(flights).where(eq(flights.id, id)).limit(1);
        if (!found || found.deletedAt) throw notFound(FLIGHT_NOT_FOUND);
        await lockFlightKeys(tx, [flightKey(found)]);
        const [locked] = await tx
          .select({ id: flights.id })
          .from(flights)
          .where(eq(flights.id, id))
          .for('update');
        if (!locked) throw notFound(FLIGHT_NOT_FOUND);
        const [row] = (await selectFlightsWithCounts(tx, at, eq(flights.id, id))) as
          | FlightAggregateRow[]
          | [];
        if (!row) throw notFound(FLIGHT_NOT_FOUND);
        enforce(canDeleteFlight(viewer, row));
        // Crew entries, waves and their messages go with it (foreign keys cascade).
        await tx.delete(flights).where(eq(flights.id, id));
        await audit(tx, {
          actorId: viewer.id,
          action: 'flight.delete',
          target: { type: 'flight', id },
          detail: {
            flightNumber: row.flight.flightNumber,
            departureDate: row.flight.departureDate,
            crewCount: row.crewCount,
          },
          at,
        });
      });
      await patch(id);
    },

    /**
     * GET /api/flights/stats: activeFlights = flights of the home window not yet departed with
     * at least one member; totalSharedFlights = every flight ever added (the platform counter).
     * Both cost the same however much history there is.
     */
    async stats(): Promise<FlightStats> {
      const at = now();
      const snapshot = await homeSnapshot(at);
      const nowMs = at.getTime();
      let activeFlights = 0;
      for (const f of snapshot.flights) {
        if (f.crewCount > 0 && departureInstant(f).getTime() >= nowMs) activeFlights += 1;
      }
      const [counter] = await db
        .select({ total: platformCounters.totalFlightsEverCreated })
        .from(platformCounters)
        .where(eq(platformCounters.id, 1));
      return { activeFlights, totalSharedFlights: counter?.total ?? 0 };
    },

    /** GET /api/user/flights: the viewer's crew entries with their flights, by departure. */
    async userFlights(viewer: UserRow): Promise<UserFlight[]> {
      const at = now();
      const mine = await db.select().from(flightCrew).where(eq(flightCrew.userId, viewer.id));
      if (mine.length === 0) return [];
      const byFlight = new Map(mine.map((e) => [e.flightId, e]));
      const rows = (await selectFlightsWithCounts(
        db,
        at,
        inArray(flights.id, [...byFlight.keys()]),
      )) as FlightAggregateRow[];
      const less = await hiddenCrewFor(viewer.id, at);
      return rows.map((row) => {
        const item = presentUserFlight(
          byFlight.get(row.flight.id)!,
          row,
          canDeleteFlight(viewer, row).ok,
        );
        return { ...item, flight: withoutHidden(item.flight, less) };
      });
    },
  };
}

export type FlightService = ReturnType<typeof createFlightService>;
