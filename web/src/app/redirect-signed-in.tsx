import { type ReactNode, useRef } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { safeNextPath } from '../../../domain';
import { useSession } from '../features/auth';
import { CenteredStatus } from './centered-status';

/**
 * The landing and sign-in pages: a member who already has a session goes on to /home (or the
 * `next` path) in place of this entry, so a bookmark or Back never shows the sign-in form. The
 * check is made once, when the page opens: signing in on the page itself updates the session
 * too, and that page then leads on by its own steps (disclaimer, setup).
 */
export function RedirectSignedIn({ children }: { children: ReactNode }) {
  const session = useSession();
  const [params] = useSearchParams();
  const verdict = useRef<'open' | 'away' | null>(null);
  if (verdict.current === null && !session.isPending) {
    verdict.current = session.data ? 'away' : 'open';
  }
  if (verdict.current === null) return <CenteredStatus text="Loading..." />;
  if (verdict.current === 'away') {
    return <Navigate to={safeNextPath(params.get('next')) ?? '/home'} replace />;
  }
  return <>{children}</>;
}
