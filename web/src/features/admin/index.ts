/** The admin feature's public surface: code outside features/admin/ imports only this file. */

export { AddUserDialog, generatePin } from './add-user-dialog';
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
export { BackToAdmin } from './back-to-admin';
export { DeleteUserDialog } from './delete-user-dialog';
export { EditEmailDialog } from './edit-email-dialog';
export { EditPinDialog } from './edit-pin-dialog';
export { type MemberAction, MemberActionsDialog } from './member-actions-dialog';
export { MemberTable } from './member-table';
export {
  type AdminUser,
  describePastFlights,
  useCreateUser,
  useDeletePastFlights,
  useDeleteUser,
  useMembers,
  usePastFlightsPreview,
  useRemoveUserData,
  useResetOnlineStatus,
  useRestoreAccount,
  useRevealPasscode,
  useSignOutAll,
  useToggleAdmin,
  useUpdateMemberEmail,
  useUpdateMemberPasscode,
} from './members-api';
export { AppealsList, ModerationQueue } from './moderation-queue';
export { PendingApprovalCard } from './pending-approval-card';
export { RejectDialog } from './reject-dialog';
export { UserDetailsDialog, UserFlightsDialog } from './user-flights-dialog';
export { ViewPinDialog } from './view-pin-dialog';
