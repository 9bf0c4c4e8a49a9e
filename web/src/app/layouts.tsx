import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { SkeletonCards } from '../components/ui/skeleton';
import { InstallOffer } from '../features/install';
import {
  EnableNotificationsPrompt,
  NavigationBridge,
  PushSubscriptionSync,
} from '../features/notifications';
import { MemberPresence } from '../features/presence';
import { BottomNav } from './bottom-nav';
import { RequireSession } from './require-session';

/** Signed-in screens: content above a fixed bottom navigation. */
export function MemberLayout() {
  return (
    <RequireSession>
      <MemberPresence />
      <NavigationBridge />
      <PushSubscriptionSync />
      <InstallOffer />
      <div className="mx-auto min-h-dvh max-w-lg px-4 pt-4 pb-24">
        <EnableNotificationsPrompt className="mb-4" />
        <Suspense fallback={<SkeletonCards />}>
          <Outlet />
        </Suspense>
      </div>
      <BottomNav />
    </RequireSession>
  );
}

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
