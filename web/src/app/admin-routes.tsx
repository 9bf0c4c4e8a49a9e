import { lazyPage } from './lazy-page';
import { RequireAdmin } from './require-admin';

// The admin screens, each behind the admin check; routes.tsx loads this module on first use.
const AdminPage = lazyPage(() => import('../pages/admin-page'), 'AdminPage');
const ApprovalsPage = lazyPage(() => import('../pages/approvals-page'), 'ApprovalsPage');
const AuditPage = lazyPage(() => import('../pages/audit-page'), 'AuditPage');
const ModerationPage = lazyPage(() => import('../pages/moderation-page'), 'ModerationPage');
const PlatformStatsPage = lazyPage(
  () => import('../pages/platform-stats-page'),
  'PlatformStatsPage',
);

export function AdminApprovals() {
  return (
    <RequireAdmin>
      <ApprovalsPage />
    </RequireAdmin>
  );
}

export function AdminDashboard() {
  return (
    <RequireAdmin>
      <AdminPage />
    </RequireAdmin>
  );
}

/** Admins only, like the dashboard. */
export function PlatformStats() {
  return (
    <RequireAdmin>
      <PlatformStatsPage />
    </RequireAdmin>
  );
}

export function AdminAudit() {
  return (
    <RequireAdmin>
      <AuditPage />
    </RequireAdmin>
  );
}

export function AdminModeration() {
  return (
    <RequireAdmin>
      <ModerationPage />
    </RequireAdmin>
  );
}
