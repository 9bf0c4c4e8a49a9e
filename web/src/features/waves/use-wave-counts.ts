import { useMemo } from 'react';
import { useWaves } from './api';
import type { PollKind } from './polling';
import { type WaveCounts, waveCounts } from './wave-view';

/** Counts for the badges and 'Mark all as read', from the shared GET /api/waves cache. */
export function useWaveCounts(
  poll: Extract<PollKind, 'waves' | 'wavesOnMessages'> = 'waves',
): WaveCounts & { isPending: boolean } {
  const waves = useWaves(poll);
  const counts = useMemo(() => waveCounts(waves.data ?? []), [waves.data]);
  return { ...counts, isPending: waves.isPending };
}
