import { and, eq, inArray, isNotNull, lt, lte, not, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { anonymisedEmail, CHECKOUT_LIFETIME_MS, retentionCutoffs } from '../../domain';
import { type JobRun, underJobLock } from '../db/advisory-lock';
import type { Db, Tx } from '../db/client';
import {
  auditLog,
  checkoutSessions,
  flightCrew,
  loginAttempts,
  mailOutbox,
  messages,
  passcodeResets,
  rateEvents,
  sessions,
  users,
  waves,
} from '../db/schema';
import { audit } from '../lib/audit';
import { awaitingPayment, removeUnpaidRegistrations } from '../lib/unpaid-registrations';

/**
 * The retention jobs (accounts spec §4; issue 16). Each runs in one transaction under its own
 * advisory lock, as the membership jobs do, so with several instances one does the work and
 * the others skip. Every text trace of a purged or anonymised member goes in the same
 * transaction as the account change: login attempts, audit details, queued mail, checkout
 * sessions' e-mail and registration details, rate-limit keys. Rows that hang off the user by a
 * foreign key (sessions, crew entries, waves and their messages, cancellation requests,
 * reminders, locks) go by cascade on purge. A message another member wrote in some other
 * conversation that names the member is that member's text, not this member's data, and stays.
 */
export const RETENTION_JOB_LOCKS = {
  purgeDeleted: 715_101,
  anonymiseInactive: 715_102,
  pruneLogs: 715_103,
  purgeUnpaid: 715_104,
} as const;

type Identity = {
  id: number;
  email: string;
  name: string | null;
  nickname: string | null;
  mobileNumber: string | null;
  contactEmail: string | null;
  paymentEmail: string | null;
};
const identityColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  nickname: users.nickname,
  mobileNumber: users.mobileNumber,
  contactEmail: users.contactEmail,
  paymentEmail: users.paymentEmail,
};

/** The member's identifying strings, each at least 3 characters (shorter would match anything). */
function tracesOf(member: Identity): string[] {
  return [
    member.email,
    member.name,
    member.nickname,
    member.mobileNumber,
    member.contactEmail,
    member.paymentEmail,
  ]
    .map((v) => v?.trim().toLowerCase() ?? '')
    .filter((v) => v.length >= 3);
}

/** Whether `column` (text or jsonb) contains any of `needles`, case-insensitively. */
function mentions(column: PgColumn | SQL, needles: string[]): SQL {
  return or(
    ...needles.map((needle) => sql`position(${needle} in lower(${column}::text)) > 0`),
  ) as SQL;
}

/**
 * Removes every trace of these members outside rows that cascade with the user: whatever names
 * them in text is deleted (attempts, queued mail, rate-limit keys), or stripped (audit details,
 * checkout sessions, which are kept for their amounts).
 */
async function eraseTraces(tx: Tx, members: Identity[]) {
  for (const member of members) {
    const needles = tracesOf(member);
    if (needles.length === 0) continue;
    await tx.delete(loginAttempts).where(mentions(loginAttempts.email, needles));
    await tx.delete(rateEvents).where(mentions(rateEvents.key, needles));
    await tx
      .delete(mailOutbox)
      .where(
        or(
          mentions(mailOutbox.to, needles),
          mentions(mailOutbox.subject, needles),
          mentions(mailOutbox.text, needles),
          mentions(mailOutbox.html, needles),
        ),
      );
    await tx
      .update(auditLog)
      .set({ detail: null })
      .where(
        and(
          isNotNull(auditLog.detail),
          or(
            and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, member.id)),
            mentions(auditLog.detail, needles),
          ),
        ),
      );
    await tx
      .update(checkoutSessions)
      .set({
        email: sql`'anonymised-checkout-' || ${checkoutSessions.id} || '@invalid'`,
        registration: null,
      })
      .where(
        or(
          eq(checkoutSessions.userId, member.id),
          mentions(checkoutSessions.email, needles),
          mentions(checkoutSessions.registration, needles),
        ),
      );
  }
}

const regexLiteral = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * An anonymised member's conversations and crew notes stay (the other side keeps its history),
 * but their name, nickname, phone and e-mails in them become '[removed]'.
 */
async function redactConversations(tx: Tx, member: Identity) {
  const needles = tracesOf(member);
  if (needles.length === 0) return;
  const pattern = needles.map(regexLiteral).join('|');
  const theirWaves = tx
    .select({ id: waves.id })
    .from(waves)
    .where(or(eq(waves.senderId, member.id), eq(waves.receiverId, member.id)));
  await tx
    .update(messages)
    .set({ content: sql`regexp_replace(${messages.content}, ${pattern}, '[removed]', 'gi')` })
    .where(and(inArray(messages.waveId, theirWaves), mentions(messages.content, needles)));
  await tx
    .update(flightCrew)
    .set({ note: sql`regexp_replace(${flightCrew.note}, ${pattern}, '[removed]', 'gi')` })
    .where(and(eq(flightCrew.userId, member.id), mentions(flightCrew.note, needles)));
}

