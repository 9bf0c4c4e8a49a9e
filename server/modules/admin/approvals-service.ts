import { and, asc, count, eq, ne, not, sql } from 'drizzle-orm';
import {
  approvedAccount,
  canDecideApproval,
  PENDING_PAID_REGISTRATION,
  rejectedAccount,
} from '../../../domain';
import { users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { audit } from '../../lib/audit';
import { badRequest, conflict, enforce, notFound } from '../../lib/errors';
import { generatePin } from '../../lib/pin-crypto';
import { enqueueMail } from '../../mail/outbox';
import { approvalMail, rejectionMail } from '../../mail/templates';
import { findUserByEmail } from '../auth/login-service';
import { presentPendingApproval } from './presenter';

/** The review queue: paid registrations join it only once their payment completed. */
const pendingWhere = and(
  eq(users.approvalStatus, 'pending'),
  eq(users.isDeleted, false),
  not(
    and(
      eq(users.membershipType, PENDING_PAID_REGISTRATION.membershipType),
      eq(users.subscriptionStatus, PENDING_PAID_REGISTRATION.subscriptionStatus),
    )!,
  ),
);

export function createApprovalsService(deps: AppDeps & { kickMail(): void }) {
  const { db } = deps.database;

  async function pendingList() {
    const rows = await db
      .select()
      .from(users)
      .where(pendingWhere)
      .orderBy(asc(users.createdAt), asc(users.id));
    return rows.map(presentPendingApproval);
  }

  async function pendingCount() {
    const [row] = await db.select({ n: count() }).from(users).where(pendingWhere);
    return { count: row?.n ?? 0 };
  }

  /** Approval issues the PIN, starts the trial, and queues the PIN mail in one transaction. */
  async function approve(adminId: number, userId: number) {
    const now = deps.clock.now();
    const pin = generatePin();
    await db.transaction(async (tx) => {
      const [user] = await tx
        .select()
        .from(users)
        .where(and(eq(users.id, userId), eq(users.isDeleted, false)))
        .for('update');
      if (!user) throw notFound('User not found');
      enforce(canDecideApproval(user), badRequest);
      await tx
        .update(users)
        .set({ ...approvedAccount(user, adminId, now), passcodeEncrypted: deps.pins.encrypt(pin) })
        .where(eq(users.id, userId));
      await enqueueMail(
        tx,
        user.email,
        approvalMail(
          user.name,
          pin,
          `${deps.config.publicUrl}/passcode?email=${encodeURIComponent(user.email)}`,
        ),
        now,
      );
      await audit(tx, {
        actorId: adminId,
        action: 'user.approve',
        target: { type: 'user', id: userId },
        at: now,
      });
    });
    deps.kickMail();
    return { success: true, pin, message: 'User approved. Their PIN has been sent by e-mail.' };
  }

  async function reject(adminId: number, userId: number, reason: string | undefined) {
    const now = deps.clock.now();
    await db.transaction(async (tx) => {
      const [user] = await tx
        .select()
        .from(users)
        .where(and(eq(users.id, userId), eq(users.isDeleted, false)))
        .for('update');
      if (!user) throw notFound('User not found');
      enforce(canDecideApproval(user), badRequest);
      await tx.update(users).set(rejectedAccount(reason)).where(eq(users.id, userId));
      await enqueueMail(tx, user.email, rejectionMail(user.name, reason ?? null), now);
      await audit(tx, {
        actorId: adminId,
        action: 'user.reject',
        target: { type: 'user', id: userId },
        detail: { reason: reason ?? null },
        at: now,
      });
    });
    deps.kickMail();
    return { success: true, message: 'User rejected.' };
  }

  async function updateEmail(adminId: number, userId: number, email: string) {
    const now = deps.clock.now();
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    if (!user) throw notFound('User not found');
    if (user.email.toLowerCase() === email)
      throw badRequest('The new email must be different from the current one');
    const taken = await findUserByEmail(db, email);
    if (taken) throw conflict('An account with this email already exists');
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ email })
        .where(and(eq(users.id, userId), ne(sql`lower(${users.email})`, email)));
      await audit(tx, {
        actorId: adminId,
        action: 'user.update_email',
        target: { type: 'user', id: userId },
        detail: { oldEmail: user.email, newEmail: email },
        at: now,
      });
    });
    return { oldEmail: user.email, newEmail: email };
  }

  return { pendingList, pendingCount, approve, reject, updateEmail };
}
