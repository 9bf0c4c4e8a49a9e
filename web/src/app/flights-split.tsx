import { Plane } from 'lucide-react';
import { type ReactNode, Suspense } from 'react';
import { Outlet, useMatch } from 'react-router';
import { EmptyState } from '../components/ui/empty-state';
import { SkeletonCards } from '../components/ui/skeleton';
import { WIDE_PAGE } from '../components/ui/wide-page';
import { cn } from '../lib/cn';
import { useDeskLayout } from '../lib/use-media-query';

/**
 * Home and a flight's detail. On a phone each is its own screen (the list navigates to
 * /flight/:id). From the `lg` width on the list stays on the left and the selected flight's detail
 * fills the right pane: the address is still /flight/:id, so Back, reload and links behave, and
 * the list (its search and filters) stays mounted while flights are picked. `list` is Home as a
 * pane, given by the route table: its one lazy page, preloaded there at desk width, so the pane
 * renders at once instead of showing its fallback.
 */
export function FlightsSplit({ list }: { list: ReactNode }) {
  const desk = useDeskLayout();
  const onHome = useMatch('/home') !== null;
  if (!desk) return <Outlet />;
  return (
    <div className={cn(WIDE_PAGE, 'grid grid-cols-[minmax(0,26rem)_minmax(0,1fr)] gap-6')}>
      <Suspense fallback={<SkeletonCards />}>{list}</Suspense>
      <div className="sticky top-4 max-h-[calc(100dvh-2rem)] self-start overflow-y-auto">
        {onHome ? (
          // The pane is the page's main content until a flight's detail (its own main) fills it.
          <main aria-label="Flight detail">
            <EmptyState icon={Plane} title="Select a flight to see its crew." />
          </main>
        ) : (
          // The detail loads on first use: only this pane waits for it, not the list.
          <Suspense fallback={<SkeletonCards />}>
            <Outlet />
          </Suspense>
        )}
      </div>
    </div>
  );
}
