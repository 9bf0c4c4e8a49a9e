/** Limits and enumerations the spec fixes. One place, so server and web never disagree. */

export const AIRLINE_CODE = 'BA';
/**
 * Other designators crew and rosters print for the airline's own flights: its ICAO code and
 * the Shuttle's. A flight number under one of these is the same flight under AIRLINE_CODE
 * ('BAW117' is 'BA117'), as the flight key reads it (issue 41).
 */
export const AIRLINE_DESIGNATOR_ALIASES: Readonly<Record<string, string>> = {
  BAW: AIRLINE_CODE,
  SHT: AIRLINE_CODE,
};
export const CREW_EMAIL_DOMAINS = ['ba.com'] as const;

export const PIN_LENGTH = 4;
/**
 * A readable, non-secret cookie set beside the httpOnly session cookie: it tells the web app a
 * session may exist, so a first-time visitor's page never asks GET /api/auth/me for a 401.
 */
export const SIGNED_IN_HINT_COOKIE = 'jumpseat_signed_in';
/** A session older than this asks for the current PIN before changing it. */
export const PIN_REAUTH_MS = 10 * 60 * 1000;
export const ADMIN_PIN_MIN = 1000;
export const ADMIN_PIN_MAX = 9999;
export const PASSWORD_MIN = 6;

export const DAY_MS = 24 * 60 * 60 * 1000;
export const TRIAL_DAYS = 7;
export const TRIAL_WARNING_DAYS = 2;
export const EXPIRING_SOON_DAYS = 30;
export const ADMIN_EXPIRY_WARNING_DAYS = 7;
export const DELETION_GRACE_DAYS = 30;
/** The spec counts a month as 30 days for the avatar ring. */
export const MONTH_DAYS = 30;
export const RING_YELLOW_MONTHS = 10;
export const RING_PURPLE_AFTER_YEAR = 2050;
export const BADGE_LIFETIME_AFTER_YEAR = 2090;
export const LIFETIME_FROM_YEAR = 2099;

/** Profile field limits: the server's schemas and the web forms' maxLength use the same numbers. */
/** RFC 5321's longest usable address; also keeps e-mails inside index-row limits. */
export const EMAIL_MAX = 254;
/** Ids are PostgreSQL `integer` (serial) columns. */
export const ID_MAX = 2_147_483_647;
export const NAME_MAX = 100;
export const NICKNAME_MAX = 40;
export const MOBILE_MAX = 32;
export const NOTE_MAX = 150;
export const TAGS_MAX = 3;
export const MESSAGE_MAX = 2000;
export const BATCH_MAX = 200;
export const ROSTER_DATE_LOOKBACK = 3;
export const PROFILE_PICTURE_MAX_BYTES = 2 * 1024 * 1024;

export const DEFAULT_ORIGIN = 'LHR';

export const ALLOWED_TAGS = [
  'Layover Social',
  'First Time Visit',
  'Workout Buddy',
  'Quiet Flight',
  'Coffee Chat',
  'Dining Buddy',
] as const;
export type CrewTag = (typeof ALLOWED_TAGS)[number];

/** Roles offered at registration, profile setup and manual flight add. */
export const CREW_ROLES = ['IFM', 'IFL', 'Main Crew'] as const;
export type CrewRole = (typeof CREW_ROLES)[number];

/** 'Cabin Crew' is the spec's default when joining from the detail screen. */
export const JOIN_DEFAULT_ROLE = 'Cabin Crew';
export const CREW_ENTRY_ROLES = [...CREW_ROLES, JOIN_DEFAULT_ROLE] as const;
export type CrewEntryRole = (typeof CREW_ENTRY_ROLES)[number];

/** Ranks from the edit-profile page; a member's rank is the union with the crew roles. */
export const PROFILE_RANKS = [
  'IFL',
  'Cabin Crew',
  'Senior Cabin Crew',
  'Purser',
  'Captain',
  'First Officer',
  'Second Officer',
] as const;
export const RANKS = [
  'IFM',
  'IFL',
  'Main Crew',
  'Cabin Crew',
  'Senior Cabin Crew',
  'Purser',
  'Captain',
  'First Officer',
  'Second Officer',
  'Admin',
] as const;
export type Rank = (typeof RANKS)[number];

/** Roles an admin may pick when adding a user. */
export const ADMIN_ADD_ROLES = [...CREW_ROLES, 'Admin'] as const;

export const MEMBERSHIP_TYPES = [
  'trial',
  'standard',
  'regular',
  'paid',
  'tester',
  'lifetime',
] as const;
export type MembershipType = (typeof MEMBERSHIP_TYPES)[number];

export const REGISTRATION_MEMBERSHIPS = ['trial', 'monthly', 'yearly'] as const;
export type RegistrationMembership = (typeof REGISTRATION_MEMBERSHIPS)[number];
/** The plans that are paid for (the registration memberships other than the trial). */
export const PAID_PLANS = ['monthly', 'yearly'] as const;
export type PaidPlan = (typeof PAID_PLANS)[number];
/** What a checkout session is for. */
export const CHECKOUT_PURPOSES = ['registration', 'renewal', 'conversion'] as const;
export type CheckoutPurpose = (typeof CHECKOUT_PURPOSES)[number];
/** A checkout session's outcome as our webhook handler recorded it. */
export const CHECKOUT_STATUSES = ['open', 'completed', 'cancelled', 'expired', 'failed'] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];
/** The reminder before a membership ends (once per period). */
export const EXPIRY_REMINDER_DAYS = 3;
/** Cancellation requests must reach the admins this many working days before the next payment. */
export const CANCELLATION_NOTICE_WORKING_DAYS = 7;

