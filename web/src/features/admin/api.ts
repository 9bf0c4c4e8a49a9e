import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AdminUsersQuery,
  approveUserResponseSchema,
  pendingApprovalSchema,
  rejectUserResponseSchema,
  updateEmailResponseSchema,
} from '../../../../domain';
import { toast } from '../../components/ui/toast';
import { api } from '../../lib/api-client';
import { useSingleFlightMutation } from '../../lib/use-single-flight-mutation';
import { usePollInterval } from '../waves';

export type PendingApproval = z.infer<typeof pendingApprovalSchema>;

/** Cache keys of the admin screens. */
export const adminKeys = {
  all: ['admin'] as const,
  pendingApprovals: ['admin', 'pending-approvals'] as const,
  pendingCount: ['admin', 'pending-count'] as const,
  members: ['admin', 'members'] as const,
  memberPage: (query: Required<AdminUsersQuery>) => ['admin', 'members', query] as const,
  userFlights: (id: number) => ['admin', 'user-flights', id] as const,
  pastFlights: ['admin', 'past-flights'] as const,
};

export const approvalsApi = {
  list: () => api.get<PendingApproval[]>('/api/admin/pending-approvals'),
  pendingCount: () => api.get<{ count: number }>('/api/admin/pending-count'),
  approve: (id: number) =>
    api.post<z.infer<typeof approveUserResponseSchema>>(`/api/admin/approve-user/${id}`),
  reject: ({ id, reason }: { id: number; reason: string }) =>
    api.post<z.infer<typeof rejectUserResponseSchema>>(`/api/admin/reject-user/${id}`, {
      reason,
    }),
  updateEmail: ({ id, email }: { id: number; email: string }) =>
    api.post<z.infer<typeof updateEmailResponseSchema>>(`/api/admin/users/${id}/update-email`, {
      email,
    }),
};

/** The spec polls pending approvals every 5 s. */
const POLL_MS = 5000;

/** GET /api/admin/pending-approvals, fresh on every visit. */
export function usePendingApprovals() {
  return useQuery({
    queryKey: adminKeys.pendingApprovals,
    queryFn: approvalsApi.list,
    refetchInterval: POLL_MS,
    staleTime: 0,
  });
}

/**
 * GET /api/admin/pending-count (the header's purple badge). Refreshed by the server's
 * `invalidate` pushes while the socket is up (polling.ts).
 */
export function usePendingCount(enabled: boolean) {
  const refetchInterval = usePollInterval('adminPending');
  return useQuery({
    queryKey: adminKeys.pendingCount,
    queryFn: approvalsApi.pendingCount,
    refetchInterval,
    enabled,
  });
}

const APPROVED_TOAST_MS = 10_000;

function useRefreshApprovals() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.pendingApprovals });
    void queryClient.invalidateQueries({ queryKey: adminKeys.pendingCount });
  };
}

/** Approve (one flight per member: a double tap approves once), with the spec's toasts. */
export function useApproveUser() {
  const refresh = useRefreshApprovals();
  return useSingleFlightMutation({
    mutationFn: (user: { id: number; email: string }) => approvalsApi.approve(user.id),
    flightKey: (user) => user.id,
    // Approved is final: a tap landing after the answer, before the card is gone, is ignored.
    keepAfterSuccess: true,
    onSuccess: (_data, user) => {
      toast.success(
        'User Approved!',
        `${user.email} can now sign in: their PIN has been sent by e-mail.`,
        APPROVED_TOAST_MS,
      );
      refresh();
    },
    onError: (error) => toast.error('Approval Failed', error.message || 'Failed to approve user'),
  });
}

export function useRejectUser() {
  const refresh = useRefreshApprovals();
  return useSingleFlightMutation({
    mutationFn: approvalsApi.reject,
    onSuccess: () => {
      toast.success('User Rejected', 'The registration has been rejected.');
      refresh();
    },
    onError: (error) => toast.error('Rejection Failed', error.message || 'Failed to reject user'),
  });
}

export function useUpdateRegistrationEmail() {
  const refresh = useRefreshApprovals();
  return useSingleFlightMutation({
    mutationFn: approvalsApi.updateEmail,
    onSuccess: (data) => {
      toast.success('Email Updated', `${data.oldEmail} is now ${data.newEmail}.`);
      refresh();
    },
    onError: (error) =>
      toast.error('Update Failed', error.message || 'Failed to update email address'),
  });
}

// ---- Audit trail (GET /api/admin/audit-log) ----
// Kept in one block at the end of the file (no new imports) so it merges beside other work here.

export type AuditLogPage = import('../../../../domain').AuditLogPage;
export type AuditEntryView = import('../../../../domain').AuditEntryView;
export type AuditLogQuery = { action?: string; userId?: number; page: number };

/** Under 'admin': the server's `admin` invalidation refreshes the trail with the other screens. */
export const auditKeys = {
  all: ['admin', 'audit-log'] as const,
  page: (query: AuditLogQuery) => ['admin', 'audit-log', query] as const,
};

/** The query string of GET /api/admin/audit-log: absent filters are left out, not sent blank. */
export function auditLogPath({ action, userId, page }: AuditLogQuery) {
  const params = new URLSearchParams();
  if (action) params.set('action', action);
  if (userId !== undefined) params.set('userId', String(userId));
  params.set('page', String(page));
  return `/api/admin/audit-log?${params}`;
}

/** One page of the audit trail, newest first; the previous page stays shown while the next loads. */
export function useAuditLog(query: AuditLogQuery) {
  return useQuery({
    queryKey: auditKeys.page(query),
    queryFn: () => api.get<AuditLogPage>(auditLogPath(query)),
    placeholderData: (previous) => previous,
    staleTime: 0,
  });
}
