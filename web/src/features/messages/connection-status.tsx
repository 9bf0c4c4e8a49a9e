import { cn } from '../../lib/cn';

/** The chat's Live/Offline indicator; the real-time channel feeds `connected`. */
export function ConnectionStatus({ connected }: { connected: boolean }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium',
        connected ? 'bg-emerald-50 text-emerald-700' : 'bg-slate-100 text-slate-600',
      )}
    >
      <span
        aria-hidden="true"
        className={cn('h-2 w-2 rounded-full', connected ? 'bg-emerald-500' : 'bg-slate-400')}
      />
      {connected ? 'Live' : 'Offline'}
    </span>
  );
}
