import { Flag, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { loadOnce } from '../../lib/load-once';
import { useOnDemand } from '../../lib/use-on-demand';
import type { ReportTarget } from './report-dialog';

// The dialog (its reasons, its schema) loads when a member first opens it: every crew card and
// wave card shows the button, and their screens should not construct the report's schema.
const loadDialog = loadOnce(() => import('./report-dialog'));

/** A small 'Report' button that opens the dialog: for crew cards, wave cards and the chat header. */
export function ReportButton({
  size = 'icon',
  ...target
}: ReportTarget & { size?: 'icon' | 'sm' }) {
  const [open, setOpen] = useState(false);
  const dialog = useOnDemand(loadDialog, open, () => {
    setOpen(false);
    toast.error('Connection Error', 'Network error. Please check your connection and try again.');
  });
  const loading = open && !dialog;
  return (
    <>
      <Button
        variant="ghost"
        size={size}
        aria-label={`Report ${target.member.displayName}`}
        title="Report"
        onClick={() => setOpen(true)}
        // Opened but its code still on the way (a slow link): the tap shows it was taken.
        aria-busy={loading || undefined}
      >
        {loading ? (
          <Loader2 aria-hidden="true" className="h-5 w-5 animate-spin text-slate-600" />
        ) : (
          <Flag aria-hidden="true" className="h-5 w-5 text-slate-600" />
        )}
        {size === 'sm' ? <span className="ml-1">Report</span> : null}
      </Button>
      {/* Mounted only while open: a card renders no hook of its own (and fresh fields each time). */}
      {open && dialog ? <dialog.ReportDialog {...target} open onOpenChange={setOpen} /> : null}
    </>
  );
}
