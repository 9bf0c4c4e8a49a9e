import { type ReactNode, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '../components/ui/toast';
import {
  DisclaimerDialog,
  disclaimerAccepted,
  useAcceptDisclaimer,
  useSession,
} from '../features/auth';

// Re-exported for the pages that show it; it lives apart so the landing need not load this gate.
import { CenteredStatus } from './centered-status';

export { CenteredStatus };

const REDIRECT_DELAY_MS = 500;

/**
 * Protected routes: 'Loading...' while the session loads, 'Redirecting...' then / without one
 * (carrying the route as `next`, so the link survives sign-in), and the disclaimer instead of
 * any member screen until the member has accepted it on the server.
 */
export function RequireSession({ children }: { children: ReactNode }) {
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

  if (session.isPending) return <CenteredStatus text="Loading..." />;
  if (!session.data) return <CenteredStatus text="Redirecting..." />;
  if (!disclaimerAccepted(session.data)) return <DisclaimerGate />;
  return <>{children}</>;
}

/** The disclaimer on its own: nothing of the member screen renders until it is accepted. */
function DisclaimerGate() {
  const accept = useAcceptDisclaimer();
  return (
    <DisclaimerDialog
      open
      onAccept={() =>
        accept.mutate(undefined, {
          onError: (failure) => toast.error('Something went wrong', failure.message),
        })
      }
    />
  );
}
