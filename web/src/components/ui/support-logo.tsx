import { cn } from '../../lib/cn';

/**
 * The Support logo (flights spec §6: admin messages show a Support label and logo): the app's own
 * mark, decorative beside the 'Support' label that says it.
 */
export function SupportLogo({ className }: { className?: string }) {
  return (
    <img
      src="/icons/icon.svg"
      alt=""
      aria-hidden="true"
      className={cn('h-3.5 w-3.5 shrink-0 rounded-sm', className)}
    />
  );
}
