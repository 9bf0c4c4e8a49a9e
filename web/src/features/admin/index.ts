/** The admin feature's public surface: code outside features/admin/ imports only this file. */

export type { PendingApproval } from './api';
export {
  useApproveUser,
  usePendingApprovals,
  usePendingCount,
  useRejectUser,
  useUpdateRegistrationEmail,
} from './api';
export { EditEmailDialog } from './edit-email-dialog';
export { PendingApprovalCard } from './pending-approval-card';
export { RejectDialog } from './reject-dialog';
