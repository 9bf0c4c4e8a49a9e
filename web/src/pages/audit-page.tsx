import { WidePage } from '../components/ui/wide-page';
import { AuditTrail, BackToAdmin } from '../features/admin';

/** /admin/audit (admins only, guarded in routes.tsx): who did what to whom, and when. */
export function AuditPage() {
  return (
    <WidePage className="space-y-4">
      <BackToAdmin />
      <h1 className="text-2xl font-bold">Audit Trail</h1>
      <p className="text-sm text-slate-600">
        Every admin action and every PIN change, newest first. PINs themselves are never recorded.
      </p>
      <AuditTrail />
    </WidePage>
  );
}
