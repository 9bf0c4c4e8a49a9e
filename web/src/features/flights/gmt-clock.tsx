import { gmtClock } from '../../../../domain';
import { useNow } from '../../lib/use-now';

/** The live GMT clock: 'DD/MM/YY HH:MM:SS', time only on small screens. */
export function GmtClock({ className }: { className?: string }) {
  const now = useNow();
  const full = gmtClock(now);
  const time = full.slice(9);
  return (
    <time dateTime={now.toISOString()} className={className}>
      <span className="hidden tabular-nums sm:inline">{full}</span>
      <span className="tabular-nums sm:hidden">{time}</span>
      <span className="ml-1 text-xs">GMT</span>
    </time>
  );
}
