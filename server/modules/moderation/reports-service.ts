import { and, desc, eq, inArray, lte, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  canReport,
  EVIDENCE_MESSAGES_MAX,
  evidencePurgeAfter,
  MODERATION_MESSAGES,
  type ModerationQueue,
  REPORT_WINDOW_MS,
  REPORTS_PER_DAY,
  type ReportRequest,
} from '../../../domain';
import type { Db, Tx } from '../../db/client';

type DbOrTx = Db | Tx;

import {
  flightCrew,
  messages,
  moderationDecisions,
  reportEvidence,
  reports,
  type UserRow,
  users,
  waves,
} from '../../db/schema';
import type { AppDeps } from '../../deps';
import { audit } from '../../lib/audit';
import { badRequest, enforce, notFound } from '../../lib/errors';
import { blockFlagsFor } from '../blocks';
import { presentQueueItem } from './presenter';

const QUEUE_MAX = 100;
const HISTORY_MAX = 20;

/** Flags for the queue: a member blocked by 3 different members within 30 days (issue 22). */
async function moderationFlagsFor(
  db: DbOrTx,
  userIds: number[],
  now: Date,
): Promise<Map<number, string[]>> {
  const blocks = await blockFlagsFor(db, userIds, now);
  return new Map(
    [...blocks].map(([id, flag]) => [id, flag.flagged ? ['blocked_by_3_in_30_days'] : []]),
  );
}

