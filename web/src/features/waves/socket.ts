import type { Wave, WaveStatusUpdateRequest } from '../../../../domain';

type Status = WaveStatusUpdateRequest['status'];

/**
 * Answers a wave over the real-time channel (the spec's `wave_update` frame, settled by the
 * server's `message_ack`), or returns null when the channel is not connected. The realtime
 * feature registers it while a member is signed in: waves cannot import realtime, which already
 * imports waves (its cache sync refreshes wave screens), so the channel is handed in here, as
 * `setRealtimeConnected` hands in the connection flag.
 */
export type WaveSocket = (waveId: number, status: Status) => Promise<Wave> | null;

let current: WaveSocket | null = null;

export function setWaveSocket(socket: WaveSocket | null): void {
  current = socket;
}

/** The answer on its way over the socket, or null: then the caller uses HTTP. */
export function respondOverSocket(waveId: number, status: Status): Promise<Wave> | null {
  return current?.(waveId, status) ?? null;
}
