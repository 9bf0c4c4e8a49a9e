import { Inbox, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { EmptyState } from '../components/ui/empty-state';
import { SkeletonCards } from '../components/ui/skeleton';
import {
  BackToAdmin,
  EditEmailDialog,
  type PendingApproval,
  PendingApprovalCard,
  RejectDialog,
  useApproveUser,
  usePendingApprovals,
  useRejectUser,
  useUpdateRegistrationEmail,
} from '../features/admin';
import { cn } from '../lib/cn';

/** /admin/approvals: pending registrations to approve, reject or correct. */
export function ApprovalsPage() {
  const pending = usePendingApprovals();
  const approve = useApproveUser();
  const reject = useRejectUser();
  const updateEmail = useUpdateRegistrationEmail();
  const [rejecting, setRejecting] = useState<PendingApproval | null>(null);
  const [editing, setEditing] = useState<PendingApproval | null>(null);

  return (
    <main className="space-y-4">
      <BackToAdmin />
      <div className="flex items-center justify-between">
        <h1 className="text-2xl font-bold">Member Approvals</h1>
        <Button
          variant="outline"
          size="icon"
          aria-label="Refresh"
          disabled={pending.isFetching}
          onClick={() => void pending.refetch()}
        >
          <RefreshCw
            aria-hidden="true"
            className={cn('h-5 w-5', pending.isFetching && 'animate-spin')}
          />
        </Button>
      </div>

      {pending.isPending ? (
        <SkeletonCards label="Loading pending approvals" />
      ) : pending.isError ? (
        <Card role="alert" className="space-y-3 text-center">
          <p className="text-red-700">{pending.error.message || 'Failed to load user data.'}</p>
          <Button variant="outline" onClick={() => void pending.refetch()}>
            Try again
          </Button>
        </Card>
      ) : pending.data.length === 0 ? (
        <EmptyState
          icon={Inbox}
          title="No pending approvals"
          description="New registrations appear here automatically."
        />
      ) : (
        <>
          <p aria-live="polite" className="text-sm text-slate-600">
            {pending.data.length} waiting for review
          </p>
          <ul className="space-y-3">
            {pending.data.map((user) => (
              <li key={user.id}>
                <PendingApprovalCard
                  user={user}
                  approving={approve.isPending && approve.variables?.id === user.id}
                  onApprove={() => approve.mutate({ id: user.id, email: user.email })}
                  onReject={() => setRejecting(user)}
                  onEditEmail={() => setEditing(user)}
                />
              </li>
            ))}
          </ul>
        </>
      )}

      <RejectDialog
        user={rejecting}
        busy={reject.isPending}
        onCancel={() => setRejecting(null)}
        onReject={(reason) => {
          if (!rejecting) return;
          reject.mutate({ id: rejecting.id, reason }, { onSuccess: () => setRejecting(null) });
        }}
      />
      <EditEmailDialog
        user={editing}
        busy={updateEmail.isPending}
        onCancel={() => setEditing(null)}
        onSave={(email) => {
          if (!editing) return;
          updateEmail.mutate({ id: editing.id, email }, { onSuccess: () => setEditing(null) });
        }}
      />
    </main>
  );
}
