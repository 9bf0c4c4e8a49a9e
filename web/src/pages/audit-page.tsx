import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { WidePage } from '../components/ui/wide-page';
import { AuditTrail } from '../features/admin';

/** /admin/audit (admins only, guarded in routes.tsx): who did what to whom, and when. */
export function AuditPage() {
  return (
    <WidePage className="space-y-4">
      <Link to="/admin" className="inline-flex items-center gap-1 text-sm text-brand-600">
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        Back to Admin
      </Link>
      <h1 className="text-2xl font-bold">Audit Trail</h1>
      <p className="text-sm text-slate-600">
        Every admin action and every PIN change, newest first. PINs themselves are never recorded.
      </p>
      <AuditTrail />
    </WidePage>
  );
}
