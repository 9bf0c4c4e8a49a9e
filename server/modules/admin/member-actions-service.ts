import { and, count, eq, inArray, isNotNull, lt, ne, or } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ADMIN_MEMBER_REASONS,
  adminCreatedMembership,
  adminPasscodeFor,
  canDeleteMember,
  canGrantAdminTo,
  canToggleAdmin,
  type createUserRequestSchema,
  type PastFlightsCounts,
} from '../../../domain';
import type { DbOrTx } from '../../db/client';
import {
  flightCrew,
  flights,
  loginLocks,
  messages,
  type UserRow,
  users,
  waves,
} from '../../db/schema';
import type { AppDeps } from '../../deps';
import { audit } from '../../lib/audit';
import { badRequest, conflict, enforce, notFound } from '../../lib/errors';
import { enqueueMail } from '../../mail/outbox';
import { accountCreatedMail, pinChangedByAdminMail } from '../../mail/templates';
import { pgErrorCode } from '../../plugins/error-mapping';
import { endEverySession } from '../account/service';
import { homeListWrites } from '../flights/home-list-writes';
import { createAccount } from '../registration/create-account';
import { presentAdminUser } from './presenter';

type Admin = Pick<UserRow, 'id' | 'isAdmin' | 'isDemoUser'>;
type CreateInput = z.output<typeof createUserRequestSchema>;

async function lockedUser(tx: DbOrTx, userId: number) {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!user) throw notFound('User not found');
  return user;
}

/** Departed flights: departure instant before now (the injected clock's). */
const departedBefore = (now: Date) => lt(flights.departureAt, now);

/**
 * What an admin does to members (accounts spec §2 dialogs, §4). Each change and its audit row
 * commit together; sessions end after the commit, since the session store has its own writes.
 */
