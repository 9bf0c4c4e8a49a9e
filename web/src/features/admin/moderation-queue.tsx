import { useState } from 'react';
import {
  BLOCK_FLAG_REPORT_DETAILS,
  formatModerationDate,
  MODERATION_ACTIONS,
  type ModerationAction,
  type ModerationQueueItem,
  moderationDecisionRequestSchema,
  REPORT_REASON_LABELS,
} from '../../../../domain';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { Label } from '../../components/ui/input';
import { Textarea } from '../../components/ui/textarea';
import { useAppeals, useDecideAppeal, useDecideReport, useModerationQueue } from '../moderation';

const ACTION_LABELS: Record<ModerationAction, string> = {
  dismiss: 'Dismiss',
  warn: 'Warn (e-mail)',
  restrict: 'Restrict 7 days',
  suspend: 'Suspend 30 days',
  ban: 'Ban',
};

const who = (m: { name: string | null; email: string } | null) =>
  m ? `${m.name ?? 'Unnamed'} (${m.email})` : 'A deleted member';

function DecisionForm({ report }: { report: ModerationQueueItem }) {
  const [action, setAction] = useState<ModerationAction | null>(null);
  const [reason, setReason] = useState('');
  const decide = useDecideReport();
  const parsed = moderationDecisionRequestSchema.safeParse({ action, reason });
  const prefix = `decision-${report.id}`;
  return (
    <form
      className="space-y-3 border-t border-slate-200 pt-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (parsed.success) decide.mutate({ reportId: report.id, ...parsed.data });
      }}
    >
      <fieldset className="flex flex-wrap gap-x-4 gap-y-2">
        <legend className="mb-1 font-medium">Decision</legend>
        {MODERATION_ACTIONS.map((value) => (
          <label key={value} className="flex items-center gap-2">
            <input
              type="radio"
              name={prefix}
              className="h-5 w-5"
              checked={action === value}
              onChange={() => setAction(value)}
            />
            {ACTION_LABELS[value]}
          </label>
        ))}
      </fieldset>
      <div className="space-y-1.5">
        <Label htmlFor={`${prefix}-reason`}>Reason (sent to the member)</Label>
        <Textarea
          id={`${prefix}-reason`}
          rows={2}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
      <Button type="submit" disabled={!parsed.success || decide.isPending}>
        {decide.isPending ? 'Saving...' : 'Apply decision'}
      </Button>
    </form>
  );
}

function ReportCard({ report }: { report: ModerationQueueItem }) {
  const m = report.reportedMember;
  return (
    <article aria-label={`Report about ${who(m)}`}>
      <Card className="space-y-3">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold">{who(m)}</h3>
          <Badge tone="danger">{REPORT_REASON_LABELS[report.reason]}</Badge>
          {report.flags.map((flag) => (
            <Badge key={flag} tone="warning">
              {flag.replaceAll('_', ' ')}
            </Badge>
          ))}
        </div>
        <p className="text-sm text-slate-600">
          {!report.reporter && report.details === BLOCK_FLAG_REPORT_DETAILS
            ? 'Flagged by Jumpseat'
            : `Reported by ${who(report.reporter)}`}{' '}
          on {formatModerationDate(new Date(report.createdAt))}
        </p>
        {report.details ? <p className="whitespace-pre-wrap">{report.details}</p> : null}
        {report.evidence.length > 0 ? (
          <section aria-label="Reported messages" className="space-y-1">
            <h4 className="text-sm font-medium">Messages</h4>
            <ul className="space-y-1 rounded-xl bg-slate-50 p-2 text-sm">
              {report.evidence.map((e) => (
                <li key={e.messageId}>
                  <span className="font-medium">
                    {e.fromReportedMember ? 'Reported member' : 'Reporter'}:
                  </span>{' '}
                  {e.content}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <p className="text-sm text-slate-600">
          Reports about this member: {report.history.length}
          {report.pastDecisions.length > 0
            ? ` · past decisions: ${report.pastDecisions.map((d) => d.action).join(', ')}`
            : ''}
        </p>
        <DecisionForm report={report} />
      </Card>
    </article>
  );
}

/** The open reports, oldest first, each decided on the ladder (issue 22). */
export function ModerationQueue() {
  const queue = useModerationQueue();
  if (queue.isPending) return <p role="status">Loading reports...</p>;
  if (queue.isError) return <p role="alert">Failed to load reports.</p>;
  if (queue.data.reports.length === 0) {
    return <EmptyState title="No open reports" description="Nothing is waiting for a decision." />;
  }
  return (
    <div className="space-y-3">
      {queue.data.reports.map((r) => (
        <ReportCard key={r.id} report={r} />
      ))}
    </div>
  );
}

/** Open appeals: uphold, or overturn (which lifts what the decision set). */
export function AppealsList() {
  const appeals = useAppeals();
  const decide = useDecideAppeal();
  if (appeals.isPending) return <p role="status">Loading appeals...</p>;
  if (appeals.isError) return <p role="alert">Failed to load appeals.</p>;
  if (appeals.data.appeals.length === 0) {
    return <EmptyState title="No open appeals" description="No member has appealed a decision." />;
  }
  return (
    <div className="space-y-3">
      {appeals.data.appeals.map((a) => (
        <Card key={a.id} className="space-y-2">
          <h3 className="font-semibold">{who(a.member)}</h3>
          <p className="text-sm text-slate-600">
            Appeals: {ACTION_LABELS[a.decision.action]} — {a.decision.reason}
          </p>
          <p className="whitespace-pre-wrap">{a.message}</p>
          <div className="flex gap-2">
            <Button
              variant="outline"
              disabled={decide.isPending}
              onClick={() => decide.mutate({ appealId: a.id, outcome: 'uphold' })}
            >
              Uphold
            </Button>
            <Button
              disabled={decide.isPending}
              onClick={() => decide.mutate({ appealId: a.id, outcome: 'overturn' })}
            >
              Overturn
            </Button>
          </div>
        </Card>
      ))}
    </div>
  );
}
