import { type ReactNode, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../features/auth';

const REDIRECT_DELAY_MS = 500;

/** Protected routes: 'Loading...' while the session loads, 'Redirecting...' then / without one. */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const navigate = useNavigate();
  const signedOut = !session.isPending && !session.data;

  useEffect(() => {
    if (!signedOut) return;
    const timer = setTimeout(() => navigate('/', { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [signedOut, navigate]);

  if (session.isPending) return <CenteredStatus text="Loading..." />;
  if (!session.data) return <CenteredStatus text="Redirecting..." />;
  return <>{children}</>;
}

export function CenteredStatus({ text }: { text: string }) {
  return (
    <div role="status" className="flex min-h-dvh items-center justify-center text-slate-600">
      {text}
    </div>
  );
}
