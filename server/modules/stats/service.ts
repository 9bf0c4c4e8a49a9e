import { aliasedTable, and, count, desc, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import {
  ACTIVITY_SERIES_DAYS,
  ACTIVITY_SERIES_WEEKS,
  type ActivitySeries,
  AUDIT_PAGE_SIZE,
  type AuditLogPage,
  activityScore,
  compareStatsRows,
  DAY_MS,
  effectiveSubscriptionStatus,
  fillSeries,
  matchesStatsFilter,
  type PlatformOverview,
  type StatsFilter,
  type StatsSort,
  seriesDays,
  seriesWeekStarts,
  type UserStatisticsRow,
  type WaveStatus,
} from '../../../domain';
import type { Db } from '../../db/client';
import { auditLog, flightCrew, flights, messages, users, waves } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { isOnlineSql } from '../users/online';
import { presentAuditParty, presentUserStatisticsRow } from '../users/presenter';
import { readPlatformCounters } from './platform-counters';

/** A wave that still means something: not turned down (the profile's live waves, the same). */
const LIVE_WAVE_STATUSES: WaveStatus[] = ['pending', 'accepted'];

/** A flight still ahead and not removed: as the profile analytics and the home list judge it. */
const activeFlight = (now: Date) => and(isNull(flights.deletedAt), gte(flights.departureAt, now));
/** Accounts that exist for the platform: not deleted by their owner (or awaiting purge). */
const liveAccount = eq(users.isDeleted, false);

const n = (v: unknown) => Number(v ?? 0);

export function createStatsService(deps: Pick<AppDeps, 'database' | 'clock'>) {
  const db: Db = deps.database.db;

  /** GET /api/admin/platform-overview: four aggregate queries and the counters row. */
  async function platformOverview(): Promise<PlatformOverview> {
    const now = deps.clock.now();
    const isActive = activeFlight(now);
    const [flightFigures] = await db
      .select({
        total: count(),
        active: sql<number>`count(*) filter (where ${isActive})`.mapWith(Number),
      })
      .from(flights)
      .where(isNull(flights.deletedAt));
    const [waveFigures] = await db
      .select({
        total: count(),
        live: sql<number>`count(*) filter (where ${and(
          inArray(waves.status, LIVE_WAVE_STATUSES),
          isActive,
        )})`.mapWith(Number),
      })
      .from(waves)
      .innerJoin(flights, eq(flights.id, waves.flightId));
    // Statuses grouped with "has the expiry passed", so the domain's effective status decides
    // each group without a row per member leaving the database.
    const lapsed = sql<boolean>`coalesce(${users.subscriptionExpiresAt} <= ${now}, false)`;
    const online = isOnlineSql(now);
    const groups = await db
      .select({
        status: users.subscriptionStatus,
        lapsed,
        members: count(),
        online: sql<number>`count(*) filter (where ${online})`.mapWith(Number),
      })
      .from(users)
      .where(liveAccount)
      // By position: the expression's bound `now` would otherwise be a second, unequal parameter.
      .groupBy(sql`1, 2`);
    const breakdown = { active: 0, expired: 0, cancelled: 0, pending: 0 };
    let totalUsers = 0;
    let onlineUsers = 0;
    for (const g of groups) {
      totalUsers += g.members;
      onlineUsers += g.online;
      const status = effectiveSubscriptionStatus(
        {
          membershipType: 'paid',
          subscriptionStatus: g.status,
          subscriptionExpiresAt: g.lapsed ? new Date(0) : null,
        },
        now,
      );
      if (status in breakdown) breakdown[status as keyof typeof breakdown] += g.members;
    }
    return {
      activeFlights: n(flightFigures?.active),
      totalFlights: n(flightFigures?.total),
      liveWaves: n(waveFigures?.live),
      totalWaves: n(waveFigures?.total),
      onlineUsers,
      totalUsers,
      subscriptionBreakdown: breakdown,
      counters: await readPlatformCounters(db),
    };
  }

  /**
   * GET /api/admin/user-statistics: one row per approved, live member with the profile's live
   * figures (crew entries on flights ahead; pending or accepted waves on them with a member who
   * is still here), counted in one grouped query; filter and sort are the domain's.
   */
  async function userStatistics(
    filter: StatsFilter,
    sort: StatsSort,
  ): Promise<UserStatisticsRow[]> {
    const now = deps.clock.now();
    const isActive = activeFlight(now);
    // Correlated counts per member (each an index lookup by user), in the one query.
    const flightCount = db
      .select({ n: count() })
      .from(flightCrew)
      .innerJoin(flights, eq(flights.id, flightCrew.flightId))
      .where(and(eq(flightCrew.userId, users.id), isActive));
    const other = aliasedTable(users, 'other');
    const liveWaves = (side: 'sent' | 'received') => {
      const mine = side === 'sent' ? waves.senderId : waves.receiverId;
      const theirs = side === 'sent' ? waves.receiverId : waves.senderId;
      return db
        .select({ n: count() })
        .from(waves)
        .innerJoin(flights, eq(flights.id, waves.flightId))
        .innerJoin(other, and(eq(other.id, theirs), eq(other.isDeleted, false)))
        .where(and(eq(mine, users.id), inArray(waves.status, LIVE_WAVE_STATUSES), isActive));
    };
    const rows = await db
      .select({
        id: users.id,
        name: users.name,
        nickname: users.nickname,
        email: users.email,
        role: users.role,
        membershipType: users.membershipType,
        subscriptionStatus: users.subscriptionStatus,
        subscriptionExpiresAt: users.subscriptionExpiresAt,
        lastLoginAt: users.lastLoginAt,
        createdAt: users.createdAt,
        isOnline: isOnlineSql(now),
        flightCount: sql<number>`(${flightCount})`.mapWith(Number),
        wavesSent: sql<number>`(${liveWaves('sent')})`.mapWith(Number),
        wavesReceived: sql<number>`(${liveWaves('received')})`.mapWith(Number),
      })
      .from(users)
      .where(and(liveAccount, eq(users.approvalStatus, 'approved')))
      .orderBy(users.id);
    return rows
      .map((row) =>
        presentUserStatisticsRow(row, {
          isOnline: Boolean(row.isOnline),
          subscriptionStatus: effectiveSubscriptionStatus(row, now),
          flightCount: row.flightCount,
          wavesSent: row.wavesSent,
          wavesReceived: row.wavesReceived,
          activityScore: activityScore({
            flights: row.flightCount,
            wavesSent: row.wavesSent,
            wavesReceived: row.wavesReceived,
          }),
        }),
      )
      .filter((row) => matchesStatsFilter(row, filter))
      .sort(compareStatsRows(sort));
  }

  /**
   * GET /api/admin/activity-series. Buckets are UTC days and ISO weeks (Monday); the database
   * counts per bucket, the domain lays out every period so gaps read as 0.
   */
  async function activitySeries(): Promise<ActivitySeries> {
    const now = deps.clock.now();
    const days = seriesDays(now, ACTIVITY_SERIES_DAYS);
    const weeks = seriesWeekStarts(now, ACTIVITY_SERIES_WEEKS);
    const dayFrom = new Date(`${days[0]}T00:00:00.000Z`);
    const weekFrom = new Date(`${weeks[0]}T00:00:00.000Z`);
    const end = new Date(new Date(`${days.at(-1)}T00:00:00.000Z`).getTime() + DAY_MS);

    const perDay = (column: typeof waves.createdAt | typeof messages.createdAt) =>
      sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;
    const weekOf = sql<string>`to_char(date_trunc('week', ${users.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`;

    const [signups, wavesPer, messagesPer, mix] = await Promise.all([
      db
        .select({ period: weekOf, count: count() })
        .from(users)
        .where(and(gte(users.createdAt, weekFrom), lt(users.createdAt, end)))
        .groupBy(weekOf),
      db
        .select({ period: perDay(waves.createdAt), count: count() })
        .from(waves)
        .where(and(gte(waves.createdAt, dayFrom), lt(waves.createdAt, end)))
        .groupBy(perDay(waves.createdAt)),
      db
        .select({ period: perDay(messages.createdAt), count: count() })
        .from(messages)
        .where(and(gte(messages.createdAt, dayFrom), lt(messages.createdAt, end)))
        .groupBy(perDay(messages.createdAt)),
      db
        .select({ membershipType: users.membershipType, count: count() })
        .from(users)
        .where(and(liveAccount, eq(users.approvalStatus, 'approved')))
        .groupBy(users.membershipType)
        .orderBy(users.membershipType),
    ]);
    return {
      signupsPerWeek: fillSeries(weeks, signups).map((p) => ({
        weekStart: p.period,
        count: p.count,
      })),
      wavesPerDay: fillSeries(days, wavesPer).map((p) => ({ day: p.period, count: p.count })),
      messagesPerDay: fillSeries(days, messagesPer).map((p) => ({ day: p.period, count: p.count })),
      membershipMix: mix,
    };
  }

  /**
   * GET /api/admin/audit-log: newest first, AUDIT_PAGE_SIZE a page. `userId` matches the actor
   * or the user an entry is about.
   */
  async function auditLogPage(query: {
    action?: string | undefined;
    userId?: number | undefined;
    page: number;
  }): Promise<AuditLogPage> {
    const where = and(
      query.action ? eq(auditLog.action, query.action) : undefined,
      query.userId
        ? or(
            eq(auditLog.actorId, query.userId),
            and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, query.userId)),
          )
        : undefined,
    );
    const [rows, [total], actions] = await Promise.all([
      db
        .select({ entry: auditLog, actor: { id: users.id, email: users.email, name: users.name } })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorId))
        .where(where)
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(AUDIT_PAGE_SIZE)
        .offset((query.page - 1) * AUDIT_PAGE_SIZE),
      db.select({ n: count() }).from(auditLog).where(where),
      db.selectDistinct({ action: auditLog.action }).from(auditLog).orderBy(auditLog.action),
    ]);
    return {
      entries: rows.map(({ entry, actor }) => ({
        id: entry.id,
        at: entry.createdAt.toISOString(),
        action: entry.action,
        actor: actor ? presentAuditParty(actor) : null,
        target:
          entry.targetType && entry.targetId !== null
            ? { type: entry.targetType, id: entry.targetId }
            : null,
        detail: (entry.detail as Record<string, unknown> | null) ?? null,
      })),
      total: total?.n ?? 0,
      page: query.page,
      pageSize: AUDIT_PAGE_SIZE,
      actions: actions.map((a) => a.action),
    };
  }

  return { platformOverview, userStatistics, activitySeries, auditLogPage };
}
