import type { ReactNode } from 'react';
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

/**
 * Protected routes, inside MembersOnly (which sends a visitor on to the landing): 'Loading...'
 * while the session loads, and the disclaimer instead of any member screen until the member has
 * accepted it on the server.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session.isPending) return <CenteredStatus text="Loading..." />;
  // Signed out: MembersOnly, around this layout, shows 'Redirecting...' instead of it.
  if (!session.data) return null;
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
