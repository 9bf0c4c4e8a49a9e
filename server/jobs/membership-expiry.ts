import { and, eq, gt, isNotNull, lte, ne, sql } from 'drizzle-orm';
import { DAY_MS, EXPIRY_REMINDER_DAYS } from '../../domain';
import { type JobRun, underJobLock } from '../db/advisory-lock';
import type { Db } from '../db/client';
import { expiryReminders, users } from '../db/schema';
import { enqueueMail } from '../mail/outbox';
import { expiryReminderMail } from '../mail/templates';

/**
 * The membership jobs. Each runs in one transaction under its own advisory lock (underJobLock):
 * when another instance holds it, this run does nothing and says so, instead of queueing behind
 * it to repeat the same work. Every function takes the clock's
 * `now`, so tests judge each boundary with an injected time.
 *
 * The lapsing rule is the domain's (trialStatus, effectiveSubscriptionStatus): a period ends at
 * its expiry instant (`<= now`). Admins and demo members never lapse at sign-in, so no job
 * touches them either.
 */
export const MEMBERSHIP_JOB_LOCKS = {
  trialExpiry: 715_001,
  subscriptionExpiry: 715_002,
  expiryReminders: 715_003,
} as const;

/** Members who sign in and may be judged by the jobs (approved, live, neither admin nor demo). */
const judged = and(
  eq(users.approvalStatus, 'approved'),
  eq(users.isDeleted, false),
  eq(users.isAdmin, false),
  eq(users.isDemoUser, false),
  eq(users.subscriptionStatus, 'active'),
);
/** A trial ends at trialExpiresAt; older rows only carry the subscription expiry (as the domain). */
const trialEnd = sql<Date>`coalesce(${users.trialExpiresAt}, ${users.subscriptionExpiresAt})`;

/** Approved trials whose end has come: 'expired', so lists and counts say what sign-in says. */
export function expireTrials(db: Db, now: Date): Promise<JobRun> {
  return underJobLock(db, MEMBERSHIP_JOB_LOCKS.trialExpiry, async (tx) => {
    const expired = await tx
      .update(users)
      .set({ subscriptionStatus: 'expired' })
      .where(and(judged, eq(users.membershipType, 'trial'), lte(trialEnd, now)))
      .returning({ id: users.id });
    return expired.length;
  });
}

/** Active paid memberships past their expiry: 'expired'. Without an expiry, nothing lapses. */
export function expireSubscriptions(db: Db, now: Date): Promise<JobRun> {
  return underJobLock(db, MEMBERSHIP_JOB_LOCKS.subscriptionExpiry, async (tx) => {
    const expired = await tx
      .update(users)
      .set({ subscriptionStatus: 'expired' })
      .where(
        and(
          judged,
          ne(users.membershipType, 'trial'),
          isNotNull(users.subscriptionExpiresAt),
          lte(users.subscriptionExpiresAt, now),
        ),
      )
      .returning({ id: users.id });
    return expired.length;
  });
}

/**
 * One reminder per member and period end, from EXPIRY_REMINDER_DAYS before the end until it:
 * the expiry_reminders row and the mail are written in one transaction, and the row's key
 * (member, period end) makes a second run, or a run on another instance, send nothing. A
 * renewal moves the period end, so the next period gets its own reminder.
 */
export function sendExpiryReminders(db: Db, now: Date, publicUrl: string): Promise<JobRun> {
  const horizon = new Date(now.getTime() + EXPIRY_REMINDER_DAYS * DAY_MS);
  return underJobLock(db, MEMBERSHIP_JOB_LOCKS.expiryReminders, async (tx) => {
    const isTrial = eq(users.membershipType, 'trial');
    const periodEnd = sql<Date>`case when ${isTrial} then ${trialEnd} else ${users.subscriptionExpiresAt} end`;
    const due = await tx
      .select({
        id: users.id,
        email: users.email,
        name: users.name,
        membershipType: users.membershipType,
        periodEnd: periodEnd.mapWith(users.subscriptionExpiresAt),
      })
      .from(users)
      .where(and(judged, gt(periodEnd, now), lte(periodEnd, horizon)));
    let sent = 0;
    for (const member of due) {
      const [claimed] = await tx
        .insert(expiryReminders)
        .values({ userId: member.id, periodEnd: member.periodEnd, sentAt: now })
        .onConflictDoNothing()
        .returning({ userId: expiryReminders.userId });
      if (!claimed) continue;
      const trial = member.membershipType === 'trial';
      const url = trial
        ? `${publicUrl}/convert-trial`
        : `${publicUrl}/renew?email=${encodeURIComponent(member.email)}`;
      await enqueueMail(
        tx,
        member.email,
        expiryReminderMail(member.name, trial ? 'trial' : 'membership', member.periodEnd, url),
        now,
      );
      sent += 1;
    }
    return sent;
  });
}
