import type { WaveStatus } from '../constants';
import type { CrewWaveState } from '../schemas/crew';
import { type FlightTiming, isChatClosed } from './time';

export interface WaveReadState {
  senderId: number;
  receiverId: number;
  status: WaveStatus | string;
  senderRead: boolean;
  receiverRead: boolean;
}

/** Unread: a pending wave awaiting my answer, or an accepted one my side has not read. */
export function isWaveUnread(wave: WaveReadState, userId: number): boolean {
  const isReceiver = wave.receiverId === userId;
  if (wave.status === 'pending') return isReceiver;
  if (wave.status !== 'accepted') return false;
  return isReceiver ? !wave.receiverRead : wave.senderId === userId && !wave.senderRead;
}

/** The wave badge on a crew card: shown to the sender while pending, to both once accepted. */
export function waveBadge(
  wave: Pick<WaveReadState, 'senderId' | 'status'> | null,
  viewerId: number,
): 'Wave Sent' | 'Connected' | null {
  if (!wave) return null;
  if (wave.status === 'accepted') return 'Connected';
  return wave.status === 'pending' && wave.senderId === viewerId ? 'Wave Sent' : null;
}

export type CrewCardAction =
  | { kind: 'self'; label: "It's You" }
  | { kind: 'chat'; label: 'Chat' | 'Chat (Departed)' }
  | { kind: 'sent'; label: 'Wave Sent' }
  | { kind: 'respond'; label: 'Respond' }
  | { kind: 'wave'; label: 'Wave' };

/** The one button on another member's crew card. */
export function crewCardAction(
  viewerId: number,
  memberId: number,
  wave: Pick<WaveReadState, 'senderId' | 'status'> | null,
  flight: FlightTiming,
  now: Date,
): CrewCardAction {
  if (viewerId === memberId) return { kind: 'self', label: "It's You" };
  if (wave?.status === 'accepted') {
    return { kind: 'chat', label: isChatClosed(flight, now) ? 'Chat (Departed)' : 'Chat' };
  }
  if (wave?.status === 'pending') {
    return wave.senderId === viewerId
      ? { kind: 'sent', label: 'Wave Sent' }
      : { kind: 'respond', label: 'Respond' };
  }
  return { kind: 'wave', label: 'Wave' };
}

/**
 * The wave state a crew card shows, from the viewer's side, for the wave between viewer and
 * member on this flight: none, sent by the viewer, received from the member, accepted or
 * rejected. The viewer's own card never has one.
 */
export function crewWaveState(
  wave: (Pick<WaveReadState, 'senderId' | 'status'> & { id: number }) | null | undefined,
  viewerId: number,
  memberId: number,
): CrewWaveState {
  if (!wave || viewerId === memberId) return { status: 'none', waveId: null };
  if (wave.status === 'pending') {
    return {
      status: wave.senderId === viewerId ? 'pending-sent' : 'pending-received',
      waveId: wave.id,
    };
  }
  return { status: wave.status === 'accepted' ? 'accepted' : 'rejected', waveId: wave.id };
}
