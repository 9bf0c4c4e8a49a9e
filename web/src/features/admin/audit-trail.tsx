import { useState } from 'react';
import { AUDIT_PAGE_SIZE } from '../../../../domain';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { type Column, DataTable } from '../../components/ui/data-table';
import { Input, Label } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { type AuditEntryView, useAuditLog } from './api';
import { describeAction, describeActor, describeDetail, describeTarget } from './audit-words';

/** Typing a member number waits this long before asking, so each keystroke is not a request. */
const MEMBER_FILTER_DELAY_MS = 300;
const MAX_ID = 2_147_483_647;

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** A member number as the server accepts it, or undefined when the box is empty or not one. */
function memberId(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return undefined;
  const id = Number(trimmed);
  return id >= 1 && id <= MAX_ID ? id : undefined;
}

const columns: Column<AuditEntryView>[] = [
  {
    key: 'at',
    header: 'Time',
    cell: (entry) => <time dateTime={entry.at}>{when(entry.at)}</time>,
    className: 'whitespace-nowrap',
  },
  {
    key: 'actor',
    header: 'By',
    cell: (entry) => (
      <div className="min-w-32">
        <p>{describeActor(entry.actor)}</p>
        {entry.actor?.name && entry.actor.email ? (
          <p className="break-all text-xs text-slate-500">{entry.actor.email}</p>
        ) : null}
      </div>
    ),
  },
  {
    key: 'action',
    header: 'Action',
    cell: (entry) => <span className="font-medium">{describeAction(entry.action)}</span>,
  },
  { key: 'target', header: 'Target', cell: (entry) => describeTarget(entry.target) },
  {
    key: 'detail',
    header: 'What changed',
    cell: (entry) => {
      const lines = describeDetail(entry.detail);
      if (lines.length === 0) return '—';
      return (
        <dl className="min-w-40 space-y-0.5 text-xs">
          {lines.map(([label, text]) => (
            <div key={label}>
              <dt className="inline text-slate-500">{label}: </dt>
              <dd className="inline break-all">{text}</dd>
            </div>
          ))}
        </dl>
      );
    },
  },
];

/**
 * The audit trail (GET /api/admin/audit-log), newest first: filter by action and by member
 * (the server matches the member as actor or target), 50 a page. A new filter starts at page 1.
 */
export function AuditTrail() {
  const [action, setAction] = useState('');
  const [memberText, setMemberText] = useState('');
  const [page, setPage] = useState(1);
  const typedId = useDebouncedValue(memberText, MEMBER_FILTER_DELAY_MS);
  const userId = memberId(typedId);
  const badMemberId = memberText.trim() !== '' && memberId(memberText) === undefined;
  const log = useAuditLog({ action: action || undefined, userId, page });
  const actions = log.data?.actions ?? (action ? [action] : []);
  const pageCount = log.data
    ? Math.ceil(log.data.total / (log.data.pageSize || AUDIT_PAGE_SIZE))
    : 1;

  return (
    <div className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor="audit-action">Action</Label>
          <Select
            id="audit-action"
            placeholder="All actions"
            options={actions}
            optionLabel={describeAction}
            value={action}
            onChange={(e) => {
              setAction(e.target.value);
              setPage(1);
            }}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="audit-member">Member id</Label>
          <Input
            id="audit-member"
            inputMode="numeric"
            autoComplete="off"
            placeholder="Any member"
            value={memberText}
            aria-invalid={badMemberId || undefined}
            aria-describedby={badMemberId ? 'audit-member-error' : undefined}
            onChange={(e) => {
              setMemberText(e.target.value);
              setPage(1);
            }}
          />
          {badMemberId ? (
            <p id="audit-member-error" className="text-sm text-red-700">
              A member id is a whole number, e.g. 42.
            </p>
          ) : null}
        </div>
      </div>
      {log.isError ? (
        <Card role="alert" className="space-y-3 text-center">
          <p className="text-red-700">Failed to load the audit trail.</p>
          {log.error.message ? <p className="text-sm text-slate-600">{log.error.message}</p> : null}
          <Button variant="outline" onClick={() => void log.refetch()}>
            Try again
          </Button>
        </Card>
      ) : (
        <>
          {log.data ? (
            <p aria-live="polite" className="text-sm text-slate-600">
              {log.data.total.toLocaleString('en-GB')} {log.data.total === 1 ? 'entry' : 'entries'}
            </p>
          ) : null}
          <DataTable
            caption="Audit trail"
            columns={columns}
            rows={log.data?.entries ?? []}
            rowKey={(entry) => entry.id}
            loading={log.isFetching}
            emptyText="No audit entries match."
            page={page}
            pageCount={pageCount}
            onPageChange={setPage}
          />
        </>
      )}
    </div>
  );
}
