import { Link } from 'react-router';
import { cn } from '../../lib/cn';
import type { PollKind } from './polling';
import { useWaveCounts } from './use-wave-counts';
import { countLabel } from './wave-view';

/**
 * Home's notification badges, each a link to Messages: red = unread messages, blue = pending
 * waves. (The purple admin-approvals badge belongs to the admin area.)
 */
export function WaveBadges({
  poll = 'waves',
  className,
}: {
  poll?: Extract<PollKind, 'waves' | 'wavesOnMessages'>;
  className?: string;
}) {
  const { unreadMessages, newWaves } = useWaveCounts(poll);
  if (unreadMessages === 0 && newWaves === 0) return null;
  const badge =
    'inline-flex h-7 min-w-7 items-center justify-center rounded-full px-2 text-xs font-bold text-white';
  return (
    <div className={cn('flex items-center gap-1.5', className)}>
      {unreadMessages > 0 ? (
        <Link
          to="/messages"
          aria-label={countLabel(unreadMessages, 'unread message')}
          title={countLabel(unreadMessages, 'unread message')}
          className={cn(badge, 'bg-red-600')}
        >
          {unreadMessages}
        </Link>
      ) : null}
      {newWaves > 0 ? (
        <Link
          to="/messages"
          aria-label={countLabel(newWaves, 'new wave')}
          title={countLabel(newWaves, 'new wave')}
          className={cn(badge, 'bg-blue-600')}
        >
          {newWaves}
        </Link>
      ) : null}
    </div>
  );
}
