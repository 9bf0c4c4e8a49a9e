import { aliasedTable, and, count, eq, gte, inArray, isNull, ne, sql } from 'drizzle-orm';
import {
  canChooseRank,
  liveWaveStatusesFor,
  needsReauthentication,
  type ProfileSetupRequest,
  type UpdateProfileRequest,
  type User,
  type UserAnalytics,
  type UserStatsResponse,
} from '../../../domain';
import { flightCrew, flights, type UserRow, users, waves } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { badRequest, enforce, HttpError, notFound } from '../../lib/errors';
import type { SessionContext } from '../../sessions/session-store';
import { isOnlineSql } from './online';
import { presentSelf } from './presenter';

type Changes = Partial<typeof users.$inferInsert>;

/** Only the keys the member actually sent: a missing key leaves the stored value alone. */
function pick<T extends object>(body: T): Changes {
  return Object.fromEntries(
    Object.entries(body).filter(([, value]) => value !== undefined),
  ) as Changes;
}

/**
 * The member's own space: profile edits, first-time setup, presence, their own counters and
 * PIN. Times come from deps.clock only.
 */
export function createProfileService(deps: AppDeps) {
  const { db } = deps.database;

  async function write(userId: number, changes: Changes): Promise<User> {
    if (Object.keys(changes).length === 0) {
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      if (!user) throw notFound('User not found');
      return presentSelf(user);
    }
    const [user] = await db.update(users).set(changes).where(eq(users.id, userId)).returning();
    if (!user) throw notFound('User not found');
    return presentSelf(user);
  }

  /** Sets a timestamp column to now unless it is set already, in one statement. */
  async function stampOnce(userId: number, column: 'disclaimerAcceptedAt' | 'profileSetupDoneAt') {
    const now = deps.clock.now().toISOString();
    const [user] = await db
      .update(users)
      .set({ [column]: sql`coalesce(${users[column]}, ${now}::timestamptz)` })
      .where(eq(users.id, userId))
      .returning();
    if (!user) throw notFound('User not found');
    return presentSelf(user);
  }

  /** PUT /api/users/profile: any subset of the editable fields. */
  async function updateProfile(viewer: UserRow, body: UpdateProfileRequest): Promise<User> {
    // Refused as a validation error on the role field, as the edit-profile form expects.
    enforce(canChooseRank(viewer, body.role), (reason) =>
      badRequest(reason, { error: 'validation', field: 'role' }),
    );
    return write(viewer.id, pick(body));
  }

  /** PATCH /api/users/me: first-time setup. A blank nickname stays empty (no default). */
  async function setup(viewer: UserRow, body: ProfileSetupRequest): Promise<User> {
    return write(viewer.id, { ...pick(body), profileSetupDoneAt: deps.clock.now() });
  }

  /**
   * POST /api/users/me/skip-setup ('Skip for Now'): remembered on the server, so no later
   * sign-in, on any device, leads to /profile-setup again. The first choice's time is kept
   * (coalesce in the database, so two presses at once keep one).
   */
  async function skipSetup(viewer: UserRow): Promise<User> {
    return stampOnce(viewer.id, 'profileSetupDoneAt');
  }

  /**
   * POST /api/users/accept-disclaimer: the member's acceptance, once; the first time is kept,
   * so pressing it twice (or on two devices at once) changes nothing.
   */
  async function acceptDisclaimer(viewer: UserRow): Promise<User> {
    return stampOnce(viewer.id, 'disclaimerAcceptedAt');
  }

  /** POST /api/admin/update-contact-email. */
  async function updateContactEmail(viewer: UserRow, contactEmail: string | null | undefined) {
    const user = await write(viewer.id, { contactEmail: contactEmail ?? null });
    return { success: true, user: { contactEmail: user.contactEmail } };
  }

  /**
   * POST /api/users/online-status: true is a heartbeat (now), false clears it, so the one
   * online rule (users/online.ts) sees the member leave at once rather than after 90 s.
   */
  async function setOnline(viewer: UserRow, isOnline: boolean) {
    const now = deps.clock.now();
    await db
      .update(users)
      .set(
        isOnline
          ? { isOnline: true, lastHeartbeatAt: now, lastActive: now }
          : { isOnline: false, lastHeartbeatAt: null },
      )
      .where(eq(users.id, viewer.id));
    return { success: true, isOnline };
  }

  /**
   * GET /api/users/stats: members online now (the online rule; deleted accounts never count)
   * and connections made on the platform (accepted waves between two members still here).
   */
  async function stats(): Promise<UserStatsResponse> {
    const now = deps.clock.now();
    const [online] = await db
      .select({ n: count() })
      .from(users)
      .where(
        and(eq(users.isDeleted, false), eq(users.approvalStatus, 'approved'), isOnlineSql(now)),
      );
    const sender = aliasedTable(users, 'sender');
    const receiver = aliasedTable(users, 'receiver');
    const [accepted] = await db
      .select({ n: count() })
      .from(waves)
      .innerJoin(sender, and(eq(sender.id, waves.senderId), eq(sender.isDeleted, false)))
      .innerJoin(receiver, and(eq(receiver.id, waves.receiverId), eq(receiver.isDeleted, false)))
      .where(eq(waves.status, 'accepted'));
    return { onlineUsers: online?.n ?? 0, acceptedConnections: accepted?.n ?? 0 };
  }

  /**
   * GET /api/users/me/analytics, the spec's "Current-user analytics". Live figures: crew
   * entries on flights not yet departed; live waves (domain liveWaveStatusesFor) on such flights with a
   * member who is still here. All-time figures are the user's running counters, never below
   * the live figure.
   */
  async function analytics(viewer: UserRow): Promise<UserAnalytics> {
    const now = deps.clock.now();
    const upcoming = and(isNull(flights.deletedAt), gte(flights.departureAt, now));
    const [mine] = await db
      .select({ n: count() })
      .from(flightCrew)
      .innerJoin(flights, eq(flights.id, flightCrew.flightId))
      .where(and(eq(flightCrew.userId, viewer.id), upcoming));
    const other = aliasedTable(users, 'other');
    const liveWaves = (side: 'sent' | 'received') =>
      db
        .select({ n: count() })
        .from(waves)
        .innerJoin(flights, eq(flights.id, waves.flightId))
        .innerJoin(
          other,
          and(
            eq(other.id, side === 'sent' ? waves.receiverId : waves.senderId),
            eq(other.isDeleted, false),
          ),
        )
        .where(
          and(
            eq(side === 'sent' ? waves.senderId : waves.receiverId, viewer.id),
            ne(other.id, viewer.id),
            inArray(waves.status, liveWaveStatusesFor(side)),
            upcoming,
          ),
        );
    const [[sent], [received], [fresh]] = await Promise.all([
      liveWaves('sent'),
      liveWaves('received'),
      db.select().from(users).where(eq(users.id, viewer.id)),
    ]);
    const user = fresh ?? viewer;
    const flightCount = mine?.n ?? 0;
    const wavesSent = sent?.n ?? 0;
    const wavesReceived = received?.n ?? 0;
    return {
      flightCount,
      totalFlightsEver: Math.max(user.totalFlightsEver, flightCount),
      wavesSent,
      totalWavesSentEver: Math.max(user.totalWavesSentEver, wavesSent),
      wavesReceived,
      totalWavesReceivedEver: Math.max(user.totalWavesReceivedEver, wavesReceived),
    };
  }

  /**
   * GET /api/users/me/passcode: the owner's own PIN, decrypted for them alone, and only from a
   * recent sign-in (else anyone holding an old session could read the PIN a change asks for).
   */
  function passcode(session: SessionContext) {
    const viewer = session.user;
    if (needsReauthentication(session.createdAt, deps.clock.now())) {
      throw new HttpError(403, 'For your security, sign in again to see your PIN.', {
        errorType: 'reauthentication_required',
      });
    }
    return {
      passcode: viewer.passcodeEncrypted ? deps.pins.decrypt(viewer.passcodeEncrypted) : null,
    };
  }

  return {
    acceptDisclaimer,
    skipSetup,
    updateProfile,
    setup,
    updateContactEmail,
    setOnline,
    stats,
    analytics,
    passcode,
  };
}
