import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  ApprovalStatus,
  CheckoutPurpose,
  CheckoutStatus,
  MembershipType,
  ModerationAction,
  PaidPlan,
  ReportReason,
  SubscriptionStatus,
  WaveStatus,
} from '../../domain';

/**
 * Enumerations are stored as text (no migration needed to add a value) and typed with $type, so
 * a row read back is already the domain's union and no cast is needed anywhere.
 */
/** Where a queued mail stands: waiting (or retrying), delivered, or given up on. */
export type MailStatus = 'pending' | 'sent' | 'failed';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Members, admins and demo users (accounts spec §3). Nickname has no default on purpose. */
/**
 * What the admin's member search looks in: e-mail, name and nickname, lowered and joined by spaces. The
 * trigram index and the query (server/modules/admin/members-service.ts) must use this same expression.
 */
export const memberSearchText = (t: {
  email: AnyPgColumn;
  name: AnyPgColumn;
  nickname: AnyPgColumn;
}) =>
  sql`lower(${t.email} || ' ' || coalesce(${t.name}, '') || ' ' || coalesce(${t.nickname}, ''))`;

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name'),
    nickname: text('nickname'),
    role: text('role'),
    yearsFlying: integer('years_flying'),
    mobileNumber: text('mobile_number'),
    contactEmail: text('contact_email'),
    paymentEmail: text('payment_email'),
    profilePictureUrl: text('profile_picture_url'),
    /** AES-256-GCM under APP_SECRET; the PIN is never stored in plain text. */
    passcodeEncrypted: text('passcode_encrypted'),
    passwordHash: text('password_hash'),
    verified: boolean('verified').notNull().default(false),
    isAdmin: boolean('is_admin').notNull().default(false),
    isOnline: boolean('is_online').notNull().default(false),
    lastHeartbeatAt: ts('last_heartbeat_at'),
    isDemoUser: boolean('is_demo_user').notNull().default(false),
    isDeleted: boolean('is_deleted').notNull().default(false),
    deletionScheduledAt: ts('deletion_scheduled_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastActive: ts('last_active'),
    lastLoginAt: ts('last_login_at'),
    loginCount: integer('login_count').notNull().default(0),
    membershipType: text('membership_type').$type<MembershipType>().notNull().default('trial'),
    subscriptionId: text('subscription_id'),
    subscriptionStatus: text('subscription_status')
      .$type<SubscriptionStatus>()
      .notNull()
      .default('pending'),
    subscriptionExpiresAt: ts('subscription_expires_at'),
    trialStartedAt: ts('trial_started_at'),
    trialExpiresAt: ts('trial_expires_at'),
    approvalStatus: text('approval_status').$type<ApprovalStatus>().notNull().default('pending'),
    approvedBy: integer('approved_by'),
    approvedAt: ts('approved_at'),
    rejectionReason: text('rejection_reason'),
    disclaimerAcceptedAt: ts('disclaimer_accepted_at'),
    /** When the member saved or skipped /profile-setup: after that sign-in no longer leads there. */
    profileSetupDoneAt: ts('profile_setup_done_at'),
    showNameAfterMatch: boolean('show_name_after_match').notNull().default(true),
    shareContactInfo: boolean('share_contact_info').notNull().default(false),
    flightNotifications: boolean('flight_notifications').notNull().default(true),
    emailNotifications: boolean('email_notifications').notNull().default(true),
    smsNotifications: boolean('sms_notifications').notNull().default(true),
    telegramNotifications: boolean('telegram_notifications').notNull().default(true),
    pushNotifications: boolean('push_notifications').notNull().default(true),
    totalFlightsEver: integer('total_flights_ever').notNull().default(0),
    totalWavesSentEver: integer('total_waves_sent_ever').notNull().default(0),
    totalWavesReceivedEver: integer('total_waves_received_ever').notNull().default(0),
    /** Moderation (issue 22): no waves or new chats until then. */
    restrictedUntil: ts('restricted_until'),
    /** Moderation: sign-in refused until then (sessions ended when it was decided). */
    suspendedUntil: ts('suspended_until'),
    /** Moderation: banned for good (until an appeal overturns it). */
    bannedAt: ts('banned_at'),
  },
  (t) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    index('users_approval_status_idx').on(t.approvalStatus),
    // The admin member table at 50,000 members: its newest-first pages (read backwards), its membership filter,
    // and its search ('%q%' in e-mail, name or nickname) through ONE trigram index (pg_trgm) over the three
    // lowered and joined: an OR of three indexed ILIKEs made PGlite scan the whole table (650 ms at 50,000),
    // one expression is one bitmap scan (members-service.ts searches with exactly this expression).
    index('users_created_idx').on(t.createdAt, t.id),
    index('users_membership_type_idx').on(t.membershipType),
    // fastupdate off: PGlite has no autovacuum, so a GIN pending list of new members would never be merged and
    // every search would scan it (50 ms at 50,000 seeded members); members join slowly, inserts barely notice.
    index('users_search_trgm_idx')
      .using('gin', sql`${memberSearchText(t)} gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

/** A flight; `flightNumber` keeps the spec's bracketed GMT time, e.g. 'BA117 (1530)'. */
export const flights = pgTable(
  'flights',
  {
    id: serial('id').primaryKey(),
    flightNumber: text('flight_number').notNull(),
    origin: text('origin').notNull(),
    destination: text('destination').notNull(),
    /** The UTC calendar day of departure. */
    departureDate: date('departure_date', { mode: 'string' }).notNull(),
    /** Normalised departure instant: the bracketed time, or 23:59:59 UTC without one. */
    departureAt: ts('departure_at').notNull(),
    hasTime: boolean('has_time').notNull(),
    duration: text('duration'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    deletedAt: ts('deleted_at'),
    deletedBy: integer('deleted_by'),
    /**
     * The flight key (domain flightKey: number as the airline reads it, origin, departure date
     * local to the origin), written with every insert and every change of number, date or
     * origin. Null only for a row written outside the app (or before migration 0018) until the
     * start-up pass (mergeDuplicateFlights) keys it.
     */
    flightKey: text('flight_key'),
  },
  (t) => [
    // One live flight per key: concurrent adds of one flight, in any spelling, meet on one row.
    uniqueIndex('flights_key_unique').on(t.flightKey).where(sql`${t.deletedAt} is null`),
    // The start-up pass asks whether any live flight lacks its key: empty, so one index probe.
    index('flights_key_missing_idx')
      .on(t.id)
      .where(sql`${t.flightKey} is null and ${t.deletedAt} is null`),
    uniqueIndex('flights_identity_unique').on(
      t.flightNumber,
      t.departureDate,
      t.origin,
      t.destination,
    ),
    index('flights_departure_idx').on(t.departureDate, t.departureAt),
  ],
);

export const flightCrew = pgTable(
  'flight_crew',
  {
    id: serial('id').primaryKey(),
    flightId: integer('flight_id')
      .notNull()
      .references(() => flights.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    note: text('note'),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at'),
  },
  (t) => [
    uniqueIndex('flight_crew_user_flight_unique').on(t.userId, t.flightId),
    index('flight_crew_flight_idx').on(t.flightId, t.id),
  ],
);

export const waves = pgTable(
  'waves',
  {
    id: serial('id').primaryKey(),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverId: integer('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    flightId: integer('flight_id')
      .notNull()
      .references(() => flights.id, { onDelete: 'cascade' }),
    status: text('status').$type<WaveStatus>().notNull().default('pending'),
    senderRead: boolean('sender_read').notNull().default(true),
    receiverRead: boolean('receiver_read').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // One wave per pair of users per flight, whichever of them sent it.
    uniqueIndex('waves_pair_flight_unique').on(
      sql`least(${t.senderId}, ${t.receiverId})`,
      sql`greatest(${t.senderId}, ${t.receiverId})`,
      t.flightId,
    ),
    index('waves_sender_idx').on(t.senderId, t.status),
    index('waves_receiver_idx').on(t.receiverId, t.status),
    index('waves_flight_idx').on(t.flightId),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    waveId: integer('wave_id')
      .notNull()
      .references(() => waves.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    read: boolean('read').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** The sending browser's id for it: a retried send finds the stored message by it. */
    clientId: uuid('client_id'),
  },
  (t) => [
    index('messages_wave_time_idx').on(t.waveId, t.createdAt),
    // Per sender, so one member cannot claim (or probe) another's ids; NULLs never collide.
    uniqueIndex('messages_sender_client_idx').on(t.senderId, t.clientId),
  ],
);

/** Running totals that survive deletions (spec: Platform counters). One row, id 1. */
export const platformCounters = pgTable('platform_counters', {
  id: integer('id').primaryKey().default(1),
  totalWavesEverCreated: integer('total_waves_ever_created').notNull().default(0),
  totalMessagesEverSent: integer('total_messages_ever_sent').notNull().default(0),
  totalUsersEverRegistered: integer('total_users_ever_registered').notNull().default(0),
  totalFlightsEverCreated: integer('total_flights_ever_created').notNull().default(0),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * Small named facts the server records about its own data. 'flight-key': the version of the
 * rule and data the stored flight keys were computed with (flightKeyVersion), so a start re-keys
 * the flights only when it changed.
 */
export const appMeta = pgTable('app_meta', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Only the SHA-256 of the cookie token is stored: a database leak yields no usable session. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
    lastSeenAt: ts('last_seen_at').notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Web Push subscriptions: one row per device (browser profile) of a member. The endpoint is
 * unique: a browser that signs in as someone else moves its row to them (ON CONFLICT), so a
 * device never receives another member's notifications.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** Sign-in attempts, for per-address limits and the audit trail. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    ip: text('ip'),
    success: boolean('success').notNull(),
    /** Whether the PIN was actually compared (a locked or limited attempt never is). */
    pinCompared: boolean('pin_compared').notNull().default(false),
    outcome: text('outcome'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('login_attempts_ip_time_idx').on(t.ip, t.createdAt),
    // The 90-day retention job deletes by age.
    index('login_attempts_time_idx').on(t.createdAt),
  ],
);

/** Per-account lock after repeated wrong PINs. */
export const loginLocks = pgTable('login_locks', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  failedCount: integer('failed_count').notNull().default(0),
  lockedUntil: ts('locked_until'),
  updatedAt: ts('updated_at').notNull(),
});

/** One-time passcode-reset links (only the hash is stored). */
export const passcodeResets = pgTable('passcode_resets', {
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: ts('created_at').notNull(),
});

/** Mail is written here in the same transaction as the change it reports, then sent by a job. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    status: text('status').$type<MailStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    createdAt: ts('created_at').notNull().defaultNow(),
    sentAt: ts('sent_at'),
  },
  (t) => [index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: integer('target_id'),
    detail: jsonb('detail'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_time_idx').on(t.createdAt),
    // The admin's audit-trail filters: by actor, by the user an entry is about, by action.
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.createdAt),
    index('audit_log_action_idx').on(t.action, t.createdAt),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type FlightRow = typeof flights.$inferSelect;
export type FlightCrewRow = typeof flightCrew.$inferSelect;
export type WaveRow = typeof waves.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

/**
 * Counted events for rate limits that must hold across restarts and instances (reset mails,
 * e-mail availability checks, registrations). `bucket` names the limit, `key` the client.
 */
export const rateEvents = pgTable(
  'rate_events',
  {
    id: serial('id').primaryKey(),
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('rate_events_lookup_idx').on(t.bucket, t.key, t.createdAt)],
);

/**
 * New flights each member created per UTC day, for the daily cap (FLIGHTS_PER_DAY). One row
 * per member and day, raised by a conditional upsert in the transaction that creates the
 * flights, so concurrent adds can never pass the cap together.
 */
export const dailyFlightCounts = pgTable(
  'daily_flight_counts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    created: integer('created').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/**
 * Every checkout we start (Stripe's or the local one), keyed by the provider's session id. A
 * webhook event completes the row it names by this id, never by metadata alone, and its amount
 * and currency must match what was stored here. A registration's details wait here (not in the
 * users table) until its payment completes.
 */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: text('id').primaryKey(),
    purpose: text('purpose').$type<CheckoutPurpose>().notNull(),
    plan: text('plan').$type<PaidPlan>().notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    email: text('email').notNull(),
    /** The member renewing or converting; for a registration, set once the account exists. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** A registration's name and role, kept until the payment completes. */
    registration: jsonb('registration').$type<{ name: string; role: string }>(),
    status: text('status').$type<CheckoutStatus>().notNull().default('open'),
    subscriptionId: text('subscription_id'),
    customerId: text('customer_id'),
    createdAt: ts('created_at').notNull(),
    completedAt: ts('completed_at'),
  },
  (t) => [
    index('checkout_sessions_email_idx').on(t.email),
    index('checkout_sessions_subscription_idx').on(t.subscriptionId),
  ],
);

/** Webhook events already applied: the same event delivered again has no second effect. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: ts('received_at').notNull(),
  /**
   * 'ignored': received but changed nothing because it was older than an event already applied
   * to its subscription (Stripe delivers in no set order); kept so a redelivery stays a no-op.
   */
  outcome: text('outcome').$type<'applied' | 'ignored'>().notNull().default('applied'),
});

/**
 * The `created` time of the newest Stripe event applied to each subscription: an older event
 * arriving later is ignored, so a late 'active' cannot revive a cancelled member.
 */
export const stripeSubscriptions = pgTable('stripe_subscriptions', {
  id: text('id').primaryKey(),
  lastEventAt: ts('last_event_at').notNull(),
  /**
   * When Stripe deleted it (`customer.subscription.deleted`, applied): final, a deleted
   * subscription never comes back. Its checkout's completion, delivered after the deletion,
   * still records the payment but leaves the member cancelled, as in order it would have.
   */
  deletedAt: ts('deleted_at'),
});

/** 'Cancel Subscription' is a request to the admin team (accounts spec §4), open until handled. */
export const cancellationRequests = pgTable(
  'cancellation_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
    handledAt: ts('handled_at'),
    handledBy: integer('handled_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // One open request per member: a second press answers the same request.
    uniqueIndex('cancellation_requests_open_idx').on(t.userId).where(sql`${t.handledAt} is null`),
  ],
);

/** The reminder mail before a membership ends, once per member and period end. */
export const expiryReminders = pgTable(
  'expiry_reminders',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    periodEnd: ts('period_end').notNull(),
    sentAt: ts('sent_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.periodEnd] })],
);

export type CheckoutSessionRow = typeof checkoutSessions.$inferSelect;

/**
 * PostgreSQL bytea. Drivers differ in what they hand back (PGlite a Uint8Array, node-postgres a
 * Buffer), so every read comes back as a Buffer.
 */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * An admin's profile picture (accounts spec §6), kept out of `users` so that reading a user, and
 * /api/auth/me, never carries up to 2 MB: `users.profile_picture_url` holds only the short,
 * versioned URL that serves these bytes. `hash` (of the bytes) is that URL's version.
 */
export const profilePictures = pgTable('profile_pictures', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  hash: text('hash').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

/**
 * A member's block of another (issue 22). It works both ways: either row hides the two from each
 * other. One row per ordered pair; `created_at` feeds the moderators' flag (3 blockers in 30 days).
 */
export const blocks = pgTable(
  'blocks',
  {
    id: serial('id').primaryKey(),
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('blocks_pair_unique').on(t.blockerId, t.blockedId),
    index('blocks_blocked_idx').on(t.blockedId, t.createdAt),
  ],
);

export type BlockRow = typeof blocks.$inferSelect;

/**
 * A member's calendar feed address (issue 41 item 6): only the SHA-256 of its token is kept, so
 * a copy of the database opens no one's feed. One per member; a new one replaces it.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: ts('created_at').notNull(),
});

/**
 * Moderation (issue 22). A member's report of another member, optionally about one wave or one
 * message. The wave and message ids are plain integers, not foreign keys: the report (and its
 * evidence) outlives the conversation it is about.
 */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    reporterId: integer('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    reportedUserId: integer('reported_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    waveId: integer('wave_id'),
    messageId: integer('message_id'),
    reason: text('reason').$type<ReportReason>().notNull(),
    details: text('details'),
    status: text('status').$type<'open' | 'closed'>().notNull().default('open'),
    decisionId: integer('decision_id'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('reports_status_idx').on(t.status, t.createdAt),
    index('reports_reported_idx').on(t.reportedUserId, t.createdAt),
  ],
);

/** Reported messages copied at report time, kept for the moderators until `purge_after` (90 days). */
export const reportEvidence = pgTable(
  'report_evidence',
  {
    id: serial('id').primaryKey(),
    reportId: integer('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    messageId: integer('message_id').notNull(),
    senderId: integer('sender_id').notNull(),
    content: text('content').notNull(),
    sentAt: ts('sent_at').notNull(),
    purgeAfter: ts('purge_after').notNull(),
  },
  (t) => [
    index('report_evidence_report_idx').on(t.reportId),
    index('report_evidence_purge_idx').on(t.purgeAfter),
  ],
);

/**
 * A step of the decision ladder taken against a member. `email` is kept so that a ban outlives the
 * account (the e-mail cannot register again); the appeal link's token is stored only as its hash.
 */
export const moderationDecisions = pgTable(
  'moderation_decisions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    action: text('action').$type<ModerationAction>().notNull(),
    reason: text('reason').notNull(),
    adminId: integer('admin_id').references(() => users.id, { onDelete: 'set null' }),
    reportId: integer('report_id'),
    until: ts('until'),
    appealTokenHash: text('appeal_token_hash'),
    overturnedAt: ts('overturned_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('moderation_decisions_user_idx').on(t.userId, t.createdAt),
    index('moderation_decisions_ban_email_idx').on(sql`lower(${t.email})`, t.action),
    uniqueIndex('moderation_decisions_appeal_token_idx').on(t.appealTokenHash),
  ],
);

/** One appeal per decision (the unique index makes "appealable once" atomic). */
export const appeals = pgTable(
  'appeals',
  {
    id: serial('id').primaryKey(),
    decisionId: integer('decision_id')
      .notNull()
      .references(() => moderationDecisions.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    status: text('status').$type<'open' | 'upheld' | 'overturned'>().notNull().default('open'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: ts('decided_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('appeals_decision_unique').on(t.decisionId),
    index('appeals_status_idx').on(t.status, t.createdAt),
  ],
);
export type ReportRow = typeof reports.$inferSelect;
export type ModerationDecisionRow = typeof moderationDecisions.$inferSelect;