/** Self-deleted accounts whose 30-day grace has ended: the row goes (cascading), and every trace. */
export function purgeDeletedAccounts(db: Db, now: Date): Promise<JobRun> {
  const { purgeDeletedAtOrBefore } = retentionCutoffs(now);
  return underJobLock(db, RETENTION_JOB_LOCKS.purgeDeleted, async (tx) => {
    const due = await tx
      .select(identityColumns)
      .from(users)
      .where(
        and(
          eq(users.isDeleted, true),
          isNotNull(users.deletionScheduledAt),
          lte(users.deletionScheduledAt, purgeDeletedAtOrBefore),
        ),
      )
      .for('update');
    if (due.length === 0) return 0;
    await eraseTraces(tx, due);
    await tx.delete(users).where(
      inArray(
        users.id,
        due.map((m) => m.id),
      ),
    );
    await audit(tx, { action: 'retention.purge_deleted', detail: { purged: due.length }, at: now });
    return due.length;
  });
}

/**
 * Accounts nobody has used for 12 months (last activity, else last sign-in, else creation) are
 * anonymised; never an admin or a demo account, nor one already anonymised or awaiting purge.
 */
export function anonymiseInactiveAccounts(db: Db, now: Date): Promise<JobRun> {
  const { inactiveBefore } = retentionCutoffs(now);
  return underJobLock(db, RETENTION_JOB_LOCKS.anonymiseInactive, async (tx) => {
    const lastSeen = sql`coalesce(${users.lastActive}, ${users.lastLoginAt}, ${users.createdAt})`;
    const due = await tx
      .select(identityColumns)
      .from(users)
      .where(
        and(
          eq(users.isAdmin, false),
          eq(users.isDemoUser, false),
          eq(users.isDeleted, false),
          not(sql`${users.email} like 'anonymised-%@invalid'`),
          lt(lastSeen, inactiveBefore),
        ),
      )
      .for('update');
    if (due.length === 0) return 0;
    await eraseTraces(tx, due);
    const ids = due.map((m) => m.id);
    for (const member of due) await redactConversations(tx, member);
    await tx.delete(sessions).where(inArray(sessions.userId, ids));
    await tx.delete(passcodeResets).where(inArray(passcodeResets.userId, ids));
    for (const id of ids) {
      await tx
        .update(users)
        .set({
          email: anonymisedEmail(id),
          name: null,
          nickname: null,
          mobileNumber: null,
          contactEmail: null,
          paymentEmail: null,
          profilePictureUrl: null,
          rejectionReason: null,
          passcodeEncrypted: null,
          passwordHash: null,
          isOnline: false,
          lastHeartbeatAt: null,
        })
        .where(eq(users.id, id));
    }
    await audit(tx, {
      action: 'retention.anonymise_inactive',
      detail: { anonymised: due.length },
      at: now,
    });
    return due.length;
  });
}

/**
 * Paid registrations still unpaid 24 h after their latest checkout opened (none can be paid
 * any more: a checkout lives 24 h): the account goes with every trace, as a purge does.
 */
export function purgeUnpaidRegistrations(db: Db, now: Date): Promise<JobRun> {
  const openedBefore = new Date(now.getTime() - CHECKOUT_LIFETIME_MS);
  return underJobLock(db, RETENTION_JOB_LOCKS.purgeUnpaid, async (tx) => {
    const latestCheckout = sql`(select max(${checkoutSessions.createdAt}) from ${checkoutSessions}
      where ${checkoutSessions.userId} = ${users.id})`;
    const due = await tx
      .select(identityColumns)
      .from(users)
      .where(
        and(
          awaitingPayment,
          lte(sql`coalesce(${latestCheckout}, ${users.createdAt})`, openedBefore),
        ),
      )
      .for('update');
    if (due.length === 0) return 0;
    await eraseTraces(tx, due);
    const removed = await removeUnpaidRegistrations(
      tx,
      due.map((m) => m.id),
    );
    await audit(tx, {
      action: 'retention.purge_unpaid',
      detail: { purged: removed.length },
      at: now,
    });
    return removed.length;
  });
}

/** The longest window of any rate limit is a day: older counted calls decide nothing. */
const RATE_EVENTS_KEPT_MS = 2 * 24 * 60 * 60 * 1000;

/**
 * Sign-in attempts and audit entries older than 90 days, and rate-limit events older than two
 * days (every member write adds one, so they are not kept as a log; not audited).
 */
export function pruneOldLogs(db: Db, now: Date): Promise<JobRun> {
  const { logsBefore } = retentionCutoffs(now);
  return underJobLock(db, RETENTION_JOB_LOCKS.pruneLogs, async (tx) => {
    await tx
      .delete(rateEvents)
      .where(lt(rateEvents.createdAt, new Date(now.getTime() - RATE_EVENTS_KEPT_MS)));
    const attempts = await tx
      .delete(loginAttempts)
      .where(lt(loginAttempts.createdAt, logsBefore))
      .returning({ id: loginAttempts.id });
    const entries = await tx
      .delete(auditLog)
      .where(lt(auditLog.createdAt, logsBefore))
      .returning({ id: auditLog.id });
    const removed = attempts.length + entries.length;
    if (removed > 0) {
      await audit(tx, {
        action: 'retention.prune_logs',
        detail: { loginAttempts: attempts.length, auditEntries: entries.length },
        at: now,
      });
    }
    return removed;
  });
}
