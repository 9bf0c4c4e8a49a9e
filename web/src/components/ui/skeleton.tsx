import { cn } from '../../lib/cn';

export function Skeleton({ className }: { className?: string }) {
  return (
    <div aria-hidden="true" className={cn('animate-pulse rounded-xl bg-slate-200', className)} />
  );
}

/** The spec's loading state for lists: three placeholder cards. */
export function SkeletonCards({
  count = 3,
  label = 'Loading',
}: {
  count?: number;
  label?: string;
}) {
  return (
    <div role="status" aria-label={label} className="space-y-3">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={i} className="h-24 w-full" />
      ))}
    </div>
  );
}
