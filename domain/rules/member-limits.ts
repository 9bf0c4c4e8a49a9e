/**
 * Per-member limits on write routes (issue 39). Every POST/PUT/PATCH/DELETE under /api that
 * needs a signed-in member declares one of these (`config.memberLimit`); routes sharing a
 * bucket share its budget. Generous for a person, tight for a script.
 *
 * - `database`: a sliding window in the database, atomic across instances (minutes to hours).
 * - `memory`: a fixed window per instance, for per-second budgets on routes called so often
 *   (heartbeats, read marks) that a database round trip per call would cost more than the
 *   abuse it stops. Behind N instances a member gets at most N times the rate.
 * - `live`: the one 20-a-second budget shared with socket frames (`MEMBER_ACTIONS_PER_SECOND`).
 */
export type CountedLimit = {
  bucket: string;
  limit: number;
  windowMs: number;
  store: 'database' | 'memory';
};
export type MemberLimit = CountedLimit | { bucket: 'live'; store: 'live' };

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

const database = (bucket: string, limit: number, windowMs: number): CountedLimit => ({
  bucket,
  limit,
  windowMs,
  store: 'database',
});
const memory = (bucket: string, limit: number, windowMs: number): CountedLimit => ({
  bucket,
  limit,
  windowMs,
  store: 'memory',
});

export const MEMBER_LIMITS = {
  /** Profile, first-run setup, disclaimer, the admin's contact e-mail and picture. */
  profile: database('profile', 30, 10 * MINUTE),
  /** A crew entry's tags and note. */
  crewNotes: database('crew-notes', 60, 10 * MINUTE),
  /** Joining and leaving flights, one at a time (adding an existing flight joins it). */
  joinLeave: database('join-leave', 120, HOUR),
  /** Roster uploads: up to 200 rows each, with their own daily cap on new flights. */
  roster: database('roster', 30, HOUR),
  /**
   * Reading a roster for its preview (POST /api/roster/preview): changes nothing, but reading a
   * 2 MB PDF or a year's calendar costs real work, so a member gets a generous hour of tries.
   */
  rosterPreview: database('roster-preview', 60, HOUR),
  /** Flight search is a POST but changes nothing; only its rate matters. */
  search: memory('search', 30, 10 * SECOND),
  /** Sending, answering and deleting waves. */
  waves: database('waves', 120, 10 * MINUTE),
  /** Marking waves read, one or all. */
  readMarks: memory('read-marks', 30, 10 * SECOND),
  /** The online heartbeat's HTTP fallback and the unload beacon. */
  onlineStatus: memory('online-status', 20, 10 * SECOND),
  /** Messages: the budget shared with socket frames. */
  messages: { bucket: 'live', store: 'live' } as MemberLimit,
  /** Blocking and unblocking. */
  block: database('block', 30, HOUR),
  /** Saving and forgetting this device's push subscription. */
  pushSubscriptions: database('push-subscriptions', 20, HOUR),
  /** Test notifications (besides their own per-minute limit). */
  testPush: database('test-push', 20, HOUR),
  /** Account actions: PIN change, sign out everywhere, delete, cancel, convert a trial. */
  account: database('account', 20, HOUR),
  /** Reports (besides their own 10 a day). */
  reports: database('reports', 30, HOUR),
  /** Making and turning off the calendar feed address. */
  calendarFeed: database('calendar-feed', 20, HOUR),
  /** Every admin write, together: a day of approvals at a brisk pace. */
  admin: database('admin', 600, 10 * MINUTE),
} as const satisfies Record<string, MemberLimit>;

/** What a write over its member limit answers (429, with `retryAt`). */
export const TOO_MANY_WRITES = 'You are doing that too often. Please wait a moment and try again.';
