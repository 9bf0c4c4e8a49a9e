import { Plane } from 'lucide-react';
import { Suspense } from 'react';
import { Outlet, useMatch } from 'react-router';
import { EmptyState } from '../components/ui/empty-state';
import { SkeletonCards } from '../components/ui/skeleton';
import { WIDE_PAGE } from '../components/ui/wide-page';
import { cn } from '../lib/cn';
import { useDeskLayout } from '../lib/use-media-query';
// Home's one lazy page: preloaded at desk width with a flight's detail (routes.tsx), so the list
// pane renders at once instead of showing its fallback.
import { HomePage } from './screens';

/**
 * Home and a flight's detail. On a phone each is its own screen (the list navigates to
 * /flight/:id). From the `lg` width on the list stays on the left and the selected flight's detail
 * fills the right pane: the address is still /flight/:id, so Back, reload and links behave, and
 * the list (its search and filters) stays mounted while flights are picked.
 */
export function FlightsSplit() {
  const desk = useDeskLayout();
  const onHome = useMatch('/home') !== null;
  if (!desk) return <Outlet />;
  return (
    <div className={cn(WIDE_PAGE, 'grid grid-cols-[minmax(0,26rem)_minmax(0,1fr)] gap-6')}>
      <Suspense fallback={<SkeletonCards />}>
        <HomePage asPane />
      </Suspense>
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
