import { type ReactNode, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { ACCESS_REASONS } from '../../../domain';
import { toast } from '../components/ui/toast';
import { useSession } from '../features/auth';
import { CenteredStatus } from './centered-status';

/**
 * Admin screens. The session's isAdmin flag only decides what to render: the server refuses
 * every admin call from anyone else regardless.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const session = useSession();
  const navigate = useNavigate();
  const denied = !session.isPending && !session.data?.isAdmin;
  // StrictMode runs effects twice; the ref survives, so the toast shows once.
  const announced = useRef(false);

  useEffect(() => {
    if (!denied || announced.current) return;
    announced.current = true;
    toast.error('Access denied', ACCESS_REASONS.adminOnly);
    navigate('/profile', { replace: true });
  }, [denied, navigate]);

  if (session.isPending) return <CenteredStatus text="Loading..." />;
  if (denied) return <CenteredStatus text="Redirecting..." />;
  return <>{children}</>;
}
