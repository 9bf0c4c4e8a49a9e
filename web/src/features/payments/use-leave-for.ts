import { useCallback, useState } from 'react';
import { leaveFor } from './redirect';

/**
 * `leaveFor` plus a flag that stays set: the page unloads a moment after the mutation settles,
 * and in that moment the button must not come back to life and start a second checkout.
 */
export function useLeaveFor() {
  const [leaving, setLeaving] = useState(false);
  const leave = useCallback((url: string) => {
    setLeaving(true);
    leaveFor(url);
  }, []);
  return { leaving, leave };
}