/** Members' reports and the moderators' queue of them. */
export function createReportsService(deps: AppDeps) {
  const { db } = deps.database;

  /**
   * POST /api/reports. The reporter's slot is taken first (atomically, in the database), so
   * probing ids costs slots too; the checks, the report, its evidence and the audit row then
   * commit together. The reported member is told nothing.
   */
  async function report(reporter: Pick<UserRow, 'id'>, input: ReportRequest) {
    const now = deps.clock.now();
    await deps.rateLimiter.take(
      'report',
      String(reporter.id),
      REPORTS_PER_DAY,
      REPORT_WINDOW_MS,
      now,
      MODERATION_MESSAGES.reportTooMany,
    );
    const reportId = await db.transaction(async (tx) => {
      const [reported] = await tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.id, input.userId),
            eq(users.isDeleted, false),
            eq(users.approvalStatus, 'approved'),
          ),
        );
      if (!reported) throw notFound(MODERATION_MESSAGES.reportNotFound);
      const [message] = input.messageId
        ? await tx
            .select({ id: messages.id, senderId: messages.senderId, waveId: messages.waveId })
            .from(messages)
            .where(eq(messages.id, input.messageId))
        : [];
      const waveId = input.waveId ?? message?.waveId;
      const [wave] = waveId ? await tx.select().from(waves).where(eq(waves.id, waveId)) : [];
      const sharedFlightOrWave =
        input.waveId || input.messageId
          ? false
          : await shareFlightOrWave(tx, reporter.id, reported.id);
      enforce(
        canReport(reporter.id, reported.id, {
          sharedFlightOrWave,
          wave: wave ?? null,
          message: message ?? null,
          waveIdGiven: input.waveId !== undefined,
          messageIdGiven: input.messageId !== undefined,
          waveId: input.waveId,
        }),
        (reason) =>
          reason === MODERATION_MESSAGES.reportSelf ? badRequest(reason) : notFound(reason),
      );
      const [created] = await tx
        .insert(reports)
        .values({
          reporterId: reporter.id,
          reportedUserId: reported.id,
          waveId: wave?.id ?? null,
          messageId: message?.id ?? null,
          reason: input.reason,
          details: input.details ?? null,
          createdAt: now,
        })
        .returning({ id: reports.id });
      // Evidence is a copy: it stays (90 days) when the wave or its messages are deleted.
      const copied = message
        ? await tx.select().from(messages).where(eq(messages.id, message.id))
        : wave
          ? await tx
              .select()
              .from(messages)
              .where(eq(messages.waveId, wave.id))
              .orderBy(desc(messages.createdAt), desc(messages.id))
              .limit(EVIDENCE_MESSAGES_MAX)
          : [];
      if (copied.length > 0) {
        await tx.insert(reportEvidence).values(
          copied.map((m) => ({
            reportId: created!.id,
            messageId: m.id,
            senderId: m.senderId,
            content: m.content,
            sentAt: m.createdAt,
            purgeAfter: evidencePurgeAfter(now),
          })),
        );
      }
      await audit(tx, {
        actorId: reporter.id,
        action: 'moderation.report',
        target: { type: 'user', id: reported.id },
        detail: { reportId: created!.id, reason: input.reason },
        at: now,
      });
      return created!.id;
    });
    return { success: true as const, reportId, message: MODERATION_MESSAGES.reportReceived };
  }

  /** Whether the two are crew on one flight, or have a wave between them (on any flight). */
  async function shareFlightOrWave(tx: Tx, a: number, b: number) {
    const other = alias(flightCrew, 'other_crew');
    const [crew] = await tx
      .select({ flightId: flightCrew.flightId })
      .from(flightCrew)
      .innerJoin(other, eq(other.flightId, flightCrew.flightId))
      .where(and(eq(flightCrew.userId, a), eq(other.userId, b)))
      .limit(1);
    if (crew) return true;
    const [wave] = await tx
      .select({ id: waves.id })
      .from(waves)
      .where(
        or(
          and(eq(waves.senderId, a), eq(waves.receiverId, b)),
          and(eq(waves.senderId, b), eq(waves.receiverId, a)),
        ),
      )
      .limit(1);
    return Boolean(wave);
  }

  /** The open reports, oldest first, each with its evidence and the reported member's history. */
  async function queue(): Promise<ModerationQueue> {
    const now = deps.clock.now();
    // Evidence past its 90 days goes when the queue is read (no separate job needed to honour it).
    await db.delete(reportEvidence).where(lte(reportEvidence.purgeAfter, now));
    const open = await db
      .select()
      .from(reports)
      .where(eq(reports.status, 'open'))
      .orderBy(reports.createdAt, reports.id)
      .limit(QUEUE_MAX);
    if (open.length === 0) return { reports: [] };
    const memberIds = [
      ...new Set(open.flatMap((r) => [r.reportedUserId, ...(r.reporterId ? [r.reporterId] : [])])),
    ];
    const reportedIds = [...new Set(open.map((r) => r.reportedUserId))];
    const [people, evidence, history, decisions, flags] = await Promise.all([
      db.select().from(users).where(inArray(users.id, memberIds)),
      db
        .select()
        .from(reportEvidence)
        .where(
          inArray(
            reportEvidence.reportId,
            open.map((r) => r.id),
          ),
        )
        .orderBy(reportEvidence.sentAt, reportEvidence.messageId),
      db
        .select()
        .from(reports)
        .where(inArray(reports.reportedUserId, reportedIds))
        .orderBy(desc(reports.createdAt), desc(reports.id)),
      db
        .select()
        .from(moderationDecisions)
        .where(inArray(moderationDecisions.userId, reportedIds))
        .orderBy(desc(moderationDecisions.createdAt), desc(moderationDecisions.id)),
      moderationFlagsFor(db, reportedIds, now),
    ]);
    const byId = new Map(people.map((u) => [u.id, u]));
    return {
      reports: open.flatMap((report) => {
        const reported = byId.get(report.reportedUserId);
        if (!reported) return [];
        return [
          presentQueueItem({
            report,
            reporter: report.reporterId ? (byId.get(report.reporterId) ?? null) : null,
            reported,
            evidence: evidence.filter((e) => e.reportId === report.id),
            history: history
              .filter((h) => h.reportedUserId === report.reportedUserId)
              .slice(0, HISTORY_MAX),
            decisions: decisions.filter((d) => d.userId === report.reportedUserId),
            flags: flags.get(report.reportedUserId) ?? [],
          }),
        ];
      }),
    };
  }

  return { report, queue };
}
