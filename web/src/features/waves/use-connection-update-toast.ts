import { useEffect, useRef } from 'react';
import type { WaveStatus } from '../../../../domain';
import { toast } from '../../components/ui/toast';

/**
 * The spec's 'Connection Update: Connection status changed to: {status}' toast, while a chat or
 * a flight is on screen: `statuses` holds each wave shown there (by any stable key) as the
 * viewer sees it, null for none. Only a wave that was there and changes status is news — not a
 * wave appearing (the viewer's own wave, or a 'New Wave' push) nor one deleted. A declined wave
 * never changes for its sender (the server shows it pending), so this never tells them.
 */
export function useConnectionUpdateToast(statuses: Readonly<Record<string, WaveStatus | null>>) {
  const previous = useRef(statuses);
  // The effect diffs by content: a new object with the same statuses is no change.
  const signature = JSON.stringify(statuses);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `signature` is `statuses` by content
  useEffect(() => {
    const before = previous.current;
    previous.current = statuses;
    for (const [key, status] of Object.entries(statuses)) {
      const was = before[key];
      if (was && status && was !== status) {
        toast.success('Connection Update', `Connection status changed to: ${status}`);
      }
    }
  }, [signature]);
}
