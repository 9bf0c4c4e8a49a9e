import { and, eq, gte, sql } from 'drizzle-orm';
import icalGenerator from 'ical-generator';
import {
  CALENDAR_PAST_DAYS,
  CALENDAR_TOKEN,
  type CalendarFeedCreated,
  type CalendarFeedStatus,
  calendarEvent,
  canReadCalendarFeed,
  DAY_MS,
} from '../../../domain';
import { calendarFeeds, flightCrew, flights, type UserRow, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { hashToken, newToken } from '../../lib/tokens';
import { selectFlightsWithCounts } from '../flights/queries';

/** The feed's path, with the token in it: calendars cannot send a cookie. */
export const feedPath = (token: string) => `/api/calendar/${token}.ics`;

export function createCalendarService(deps: AppDeps) {
  const { db } = deps.database;
  const { publicUrl } = deps.config;

  async function status(viewer: UserRow): Promise<CalendarFeedStatus> {
    const [feed] = await db
      .select({ createdAt: calendarFeeds.createdAt })
      .from(calendarFeeds)
      .where(eq(calendarFeeds.userId, viewer.id));
    return { enabled: Boolean(feed), createdAt: feed?.createdAt.toISOString() ?? null };
  }

  /** A new address; the one before (if any) stops working in the same write. */
  async function create(viewer: UserRow): Promise<CalendarFeedCreated> {
    const now = deps.clock.now();
    const { token, hash } = newToken();
    await db
      .insert(calendarFeeds)
      .values({ userId: viewer.id, tokenHash: hash, createdAt: now })
      .onConflictDoUpdate({
        target: calendarFeeds.userId,
        set: { tokenHash: hash, createdAt: now },
      });
    const url = `${publicUrl}${feedPath(token)}`;
    return {
      enabled: true,
      createdAt: now.toISOString(),
      url,
      webcalUrl: url.replace(/^https?:/, 'webcal:'),
    };
  }

  async function revoke(viewer: UserRow): Promise<void> {
    await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, viewer.id));
  }

  /**
   * The ICS text of the feed at this token, or null (404) for an unknown, revoked or malformed
   * token and for an owner who could not sign in now (canReadCalendarFeed).
   */
  async function feed(token: string): Promise<string | null> {
    if (!CALENDAR_TOKEN.test(token)) return null;
    const now = deps.clock.now();
    const [owner] = await db
      .select({ user: users })
      .from(calendarFeeds)
      .innerJoin(users, eq(users.id, calendarFeeds.userId))
      .where(eq(calendarFeeds.tokenHash, hashToken(token)));
    if (!owner || !canReadCalendarFeed(owner.user, now)) return null;

    // The flights module's own figures, so the feed's crew count is the one every list shows.
    const rows = (
      await selectFlightsWithCounts(
        db,
        now,
        and(
          sql`exists (select 1 from ${flightCrew} fc where fc.flight_id = ${flights.id}
            and fc.user_id = ${owner.user.id})`,
          gte(flights.departureAt, new Date(now.getTime() - CALENDAR_PAST_DAYS * DAY_MS)),
        ),
      )
    ).map(({ flight, crewCount }) => ({ ...flight, crewCount: crewCount ?? 0 }));

    const host = new URL(publicUrl).host;
    const calendar = icalGenerator({
      name: 'Jumpseat flights',
      prodId: { company: 'Jumpseat', product: 'flights', language: 'EN' },
      // Calendars poll a feed; an hour keeps a roster change visible the same day.
      ttl: 60 * 60,
    });
    for (const row of rows) {
      const event = calendarEvent(row, host);
      calendar.createEvent({
        id: event.uid,
        summary: event.summary,
        description: event.description,
        location: event.location,
        allDay: event.allDay,
        start: event.start,
        end: event.end,
        stamp: now,
        url: `${publicUrl}/flight/${row.id}`,
      });
    }
    return calendar.toString();
  }

  return { status, create, revoke, feed };
}