export const SUBSCRIPTION_STATUSES = [
  'pending',
  'active',
  'expired',
  'cancelled',
  'suspended',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export const MEMBERSHIP_DURATIONS = [
  '1week',
  '2weeks',
  '1month',
  '3months',
  '6months',
  '1year',
  'lifetime',
] as const;
export type MembershipDuration = (typeof MEMBERSHIP_DURATIONS)[number];
export const DEFAULT_MEMBERSHIP_DURATION: MembershipDuration = '6months';

export const MEMBERSHIP_FILTERS = ['all', 'standard', 'trial', 'paid', 'tester'] as const;
export type MembershipFilter = (typeof MEMBERSHIP_FILTERS)[number];

export const WAVE_STATUSES = ['pending', 'accepted', 'rejected'] as const;
export type WaveStatus = (typeof WAVE_STATUSES)[number];

export const DATE_FILTER_MODES = ['today', 'tomorrow', 'both'] as const;
export type DateFilterMode = (typeof DATE_FILTER_MODES)[number];

export const FLIGHT_SORT_MODES = ['dateAndTime', 'dateAndFlight'] as const;
export type FlightSortMode = (typeof FLIGHT_SORT_MODES)[number];

export const STATS_FILTERS = ['all', 'active', 'online'] as const;
export type StatsFilter = (typeof STATS_FILTERS)[number];
export const STATS_SORTS = ['activity', 'name', 'flights', 'waves'] as const;
export type StatsSort = (typeof STATS_SORTS)[number];

export const ANONYMOUS_NAME = 'Anonymous Crew Member';
export const DEMO_DISPLAY_NAME = 'Test User';
export const IN_APP_CONTACT_NOTE = 'This crew member prefers to chat in-app';

/**
 * Per-member caps. Sockets: an 11th closes the member's oldest with the close code, which the
 * web client takes as "stop reconnecting" (it would otherwise evict another tab in turn).
 * Actions: socket frames and `POST /api/messages` share one budget a second.
 */
export const MAX_SOCKETS_PER_MEMBER = 10;
export const TOO_MANY_SOCKETS_CLOSE_CODE = 4008;
export const TOO_MANY_SOCKETS_REASON = 'Too many open connections';
export const MEMBER_ACTIONS_PER_SECOND = 20;
export const TOO_MANY_MESSAGES = 'Too many messages. Please slow down.';
/**
 * A socket that keeps sending past the budget: this many of its frames refused in a row (a
 * second's budget more) and it is closed with 1008, and its member may open no socket for the
 * cool-down (upgrade 429). Refusing a frame still costs receiving and unmasking it; a socket
 * flooding 64 KB frames held the only thread for everyone (issue 39).
 */
export const FLOODED_SOCKET_REFUSALS = MEMBER_ACTIONS_PER_SECOND;
export const FLOODED_SOCKET_CLOSE_CODE = 1008;
export const FLOODED_SOCKET_REASON = 'Too many messages';
export const FLOODED_SOCKET_COOLDOWN_MS = 10_000;
/** A signed-in member's requests refused as invalid input draw on the same per-member budget. */
export const TOO_MANY_INVALID_REQUESTS = 'Too many invalid requests. Please slow down.';
/**
 * The deepest nesting of arrays and objects a JSON body or socket frame may have. The deepest
 * real input is 3 (a roster batch: body, its flights array, one flight); 32 leaves room for any
 * future shape while keeping every scan of client data short and flat.
 */
export const JSON_DEPTH_MAX = 32;
export const TOO_DEEPLY_NESTED = 'Request is too deeply nested';

/**
 * Every action the audit trail records. A new one is added here: the server's `audit()` accepts
 * only these, and the dashboard's wording of each (a Record over this list) does not compile
 * until the new one has words too.
 */
export const AUDIT_ACTIONS = [
  'admin.bootstrap',
  'admin.reset_online',
  'auth.hard_lock',
  'auth.pin_changed',
  'auth.pin_reset',
  'flight.delete',
  'flight.merged',
  'flight_crew.remove',
  'flights.delete_past',
  'membership.cancellation_request',
  'moderation.appeal',
  'moderation.appeal_decision',
  'moderation.decision',
  'moderation.report',
  'payment.completed',
  'payment.failed',
  'payment.invoice_paid',
  'payment.subscription_status',
  'registration.paid',
  'registration.trial',
  'registration.unpaid_replaced',
  'retention.anonymise_inactive',
  'retention.prune_logs',
  'retention.purge_deleted',
  'retention.purge_unpaid',
  'user.approve',
  'user.create',
  'user.delete',
  'user.grant_admin',
  'user.reject',
  'user.remove_data',
  'user.restore',
  'user.reveal_passcode',
  'user.revoke_admin',
  'user.self_delete',
  'user.sign_out_all',
  'user.update_email',
  'user.update_passcode',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
