/** The waves feature's public surface: code outside features/waves/ imports only this file. */
export {
  messageKeys,
  useDeleteWave,
  useMarkWaveRead,
  useRespondToWave,
  useWaves,
  waveKeys,
  waveListQuery,
} from './api';
export { MarkAllReadButton } from './mark-all-read-button';
export { NotificationsClearedBanner } from './notifications-cleared-banner';
export { PartyAvatar, PartyBadges } from './party-avatar';
export {
  CHAT_MARK_READ_DEBOUNCE_MS,
  isRealtimeConnected,
  MESSAGES_STALE_MS,
  realtimeAttemptFailed,
  setRealtimeConnected,
  usePollInterval,
  useRealtimeConnected,
} from './polling';
export { setWaveSocket, type WaveSocket } from './socket';
export { useConnectionUpdateToast } from './use-connection-update-toast';
export { useWaveCounts } from './use-wave-counts';
export { WaveAction } from './wave-action';
export { WaveCard } from './wave-card';
export type { WaveResult } from './wave-result-notice';
export { WaveResultNotice } from './wave-result-notice';
export { countLabel, formatFlightDay, otherParty, waveCounts } from './wave-view';
