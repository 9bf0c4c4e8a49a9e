import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

/**
 * A page that uses a desk's width. The member layout is a phone column; tables and charts want
 * more where there is more, so the page widens itself, centred, keeping 1 rem from each edge
 * (and from a scrollbar). On a phone it is the column's own width. From `lg` on the navigation
 * rail (6 rem) takes the left edge, so the page centres in what is right of it.
 */
export function WidePage({ className, ...props }: HTMLAttributes<HTMLElement>) {
  return <main className={cn(WIDE_PAGE, className)} {...props} />;
}

/** WidePage's width for a container that is not itself the page's main landmark (two panes). */
export const WIDE_PAGE =
  'relative left-1/2 w-[min(72rem,calc(100vw-2rem))] -translate-x-1/2 lg:w-[min(72rem,calc(100vw-8rem))]';
