import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { SkeletonCards } from '../components/ui/skeleton';
import { NavigationBridge, PushSubscriptionSync } from '../features/notifications';

/**
 * Landing, sign-in and the other signed-out screens. Kept apart from the member layout so the
 * first load of the landing carries none of the member screens' code (issue 19's JS budget).
 */
export function PublicLayout() {
  return (
    <div className="mx-auto min-h-dvh max-w-lg px-4 py-6">
      <NavigationBridge />
      <PushSubscriptionSync />
      <Suspense fallback={<SkeletonCards />}>
        <Outlet />
      </Suspense>
    </div>
  );
}
