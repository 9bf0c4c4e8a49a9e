import { and, count, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ADMIN_SEARCH_COUNT_CAP,
  ADMIN_USERS_PAGE_SIZE,
  type AdminUserFlightsResponse,
  type AdminUsersPage,
  type adminUsersQuerySchema,
  membershipTypesForFilter,
} from '../../../domain';
import {
  cancellationRequests,
  flightCrew,
  flights,
  memberSearchText,
  users,
  waves,
} from '../../db/schema';
import type { AppDeps } from '../../deps';
import { notFound } from '../../lib/errors';
import { presentAdminUser } from './presenter';

type UsersQuery = z.output<typeof adminUsersQuerySchema>;

/** `%`, `_` and `\` typed into the search box are literal characters, not patterns. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The admin's reads of members: the spec's full list, the dashboard's paged search, and one
 * member's detail with their flights. Deleted accounts are included (they can be restored).
 */
export function createMembersService(deps: AppDeps) {
  const { db } = deps.database;

  /** Members with their open cancellation request (at most one is open: a unique index). */
  function withOpenRequest(where: SQL | undefined) {
    return db
      .select({ user: users, requestedAt: cancellationRequests.createdAt })
      .from(users)
      .leftJoin(
        cancellationRequests,
        and(eq(cancellationRequests.userId, users.id), isNull(cancellationRequests.handledAt)),
      )
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id));
  }

  async function all() {
    const rows = await withOpenRequest(undefined);
    return rows.map((r) => presentAdminUser(r.user, r.requestedAt));
  }

  /**
   * Filtering, counting and paging happen in SQL: the dashboard stays fast at 50,000 members. The page's
   * ids are found first (an index-only walk of users_created_idx, or the search index), and only those 50
   * rows are read whole and joined to their cancellation request: a deep page no longer drags 25,000 full
   * rows through the join just to skip them.
   */
  async function page(query: UsersQuery): Promise<AdminUsersPage> {
    const conditions: SQL[] = [];
    if (query.q) {
      const pattern = likePattern(query.q);
      // The first test is what the trigram index answers (one bitmap scan); it can also match across two
      // fields ('ba.com crew'), so the exact per-field test stays as the recheck on the few candidates.
      conditions.push(
        and(
          sql`${memberSearchText(users)} like lower(${pattern})`,
          or(
            ilike(users.email, pattern),
            ilike(users.name, pattern),
            ilike(users.nickname, pattern),
          ),
        )!,
      );
    }
    const types = membershipTypesForFilter(query.membership);
    if (types) conditions.push(inArray(users.membershipType, types));
    const where = conditions.length ? and(...conditions) : undefined;
    const pageIds = db
      .select({ id: users.id })
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(ADMIN_USERS_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_USERS_PAGE_SIZE);
    // A broad search ('a') can match most members; counting every match on each keystroke is
    // the slowest part of the page, and past a thousand the admin refines the search anyway.
    const counted = query.q
      ? db.select({ n: count() }).from(
          db
            .select({ one: sql`1` })
            .from(users)
            .where(where)
            .limit(ADMIN_SEARCH_COUNT_CAP + 1)
            .as('matches'),
        )
      : db.select({ n: count() }).from(users).where(where);
    const [rows, [total]] = await Promise.all([
      withOpenRequest(inArray(users.id, pageIds)),
      counted,
    ]);
    const n = total?.n ?? 0;
    return {
      users: rows.map((r) => presentAdminUser(r.user, r.requestedAt)),
      total: Math.min(n, ADMIN_SEARCH_COUNT_CAP),
      totalCapped: n > ADMIN_SEARCH_COUNT_CAP,
      page: query.page,
      pageSize: ADMIN_USERS_PAGE_SIZE,
    };
  }

  async function one(userId: number) {
    const [row] = await withOpenRequest(eq(users.id, userId));
    if (!row) throw notFound('User not found');
    return presentAdminUser(row.user, row.requestedAt);
  }

  /** The user-flights and user-details dialogs: the member, their counts and their flights. */
  async function detail(userId: number): Promise<AdminUserFlightsResponse> {
    const user = await one(userId);
    const [entries, [sent], [received]] = await Promise.all([
      db
        .select({ crew: flightCrew, flight: flights })
        .from(flightCrew)
        .innerJoin(flights, eq(flights.id, flightCrew.flightId))
        .where(and(eq(flightCrew.userId, userId), isNull(flights.deletedAt)))
        .orderBy(desc(flights.departureAt), desc(flights.id)),
      db.select({ n: count() }).from(waves).where(eq(waves.senderId, userId)),
      db.select({ n: count() }).from(waves).where(eq(waves.receiverId, userId)),
    ]);
    return {
      user,
      analytics: {
        flightCount: entries.length,
        wavesSent: sent?.n ?? 0,
        wavesReceived: received?.n ?? 0,
        loginCount: user.loginCount,
      },
      flights: entries.map(({ crew, flight }) => ({
        id: flight.id,
        flightNumber: flight.flightNumber,
        origin: flight.origin,
        destination: flight.destination,
        departureDate: flight.departureDate,
        tags: crew.tags,
        note: crew.note,
        role: crew.role,
      })),
    };
  }

  return { all, page, one, detail };
}
