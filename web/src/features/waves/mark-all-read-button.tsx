import { CheckCheck } from 'lucide-react';
import { canMarkWavesRead } from '../../../../domain';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { cn } from '../../lib/cn';
import { useSession } from '../auth';
import { useMarkAllRead } from './api';
import type { PollKind } from './polling';
import { useWaveCounts } from './use-wave-counts';

type Props = {
  /** The success toast: Messages says 'All messages marked as read', Home 'All notifications cleared'. */
  successToast?: 'All messages marked as read' | 'All notifications cleared';
  onDone?: () => void;
  poll?: Extract<PollKind, 'waves' | 'wavesOnMessages'>;
  className?: string;
};

/** 'Mark all as read': shown only while something is pending or unread (Home and Messages). */
export function MarkAllReadButton({
  successToast = 'All messages marked as read',
  onDone,
  poll = 'waves',
  className,
}: Props) {
  const { data: viewer } = useSession();
  const counts = useWaveCounts(poll);
  const markAll = useMarkAllRead();
  if (!viewer || !counts.hasUnread) return null;
  // Demo accounts may not mark read (the server refuses with this text): disabled, saying why.
  const allowed = canMarkWavesRead(viewer);
  const reason = allowed.ok ? undefined : allowed.reason;

  return (
    <span title={reason} className={cn('inline-flex', className)}>
      <Button
        size="sm"
        variant="secondary"
        className="w-full"
        disabled={!allowed.ok || markAll.isPending}
        aria-description={reason}
        onClick={() =>
          markAll.mutate(undefined, {
            onSuccess: () => {
              toast.success(successToast);
              onDone?.();
            },
          })
        }
      >
        <CheckCheck aria-hidden="true" className="h-4 w-4" />
        Mark all as read
      </Button>
    </span>
  );
}
