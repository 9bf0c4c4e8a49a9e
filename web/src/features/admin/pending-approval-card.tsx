import { BadgeCheck, Pencil, TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { isCrewEmail } from '../../../../domain';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { CREW_DOMAINS } from '../registration';
import type { PendingApproval } from './api';

type Props = {
  user: PendingApproval;
  approving: boolean;
  onApprove: () => void;
  onReject: () => void;
  onEditEmail: () => void;
};

const formatDate = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString('en-GB', { dateStyle: 'medium' }) : '—';

export function PendingApprovalCard({ user, approving, onApprove, onReject, onEditEmail }: Props) {
  const titleId = useId();
  const verified = isCrewEmail(user.email, CREW_DOMAINS);
  const name = user.name ?? 'Unnamed';

  return (
    <article aria-labelledby={titleId}>
      <Card className="space-y-3">
        <div className="flex items-start justify-between gap-2">
          <div id={titleId} className="min-w-0">
            <h2 className="font-semibold">{name}</h2>
            <p className="break-all text-sm text-slate-600">{user.email}</p>
          </div>
          {verified ? (
            <Badge tone="verified" className="shrink-0">
              <BadgeCheck aria-hidden="true" className="h-3.5 w-3.5" />
              Verified
            </Badge>
          ) : (
            <Badge tone="warning" className="shrink-0">
              <TriangleAlert aria-hidden="true" className="h-3.5 w-3.5" />
              Check domain
            </Badge>
          )}
        </div>

        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
          <dt className="text-slate-500">Role</dt>
          <dd>{user.role ?? '—'}</dd>
          <dt className="text-slate-500">Membership</dt>
          <dd className="capitalize">{user.membership_type}</dd>
          {/* Shown even when it is the login e-mail: the admin matches it to the payment. */}
          {user.payment_email ? (
            <>
              <dt className="text-slate-500">Payment email</dt>
              <dd className="break-all">{user.payment_email}</dd>
            </>
          ) : null}
          <dt className="text-slate-500">Registered</dt>
          <dd>{formatDate(user.created_at)}</dd>
          <dt className="text-slate-500">Expires</dt>
          <dd>{formatDate(user.effective_expiry_date)}</dd>
        </dl>

        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            aria-label={`Approve ${name}`}
            aria-busy={approving || undefined}
            disabled={approving}
            onClick={onApprove}
          >
            {approving ? 'Approving...' : 'Approve'}
          </Button>
          <Button size="sm" variant="outline" aria-label={`Reject ${name}`} onClick={onReject}>
            Reject
          </Button>
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Edit email of ${name}`}
            onClick={onEditEmail}
          >
            <Pencil aria-hidden="true" className="h-4 w-4" />
            Edit email
          </Button>
        </div>
      </Card>
    </article>
  );
}
