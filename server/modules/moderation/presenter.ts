import type { AppealListItem, ModerationDecision, ModerationQueueItem } from '../../../domain';
import type { ModerationDecisionRow, ReportRow, reportEvidence, UserRow } from '../../db/schema';
import { presentAuditParty } from '../users/presenter';

type EvidenceRow = typeof reportEvidence.$inferSelect;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function presentDecision(d: ModerationDecisionRow): ModerationDecision {
  return {
    id: d.id,
    action: d.action,
    reason: d.reason,
    until: iso(d.until),
    overturnedAt: iso(d.overturnedAt),
    createdAt: d.createdAt.toISOString(),
  };
}

/** One open report as the moderators see it; the reporter is named to admins only. */
export function presentQueueItem(row: {
  report: ReportRow;
  reporter: UserRow | null;
  reported: UserRow;
  evidence: EvidenceRow[];
  history: ReportRow[];
  decisions: ModerationDecisionRow[];
  flags: string[];
}): ModerationQueueItem {
  const { report, reported } = row;
  return {
    id: report.id,
    reason: report.reason,
    details: report.details,
    waveId: report.waveId,
    messageId: report.messageId,
    createdAt: report.createdAt.toISOString(),
    reporter: row.reporter ? presentAuditParty(row.reporter) : null,
    reportedMember: {
      ...presentAuditParty(reported),
      restrictedUntil: iso(reported.restrictedUntil),
      suspendedUntil: iso(reported.suspendedUntil),
      bannedAt: iso(reported.bannedAt),
    },
    evidence: row.evidence.map((e) => ({
      messageId: e.messageId,
      fromReportedMember: e.senderId === reported.id,
      content: e.content,
      sentAt: e.sentAt.toISOString(),
    })),
    history: row.history.map((h) => ({
      id: h.id,
      reason: h.reason,
      status: h.status,
      createdAt: h.createdAt.toISOString(),
    })),
    pastDecisions: row.decisions.map(presentDecision),
    flags: row.flags,
  };
}

export function presentAppeal(row: {
  appeal: { id: number; message: string; createdAt: Date };
  decision: ModerationDecisionRow;
  member: UserRow | null;
}): AppealListItem {
  return {
    id: row.appeal.id,
    message: row.appeal.message,
    createdAt: row.appeal.createdAt.toISOString(),
    member: row.member ? presentAuditParty(row.member) : null,
    decision: presentDecision(row.decision),
  };
}
