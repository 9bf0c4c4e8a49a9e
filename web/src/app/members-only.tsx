import { type ReactNode, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../features/auth';
import { CenteredStatus } from './centered-status';

const REDIRECT_DELAY_MS = 500;

/**
 * The member screens' outer gate, part of the entry: without a session, 'Redirecting...' then /
 * (carrying the route as `next`, so the link survives sign-in). A visitor on a member link is
 * sent on without the member layout's code being asked for; the layout's own gate
 * (RequireSession) then waits for a pending session and shows the disclaimer.
 */
export function MembersOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const signedOut = !session.isPending && !session.data;
  // /home is where sign-in leads anyway, so it needs no `next`.
  const here = `${location.pathname}${location.search}`;
  const landing = here === '/home' ? '/' : `/?next=${encodeURIComponent(here)}`;

  useEffect(() => {
    if (!signedOut) return;
    const timer = setTimeout(() => navigate(landing, { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [signedOut, navigate, landing]);

  if (signedOut) return <CenteredStatus text="Redirecting..." />;
  return <>{children}</>;
}
