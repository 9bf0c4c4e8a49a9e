/** The admin feature's public surface: code outside features/admin/ imports only this file. */

export { AddUserDialog, generatePin } from './add-user-dialog';
export type { AdminUser, AuditEntryView, AuditLogPage, PendingApproval } from './api';
export {
  auditKeys,
  describePastFlights,
  useApproveUser,
  useAuditLog,
  useCreateUser,
  useDeletePastFlights,
  useDeleteUser,
  useMembers,
  usePastFlightsPreview,
  usePendingApprovals,
  usePendingCount,
  useRejectUser,
  useRemoveUserData,
  useResetOnlineStatus,
  useRestoreAccount,
  useRevealPasscode,
  useSignOutAll,
  useToggleAdmin,
  useUpdateMemberEmail,
  useUpdateMemberPasscode,
  useUpdateRegistrationEmail,
} from './api';
export { AuditTrail } from './audit-trail';
export { BackToAdmin } from './back-to-admin';
export { DeleteUserDialog } from './delete-user-dialog';
export { EditEmailDialog } from './edit-email-dialog';
export { EditPinDialog } from './edit-pin-dialog';
export { type MemberAction, MemberActionsDialog } from './member-actions-dialog';
export { MemberTable } from './member-table';
export { AppealsList, ModerationQueue } from './moderation-queue';
export { PendingApprovalCard } from './pending-approval-card';
export { RejectDialog } from './reject-dialog';
export { UserDetailsDialog, UserFlightsDialog } from './user-flights-dialog';
export { ViewPinDialog } from './view-pin-dialog';
