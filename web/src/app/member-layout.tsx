import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { SkeletonCards } from '../components/ui/skeleton';
import { InstallOffer } from '../features/install';
import {
  EnableNotificationsPrompt,
  NavigationBridge,
  PushSubscriptionSync,
} from '../features/notifications';
import { announceOnline, MemberPresence } from '../features/presence';
import { AfterFirstPaint } from '../lib/after-first-paint';
import { BottomNav } from './bottom-nav';
import { RequireSession } from './require-session';

/**
 * Signed-in screens: a phone column above a fixed bottom navigation; from the `lg` width on the
 * navigation is a rail on the left, so the content area starts after it (wide pages and the
 * two-pane screens widen themselves within that area).
 */
export function MemberLayout() {
  return (
    <RequireSession>
      {/* Presence stays in the first commit: after a sign-in its effect marks the member online
          before the screen's counters are fetched, so 'Online now' counts them (after the paint it
          showed 0). When the app opens signed in, the boot's announcement (preloadData below) has
          done that before the counters were preloaded, and the effect takes it as its first beat. */}
      <MemberPresence />
      <AfterFirstPaint>
        <NavigationBridge />
        <PushSubscriptionSync />
        <InstallOffer />
      </AfterFirstPaint>
      <div className="lg:pl-24">
        <div className="mx-auto min-h-dvh max-w-lg px-4 pt-4 pb-24 lg:pb-6">
          <EnableNotificationsPrompt className="mb-4" />
          <Suspense fallback={<SkeletonCards />}>
            <Outlet />
          </Suspense>
        </div>
      </div>
      <BottomNav />
    </RequireSession>
  );
}

/** Before a screen's data is read at boot: the member is online, and counted in its counters. */
MemberLayout.preloadData = announceOnline;
