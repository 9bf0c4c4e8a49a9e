import { Outlet } from 'react-router';
import { BottomNav } from './bottom-nav';
import { RequireSession } from './require-session';

/** Signed-in screens: content above a fixed bottom navigation. */
export function MemberLayout() {
  return (
    <RequireSession>
      <div className="mx-auto min-h-dvh max-w-lg px-4 pt-4 pb-24">
        <Outlet />
      </div>
      <BottomNav />
    </RequireSession>
  );
}

export function PublicLayout() {
  return (
    <div className="mx-auto min-h-dvh max-w-lg px-4 py-6">
      <Outlet />
    </div>
  );
}
