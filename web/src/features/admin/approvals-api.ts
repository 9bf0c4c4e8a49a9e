import type { z } from 'zod';
import type {
  approveUserResponseSchema,
  pendingApprovalSchema,
  rejectUserResponseSchema,
  updateEmailResponseSchema,
} from '../../../../domain';
import { api } from '../../lib/api-client';

export type PendingApproval = z.infer<typeof pendingApprovalSchema>;

export const pendingApprovalsKey = ['admin', 'pending-approvals'] as const;
export const pendingCountKey = ['admin', 'pending-count'] as const;

export const approvalsApi = {
  list: () => api.get<PendingApproval[]>('/api/admin/pending-approvals'),
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
