import { useEffect, useRef } from 'react';
import { type Actor, canMarkWavesRead, type WaveWithParties } from '../../../../domain';
import { CHAT_MARK_READ_DEBOUNCE_MS, useMarkWaveRead } from '../waves';

/**
 * While a chat is open, its wave is marked read (PUT /api/waves/{id}/read, which also reads the
 * other person's messages): at once on opening, then at most every 5 s as new messages arrive.
 * Demo users may not mark read, so nothing is sent for them.
 */
export function useChatMarkRead(wave: WaveWithParties | null, viewer: Actor, open: boolean) {
  const { mutate } = useMarkWaveRead();
  const last = useRef<{ waveId: number; at: number } | null>(null);
  const waveId = wave?.id;
  const needsRead =
    open &&
    wave !== null &&
    canMarkWavesRead(viewer).ok &&
    (wave.unread || wave.unreadMessages > 0);

  useEffect(() => {
    if (!needsRead || waveId === undefined) return;
    const previous = last.current?.waveId === waveId ? last.current.at : 0;
    const wait = Math.max(0, previous + CHAT_MARK_READ_DEBOUNCE_MS - Date.now());
    const timer = setTimeout(() => {
      last.current = { waveId, at: Date.now() };
      mutate(waveId);
    }, wait);
    return () => clearTimeout(timer);
  }, [needsRead, waveId, mutate]);
}
