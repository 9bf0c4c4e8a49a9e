import { useState } from 'react';
import {
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportReason,
  reportRequestSchema,
} from '../../../../domain';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { Dialog } from '../../components/ui/dialog';
import { Label } from '../../components/ui/input';
import { Textarea } from '../../components/ui/textarea';
import { useReport } from './api';

export type ReportTarget = {
  /** The member reported, by the name the viewer sees. */
  member: { id: number; displayName: string };
  waveId?: number;
  messageId?: number;
};

type Props = ReportTarget & { open: boolean; onOpenChange: (open: boolean) => void };

/** Report a member (optionally about a wave or a message), with an optional block in the same step. */
export function ReportDialog({ member, waveId, messageId, open, onOpenChange }: Props) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [alsoBlock, setAlsoBlock] = useState(false);
  const report = useReport();
  const parsed = reportRequestSchema.safeParse({
    userId: member.id,
    waveId,
    messageId,
    reason,
    details,
  });
  const close = () => {
    setReason(null);
    setDetails('');
    setAlsoBlock(false);
    onOpenChange(false);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title={`Report ${member.displayName}`}
      description="Our moderators will review it. They will not tell the member who reported them."
      footer={
        <>
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            disabled={!parsed.success || report.isPending}
            onClick={() => {
              if (!parsed.success) return;
              report.mutate({ ...parsed.data, alsoBlock }, { onSuccess: close });
            }}
          >
            {report.isPending ? 'Sending...' : 'Send report'}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <fieldset className="space-y-2">
          <legend className="mb-1 font-medium">Reason</legend>
          {REPORT_REASONS.map((value) => (
            <label key={value} className="flex items-center gap-3">
              <input
                type="radio"
                name="report-reason"
                className="h-5 w-5"
                value={value}
                checked={reason === value}
                onChange={() => setReason(value)}
              />
              <span>{REPORT_REASON_LABELS[value]}</span>
            </label>
          ))}
        </fieldset>
        <div className="space-y-1.5">
          <Label htmlFor="report-details">Details (optional)</Label>
          <Textarea
            id="report-details"
            rows={3}
            value={details}
            onChange={(e) => setDetails(e.target.value)}
          />
        </div>
        <Checkbox
          label="Also block this member"
          description="You will no longer see each other anywhere on Jumpseat."
          checked={alsoBlock}
          onCheckedChange={setAlsoBlock}
        />
      </div>
    </Dialog>
  );
}
