import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';

/** The way back from an admin sub-screen (approvals, audit trail, statistics) to the dashboard. */
export function BackToAdmin() {
  return (
    <Link to="/admin" className="inline-flex items-center gap-1 text-sm text-brand-600">
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      Back to Admin
    </Link>
  );
}
