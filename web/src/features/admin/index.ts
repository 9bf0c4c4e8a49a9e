/** The admin feature's public surface: code outside features/admin/ imports only this file. */

export type { AuditEntryView, AuditLogPage, PendingApproval } from './api';
export {
  auditKeys,
  useApproveUser,
  useAuditLog,
  usePendingApprovals,
  usePendingCount,
  useRejectUser,
  useUpdateRegistrationEmail,
} from './api';
export { AuditTrail } from './audit-trail';
export { EditEmailDialog } from './edit-email-dialog';
export { PendingApprovalCard } from './pending-approval-card';
export { RejectDialog } from './reject-dialog';
