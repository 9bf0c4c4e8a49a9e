import { type MembershipUser, membershipStanding } from './membership';
import { canSignInModerated, type ModerationStanding } from './moderation';
import { flightNumberBase, hasDepartureTime } from './time';

/**
 * The calendar feed (issue 41 item 6): a private, revocable address that phone calendars
 * subscribe to, listing the member's own flights. It names no other crew member: a flight
 * shows how many crew are on it, never who.
 */

/** A feed token: 32 random bytes, base64url (43 characters). */
export const CALENDAR_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** How many days back a feed still lists a flight (calendars keep what they already have). */
export const CALENDAR_PAST_DAYS = 30;

export type CalendarOwner = MembershipUser &
  ModerationStanding & {
    isDeleted: boolean;
    approvalStatus: string;
    isAdmin: boolean;
    isDemoUser: boolean;
    subscriptionStatus: string;
  };

/**
 * Whether the feed answers for this owner now: what lets them sign in lets their calendar read
 * their flights. Deleted, unapproved, banned or suspended members, and memberships that ran
 * out, get the same answer as an unknown address (404), so a feed says nothing about why.
 */
export function canReadCalendarFeed(owner: CalendarOwner, now: Date): boolean {
  if (owner.isDeleted || owner.approvalStatus !== 'approved') return false;
  if (!canSignInModerated(owner, now).ok) return false;
  return membershipStanding(owner, now).active;
}

export type CalendarFlight = {
  id: number;
  flightNumber: string;
  origin: string;
  destination: string;
  /** 'YYYY-MM-DD', the UTC day. */
  departureDate: string;
  departureAt: Date;
  /** '8h 30m' when known. */
  duration: string | null;
  crewCount: number;
};

export type CalendarEvent = {
  uid: string;
  summary: string;
  description: string;
  location: string;
  allDay: boolean;
  start: Date;
  end: Date;
};

const DURATION = /^(\d{1,2})h\s*(\d{1,2})m$/;

/** '8h 30m' -> minutes; null for anything else. */
function durationMinutes(duration: string | null): number | null {
  const match = duration ? DURATION.exec(duration.trim()) : null;
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/**
 * One flight as a calendar event: from departure to arrival when the duration is known (else
 * one hour), or an all-day event on its day when it has no time. The description says when the
 * chat closes and how many crew are on board — never who.
 */
export function calendarEvent(flight: CalendarFlight, host: string): CalendarEvent {
  const number = flightNumberBase(flight.flightNumber);
  const timed = hasDepartureTime(flight);
  const minutes = durationMinutes(flight.duration) ?? 60;
  const start = timed ? flight.departureAt : new Date(`${flight.departureDate}T00:00:00.000Z`);
  const end = timed
    ? new Date(start.getTime() + minutes * 60_000)
    : new Date(start.getTime() + 24 * 60 * 60_000);
  const crew = `${flight.crewCount} crew on this flight in Jumpseat`;
  return {
    uid: `flight-${flight.id}@${host}`,
    summary: `${number} ${flight.origin}–${flight.destination}`,
    description: timed ? `Chat closes at departure. ${crew}.` : `${crew}.`,
    location: `${flight.origin} → ${flight.destination}`,
    allDay: !timed,
    start,
    end,
  };
}