export function createMemberActionsService(deps: AppDeps) {
  const homeList = homeListWrites(deps);
  const { db } = deps.database;

  /** Sets a member's PIN, e-mails it, lifts any lock, then ends every session of theirs. */
  async function updatePasscode(admin: Admin, userId: number, requested: string) {
    const now = deps.clock.now();
    const { forcedPin } = await db.transaction(async (tx) => {
      const user = await lockedUser(tx, userId);
      const result = adminPasscodeFor(user, requested, deps.config.demoPasscode);
      await tx
        .update(users)
        .set({ passcodeEncrypted: deps.pins.encrypt(result.pin) })
        .where(eq(users.id, userId));
      const lifted = await tx
        .delete(loginLocks)
        .where(eq(loginLocks.userId, userId))
        .returning({ userId: loginLocks.userId });
      await enqueueMail(tx, user.email, pinChangedByAdminMail(user.name, result.pin), now);
      await audit(tx, {
        actorId: admin.id,
        action: 'user.update_passcode',
        target: { type: 'user', id: userId },
        detail: { forcedPin: result.forcedPin, lockLifted: lifted.length > 0 },
        at: now,
      });
      return result;
    });
    deps.kickMail();
    await endEverySession(deps, userId);
    return {
      success: true,
      forcedPin,
      message: forcedPin
        ? 'Demo User PIN Set: demo users always use the demo PIN.'
        : 'Passcode updated. The member has been e-mailed their new PIN and signed out everywhere.',
    };
  }

  async function revealPasscode(admin: Admin, userId: number) {
    const now = deps.clock.now();
    return db.transaction(async (tx) => {
      const [user] = await tx.select().from(users).where(eq(users.id, userId));
      if (!user) throw notFound('User not found');
      await audit(tx, {
        actorId: admin.id,
        action: 'user.reveal_passcode',
        target: { type: 'user', id: userId },
        at: now,
      });
      return {
        passcode: user.passcodeEncrypted ? deps.pins.decrypt(user.passcodeEncrypted) : null,
      };
    });
  }

  async function signOutAll(admin: Admin, userId: number) {
    const now = deps.clock.now();
    const [user] = await db
      .update(users)
      .set({ isOnline: false, lastHeartbeatAt: null })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    if (!user) throw notFound('User not found');
    const sessionsEnded = await deps.sessions.revokeAllForUser(userId);
    await audit(db, {
      actorId: admin.id,
      action: 'user.sign_out_all',
      target: { type: 'user', id: userId },
      detail: { sessionsEnded },
      at: now,
    });
    return {
      success: true,
      message: `Signed out of ${sessionsEnded} session${sessionsEnded === 1 ? '' : 's'}`,
      sessionsEnded,
    };
  }

  /** The member's waves (sent and received) with their messages, and their crew entries. */
  async function removeData(admin: Admin, userId: number) {
    const now = deps.clock.now();
    const stats = await db.transaction(async (tx) => {
      await lockedUser(tx, userId);
      const theirWaves = tx
        .select({ id: waves.id })
        .from(waves)
        .where(or(eq(waves.senderId, userId), eq(waves.receiverId, userId)));
      const goneMessages = await tx
        .delete(messages)
        .where(inArray(messages.waveId, theirWaves))
        .returning({ id: messages.id });
      const goneWaves = await tx
        .delete(waves)
        .where(or(eq(waves.senderId, userId), eq(waves.receiverId, userId)))
        .returning({ id: waves.id });
      const goneCrew = await tx
        .delete(flightCrew)
        .where(eq(flightCrew.userId, userId))
        .returning({ id: flightCrew.id });
      const removed = {
        wavesRemoved: goneWaves.length,
        messagesRemoved: goneMessages.length,
        flightMembershipsRemoved: goneCrew.length,
      };
      await audit(tx, {
        actorId: admin.id,
        action: 'user.remove_data',
        target: { type: 'user', id: userId },
        detail: removed,
        at: now,
      });
      return removed;
    });
    if (stats.flightMembershipsRemoved > 0) homeList.membersLeftAll([userId]);
    return { success: true, message: 'User data removed', stats };
  }

  /**
   * An account ready to use at once. The unique index on lower(email) decides between
   * concurrent creates of one address: exactly one commits, the others answer 409.
   */
  async function create(admin: Admin, input: CreateInput) {
    const now = deps.clock.now();
    // Demo accounts are shared and read-only: never admins, always the configured demo PIN.
    enforce(canGrantAdminTo({ isDemoUser: input.isDemoUser }, input.isAdmin), badRequest);
    const { pin } = adminPasscodeFor(input, input.passcode, deps.config.demoPasscode);
    try {
      const user = await createAccount(
        db,
        {
          email: input.email,
          name: input.name,
          nickname: input.nickname,
          role: input.role,
          isAdmin: input.isAdmin,
          isDemoUser: input.isDemoUser,
          ...adminCreatedMembership(input.membershipDuration, now),
          approvedBy: admin.id,
          passcodeEncrypted: deps.pins.encrypt(pin),
          createdAt: now,
        },
        (created) => ({
          actorId: admin.id,
          action: 'user.create',
          target: { type: 'user', id: created.id },
          detail: {
            email: created.email,
            isAdmin: created.isAdmin,
            membershipType: created.membershipType,
            membershipDuration: input.membershipDuration,
            isDemoUser: created.isDemoUser,
          },
        }),
        (tx, created) =>
          enqueueMail(
            tx,
            created.email,
            accountCreatedMail(
              created.name,
              pin,
              `${deps.config.publicUrl}/passcode?email=${encodeURIComponent(created.email)}`,
            ),
            now,
          ),
      );
      deps.kickMail();
      return {
        success: true,
        message: 'User created. Their PIN has been sent by e-mail.',
        user: presentAdminUser(user, null),
      };
    } catch (error) {
      if (pgErrorCode(error) === '23505') throw conflict(ADMIN_MEMBER_REASONS.emailTaken);
      throw error;
    }
  }

  async function toggleAdmin(admin: Admin, userId: number, isAdmin: boolean) {
    enforce(canToggleAdmin(admin, userId));
    const now = deps.clock.now();
    await db.transaction(async (tx) => {
      const user = await lockedUser(tx, userId);
      enforce(canGrantAdminTo(user, isAdmin), badRequest);
      await tx.update(users).set({ isAdmin }).where(eq(users.id, userId));
      await audit(tx, {
        actorId: admin.id,
        action: isAdmin ? 'user.grant_admin' : 'user.revoke_admin',
        target: { type: 'user', id: userId },
        detail: { isAdmin: { from: user.isAdmin, to: isAdmin } },
        at: now,
      });
    });
    return {
      success: true,
      isAdmin,
      message: isAdmin ? 'Admin access granted' : 'Admin access revoked',
    };
  }

  /** Permanent and immediate: the row goes, and with it (by cascade) everything it owns. */
  async function remove(admin: Admin, userId: number) {
    enforce(canDeleteMember(admin, userId));
    const now = deps.clock.now();
    await db.transaction(async (tx) => {
      const user = await lockedUser(tx, userId);
      await tx.delete(users).where(eq(users.id, userId));
      // No e-mail or name: the account is gone for good, so is what identified it.
      await audit(tx, {
        actorId: admin.id,
        action: 'user.delete',
        target: { type: 'user', id: userId },
        detail: { permanent: true, wasAdmin: user.isAdmin },
        at: now,
      });
    });
    // The rows went with the cascade; this forgets cached sessions and closes open sockets.
    await endEverySession(deps, userId);
    return { success: true, message: 'User permanently deleted' };
  }

  async function resetOnline(admin: Admin) {
    const now = deps.clock.now();
    const usersReset = await db.transaction(async (tx) => {
      const reset = await tx
        .update(users)
        .set({ isOnline: false, lastHeartbeatAt: null })
        .where(
          and(
            ne(users.id, admin.id),
            or(eq(users.isOnline, true), isNotNull(users.lastHeartbeatAt)),
          ),
        )
        .returning({ id: users.id });
      await audit(tx, {
        actorId: admin.id,
        action: 'admin.reset_online',
        detail: { usersReset: reset.length },
        at: now,
      });
      return reset.length;
    });
    return { success: true, message: `${usersReset} users set offline`, usersReset };
  }

  async function pastFlightCounts(tx: DbOrTx, now: Date): Promise<PastFlightsCounts> {
    const past = tx.select({ id: flights.id }).from(flights).where(departedBefore(now));
    const pastWaves = tx.select({ id: waves.id }).from(waves).where(inArray(waves.flightId, past));
    const [[f], [c], [w], [m]] = await Promise.all([
      tx.select({ n: count() }).from(flights).where(departedBefore(now)),
      tx.select({ n: count() }).from(flightCrew).where(inArray(flightCrew.flightId, past)),
      tx.select({ n: count() }).from(waves).where(inArray(waves.flightId, past)),
      tx.select({ n: count() }).from(messages).where(inArray(messages.waveId, pastWaves)),
    ]);
    return { flights: f?.n ?? 0, crewEntries: c?.n ?? 0, waves: w?.n ?? 0, messages: m?.n ?? 0 };
  }

  async function pastFlightsPreview() {
    return pastFlightCounts(db, deps.clock.now());
  }

  /** Departed flights with everything hanging off them; each count is what was deleted. */
  async function deletePastFlights(admin: Admin) {
    const now = deps.clock.now();
    const removed = await db.transaction(async (tx) => {
      const past = tx.select({ id: flights.id }).from(flights).where(departedBefore(now));
      const pastWaves = tx
        .select({ id: waves.id })
        .from(waves)
        .where(inArray(waves.flightId, past));
      const goneMessages = await tx
        .delete(messages)
        .where(inArray(messages.waveId, pastWaves))
        .returning({ id: messages.id });
      const goneWaves = await tx
        .delete(waves)
        .where(inArray(waves.flightId, past))
        .returning({ id: waves.id });
      const goneCrew = await tx
        .delete(flightCrew)
        .where(inArray(flightCrew.flightId, past))
        .returning({ id: flightCrew.id });
      const goneFlights = await tx
        .delete(flights)
        .where(departedBefore(now))
        .returning({ id: flights.id });
      const counts = {
        flights: goneFlights.length,
        crewEntries: goneCrew.length,
        waves: goneWaves.length,
        messages: goneMessages.length,
      };
      await audit(tx, {
        actorId: admin.id,
        action: 'flights.delete_past',
        detail: { ...counts, departedBefore: now.toISOString() },
        at: now,
      });
      return counts;
    });
    return {
      success: true,
      message: `Deleted ${removed.flights} past flight${removed.flights === 1 ? '' : 's'}`,
      removed,
    };
  }

  return {
    updatePasscode,
    revealPasscode,
    signOutAll,
    removeData,
    create,
    toggleAdmin,
    remove,
    resetOnline,
    pastFlightsPreview,
    deletePastFlights,
  };
}
