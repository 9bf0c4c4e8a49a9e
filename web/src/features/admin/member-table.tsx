import { MoreHorizontal } from 'lucide-react';
import { useId } from 'react';
import {
  adminExpiryTone,
  MEMBERSHIP_FILTERS,
  type MembershipFilter,
  trialStatus,
} from '../../../../domain';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { type Column, DataTable } from '../../components/ui/data-table';
import { Input, Label } from '../../components/ui/input';
import { cn } from '../../lib/cn';
import type { AdminUser } from './members-api';

/** The date a member's access runs to: the trial's end for a trial, else the subscription's. */
export function memberExpiry(user: AdminUser, now: Date): string | null {
  if (user.membershipType === 'trial') return trialStatus(user, now).trialExpiresAt;
  return user.subscriptionExpiresAt;
}

const TONE_STYLE = {
  expired: { className: 'font-semibold text-red-700', label: 'Expired' },
  soon: { className: 'font-semibold text-orange-700', label: 'Expiring soon' },
} as const;

const formatDay = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { dateStyle: 'medium' });

/** Past red, within 7 days orange (domain adminExpiryTone); the words say it without colour. */
export function ExpiryCell({ user, now }: { user: AdminUser; now: Date }) {
  const expiry = memberExpiry(user, now);
  if (!expiry) return <span className="text-slate-500">—</span>;
  if (new Date(expiry).getUTCFullYear() >= 2099) return <span>Lifetime</span>;
  const tone = adminExpiryTone(expiry, now);
  const style = tone ? TONE_STYLE[tone] : null;
  return (
    <span data-tone={tone ?? undefined} className={cn('whitespace-nowrap', style?.className)}>
      {formatDay(expiry)}
      {style ? <span className="block text-xs">{style.label}</span> : null}
    </span>
  );
}

function MemberCell({ user }: { user: AdminUser }) {
  return (
    <div className="min-w-0 space-y-1">
      <p className="font-medium">{user.name ?? 'Unnamed'}</p>
      <p className="break-all text-slate-600">{user.email}</p>
      <ul aria-label="Status" className="flex flex-wrap gap-1">
        <Badge as="li" tone={user.membershipType === 'trial' ? 'trial' : 'neutral'}>
          {user.membershipType}
        </Badge>
        {user.isAdmin ? (
          <Badge as="li" tone="admin">
            Admin
          </Badge>
        ) : null}
        {user.isDeleted ? (
          <Badge as="li" tone="danger">
            Deleted
          </Badge>
        ) : null}
        {user.cancellationRequestedAt ? (
          <Badge
            as="li"
            tone="warning"
            title={`Requested ${formatDay(user.cancellationRequestedAt)}`}
          >
            Cancellation requested
          </Badge>
        ) : null}
      </ul>
    </div>
  );
}

const FILTER_LABELS: Record<MembershipFilter, string> = {
  all: 'All members',
  standard: 'Standard',
  trial: 'Trial',
  paid: 'Paid',
  tester: 'Tester',
};

type Props = {
  users: readonly AdminUser[];
  total: number;
  /** A search matched more than `total` members. */
  totalCapped?: boolean;
  now: Date;
  loading: boolean;
  search: string;
  onSearchChange: (search: string) => void;
  membership: MembershipFilter;
  onMembershipChange: (filter: MembershipFilter) => void;
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  onManage: (user: AdminUser) => void;
};

/**
 * The member table: the server searches, filters and pages. Three columns fit a phone (the
 * member, the expiry, the actions); the last sign-in joins them from a tablet's width.
 */
export function MemberTable({
  users,
  total,
  totalCapped = false,
  now,
  loading,
  search,
  onSearchChange,
  membership,
  onMembershipChange,
  page,
  pageCount,
  onPageChange,
  onManage,
}: Props) {
  const id = useId();
  const columns: Column<AdminUser>[] = [
    { key: 'member', header: 'Member', cell: (user) => <MemberCell user={user} /> },
    { key: 'expires', header: 'Expires', cell: (user) => <ExpiryCell user={user} now={now} /> },
    {
      key: 'lastLogin',
      header: 'Last sign-in',
      className: 'hidden md:table-cell',
      cell: (user) =>
        user.lastLoginAt ? (
          formatDay(user.lastLoginAt)
        ) : (
          <span className="text-slate-500">Never</span>
        ),
    },
    {
      key: 'actions',
      header: 'Actions',
      className: 'w-px text-right',
      cell: (user) => (
        <Button
          variant="outline"
          size="icon"
          aria-label={`Manage ${user.email}`}
          aria-haspopup="dialog"
          onClick={() => onManage(user)}
        >
          <MoreHorizontal aria-hidden="true" className="h-5 w-5" />
        </Button>
      ),
    },
  ];

  return (
    <section aria-label="Members" className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-[1fr_12rem]">
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-search`}>Search members</Label>
          <Input
            id={`${id}-search`}
            type="search"
            placeholder="Name, nickname or e-mail"
            value={search}
            onChange={(e) => onSearchChange(e.target.value)}
          />
        </div>
        {/* A native select of its own: the shared Select shows raw values, not these labels. */}
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-membership`}>Membership</Label>
          <select
            id={`${id}-membership`}
            className="h-11 w-full rounded-xl border border-slate-300 bg-white px-3 text-base focus:border-brand-500"
            value={membership}
            onChange={(e) => onMembershipChange(e.target.value as MembershipFilter)}
          >
            {MEMBERSHIP_FILTERS.map((filter) => (
              <option key={filter} value={filter}>
                {FILTER_LABELS[filter]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p aria-live="polite" className="text-sm text-slate-600">
        {loading
          ? 'Loading members...'
          : `${total}${totalCapped ? '+' : ''} ${total === 1 && !totalCapped ? 'member' : 'members'}`}
      </p>
      <DataTable
        caption="Members"
        columns={columns}
        rows={users}
        rowKey={(user) => user.id}
        page={page}
        pageCount={pageCount}
        onPageChange={onPageChange}
        loading={loading}
        emptyText="No members match."
      />
    </section>
  );
}
