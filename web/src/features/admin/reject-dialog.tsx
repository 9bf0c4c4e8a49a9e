import { useState } from 'react';
import { rejectUserRequestSchema } from '../../../../domain';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Label } from '../../components/ui/input';
import { Textarea } from '../../components/ui/textarea';
import type { PendingApproval } from './api';

type Props = {
  user: PendingApproval | null;
  busy: boolean;
  onCancel: () => void;
  onReject: (reason: string) => void;
};

export function RejectDialog({ user, busy, onCancel, onReject }: Props) {
  const [reason, setReason] = useState('');
  const parsed = rejectUserRequestSchema.safeParse({ reason });
  const problem = parsed.success ? null : parsed.error.issues[0]!.message;

  return (
    <Dialog
      open={user !== null}
      onOpenChange={(open) => {
        if (!open) {
          setReason('');
          onCancel();
        }
      }}
      title="Reject registration"
      description={user ? `${user.name ?? 'This member'} (${user.email}) will not get access.` : ''}
      footer={
        <>
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            disabled={problem !== null || busy}
            onClick={() => {
              onReject(parsed.data?.reason ?? '');
              setReason('');
            }}
          >
            {busy ? 'Rejecting...' : 'Reject'}
          </Button>
        </>
      }
    >
      <div className="space-y-1.5">
        <Label htmlFor="reject-reason">Reason</Label>
        <Textarea
          id="reject-reason"
          rows={3}
          value={reason}
          aria-invalid={problem ? true : undefined}
          aria-describedby="reject-reason-hint"
          onChange={(e) => setReason(e.target.value)}
        />
        <p id="reject-reason-hint" aria-live="polite" className="min-h-5 text-sm text-red-700">
          {problem}
        </p>
      </div>
    </Dialog>
  );
}
