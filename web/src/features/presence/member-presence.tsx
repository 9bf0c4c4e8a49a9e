import { useIdleLogout } from './use-idle-logout';
import { usePresence } from './use-presence';
import { useSignOut } from './use-sign-out';

/** Mounted once in the member layout: online heartbeat and the inactivity logout. */
export function MemberPresence() {
  const signOut = useSignOut();
  usePresence();
  useIdleLogout(() => void signOut('idle'));
  return null;
}
