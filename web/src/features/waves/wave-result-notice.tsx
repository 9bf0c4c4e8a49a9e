import { X } from 'lucide-react';
import { useEffect } from 'react';
import { cn } from '../../lib/cn';
import { WAVE_NOTICE_MS } from './polling';

export type WaveResult = 'accepted' | 'rejected';

/**
 * The transient notice after answering a wave: 3 s, dismissible; green when accepted, red
 * otherwise. `shownAt` restarts the timer when the same result is shown twice in a row.
 */
export function WaveResultNotice({
  result,
  shownAt,
  onDismiss,
}: {
  result: WaveResult | null;
  shownAt?: number;
  onDismiss: () => void;
}) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new shownAt restarts the 3 s
  useEffect(() => {
    if (!result) return;
    const timer = setTimeout(onDismiss, WAVE_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [result, shownAt, onDismiss]);

  if (!result) return null;
  const accepted = result === 'accepted';
  return (
    <div
      role="status"
      className={cn(
        'fixed inset-x-4 top-4 z-50 mx-auto flex max-w-md items-center justify-between gap-3 rounded-xl px-4 py-3 text-white shadow-lg',
        accepted ? 'bg-emerald-600' : 'bg-red-600',
      )}
    >
      <span className="font-medium">
        {accepted ? 'You have accepted the wave' : 'You have declined the wave'}
      </span>
      <button
        type="button"
        aria-label="Dismiss"
        onClick={onDismiss}
        className="flex h-8 w-8 items-center justify-center rounded-full hover:bg-white/20"
      >
        <X aria-hidden="true" className="h-4 w-4" />
      </button>
    </div>
  );
}
