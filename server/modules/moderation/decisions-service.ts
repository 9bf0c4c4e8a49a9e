import { and, eq } from 'drizzle-orm';
import {
  type AppealOutcome,
  type AppealRequest,
  decisionEffect,
  isAppealable,
  MODERATION_MESSAGES,
  type ModerationDecisionRequest,
  overturnEffect,
} from '../../../domain';
import { appeals, moderationDecisions, reports, type UserRow, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { audit } from '../../lib/audit';
import { conflict, notFound } from '../../lib/errors';
import { hashToken, newToken } from '../../lib/tokens';
import { enqueueMail } from '../../mail/outbox';
import { appealOutcomeMail, decisionMail } from './mails';
import { presentAppeal, presentDecision } from './presenter';

type Admin = Pick<UserRow, 'id'>;

/**
 * The decision ladder and its appeals. Each decision, its effect on the member, its mail (with the
 * appeal link) and its audit row commit together; sessions end after the commit, as every admin
 * action that signs a member out does (the session store has its own writes).
 */
export function createDecisionsService(deps: AppDeps) {
  const { db } = deps.database;
  const appealUrl = (token: string) =>
    `${deps.config.publicUrl}/appeal?token=${encodeURIComponent(token)}`;

  /**
   * Decides an open report. The decision covers the member, so every open report about them
   * closes with it. A dismissal is not mailed: it would tell the member they were reported.
   */
  async function decide(admin: Admin, reportId: number, input: ModerationDecisionRequest) {
    const now = deps.clock.now();
    const effect = decisionEffect(input.action, now);
    const result = await db.transaction(async (tx) => {
      const [report] = await tx
        .select()
        .from(reports)
        .where(eq(reports.id, reportId))
        .for('update');
      if (!report) throw notFound('Report not found');
      if (report.status !== 'open') throw conflict('This report has already been decided');
      const [member] = await tx
        .select()
        .from(users)
        .where(eq(users.id, report.reportedUserId))
        .for('update');
      if (!member) throw notFound('User not found');
      const appealable = isAppealable(input.action);
      const token = appealable ? newToken() : null;
      const [decision] = await tx
        .insert(moderationDecisions)
        .values({
          userId: member.id,
          email: member.email,
          action: input.action,
          reason: input.reason,
          adminId: admin.id,
          reportId: report.id,
          until: effect.until,
          appealTokenHash: token?.hash ?? null,
          createdAt: now,
        })
        .returning();
      if (Object.keys(effect.set).length > 0) {
        await tx
          .update(users)
          .set({
            ...effect.set,
            ...(effect.endsSessions && { isOnline: false, lastHeartbeatAt: null }),
          })
          .where(eq(users.id, member.id));
      }
      const closed = await tx
        .update(reports)
        .set({ status: 'closed', decisionId: decision!.id })
        .where(and(eq(reports.reportedUserId, member.id), eq(reports.status, 'open')))
        .returning({ id: reports.id });
      if (token) {
        await enqueueMail(
          tx,
          member.email,
          decisionMail(member.name, decision!, appealUrl(token.token)),
          now,
        );
      }
      await audit(tx, {
        actorId: admin.id,
        action: 'moderation.decision',
        target: { type: 'user', id: member.id },
        detail: {
          decisionId: decision!.id,
          reportId: report.id,
          action: input.action,
          reason: input.reason,
          until: effect.until?.toISOString() ?? null,
          reportsClosed: closed.length,
        },
        at: now,
      });
      return {
        decision: decision!,
        memberId: member.id,
        mailed: Boolean(token),
        reportsClosed: closed.length,
      };
    });
    if (result.mailed) deps.kickMail();
    if (effect.endsSessions) await deps.sessions.revokeAllForUser(result.memberId);
    return {
      success: true as const,
      decision: presentDecision(result.decision),
      reportsClosed: result.reportsClosed,
    };
  }

  async function decisionByToken(token: string) {
    const [decision] = await db
      .select()
      .from(moderationDecisions)
      .where(eq(moderationDecisions.appealTokenHash, hashToken(token)));
    if (!decision) throw notFound(MODERATION_MESSAGES.appealInvalid);
    return decision;
  }

  /** GET /api/appeals?token=: what the link appeals, for the appeal page. */
  async function appealInfo(token: string) {
    const decision = await decisionByToken(token);
    const [appeal] = await db
      .select({ id: appeals.id })
      .from(appeals)
      .where(eq(appeals.decisionId, decision.id));
    return { decision: presentDecision(decision), appealed: Boolean(appeal) };
  }

  /** POST /api/appeals: once per decision; the unique index makes a second (or a racing) one a 409. */
  async function appeal(input: AppealRequest) {
    const now = deps.clock.now();
    const decision = await decisionByToken(input.token);
    await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(appeals)
        .values({ decisionId: decision.id, message: input.message, createdAt: now })
        .onConflictDoNothing({ target: appeals.decisionId })
        .returning({ id: appeals.id });
      if (!created) throw conflict(MODERATION_MESSAGES.appealTwice);
      await audit(tx, {
        actorId: decision.userId,
        action: 'moderation.appeal',
        ...(decision.userId && { target: { type: 'user' as const, id: decision.userId } }),
        detail: { decisionId: decision.id, appealId: created.id },
        at: now,
      });
    });
    return { success: true as const, message: MODERATION_MESSAGES.appealReceived };
  }

  async function openAppeals() {
    const rows = await db
      .select({ appeal: appeals, decision: moderationDecisions, member: users })
      .from(appeals)
      .innerJoin(moderationDecisions, eq(moderationDecisions.id, appeals.decisionId))
      .leftJoin(users, eq(users.id, moderationDecisions.userId))
      .where(eq(appeals.status, 'open'))
      .orderBy(appeals.createdAt, appeals.id)
      .limit(100);
    return { appeals: rows.map(presentAppeal) };
  }

  /** Upholds or overturns an appeal; overturning lifts exactly what the decision set. */
  async function decideAppeal(admin: Admin, appealId: number, outcome: AppealOutcome) {
    const now = deps.clock.now();
    const status = outcome === 'overturn' ? ('overturned' as const) : ('upheld' as const);
    await db.transaction(async (tx) => {
      const [appeal] = await tx
        .select()
        .from(appeals)
        .where(eq(appeals.id, appealId))
        .for('update');
      if (!appeal) throw notFound('Appeal not found');
      if (appeal.status !== 'open') throw conflict(MODERATION_MESSAGES.appealDecided);
      const [decision] = await tx
        .select()
        .from(moderationDecisions)
        .where(eq(moderationDecisions.id, appeal.decisionId));
      await tx
        .update(appeals)
        .set({ status, decidedBy: admin.id, decidedAt: now })
        .where(eq(appeals.id, appeal.id));
      if (status === 'overturned') {
        await tx
          .update(moderationDecisions)
          .set({ overturnedAt: now })
          .where(eq(moderationDecisions.id, decision!.id));
        if (decision!.userId) {
          const lift = overturnEffect(decision!.action);
          if (Object.keys(lift).length > 0) {
            await tx.update(users).set(lift).where(eq(users.id, decision!.userId));
          }
        }
      }
      const [member] = decision!.userId
        ? await tx.select({ name: users.name }).from(users).where(eq(users.id, decision!.userId))
        : [];
      await enqueueMail(
        tx,
        decision!.email,
        appealOutcomeMail(member?.name ?? null, status === 'overturned'),
        now,
      );
      await audit(tx, {
        actorId: admin.id,
        action: 'moderation.appeal_decision',
        ...(decision!.userId && { target: { type: 'user' as const, id: decision!.userId } }),
        detail: { appealId: appeal.id, decisionId: decision!.id, outcome: status },
        at: now,
      });
    });
    deps.kickMail();
    return { success: true as const, status };
  }

  return { decide, appealInfo, appeal, openAppeals, decideAppeal };
}
