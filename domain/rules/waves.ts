import type { WaveStatus } from '../constants';
import type { CrewWaveState } from '../schemas/crew';
import { departureTimeOf, type FlightTiming, isChatClosed } from './time';

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

/**
 * A wave's status as `viewerId` may know it. A declined wave stays 'pending' to its sender:
 * nothing the server answers or sends tells them they were turned down (issue 18, "nothing
 * tells the sender they were declined"). The receiver, who declined, sees 'rejected'.
 */
export function waveStatusSeenBy<S extends WaveStatus | string>(
  wave: { senderId: number; status: S },
  viewerId: number,
): S | 'pending' {
  return wave.status === 'rejected' && wave.senderId === viewerId ? 'pending' : wave.status;
}

/**
 * The statuses of a member's waves that count as live for them, on the side they are on: a
 * declined wave still counts for its sender (to them it is waiting), not for its receiver.
 */
export function liveWaveStatusesFor(side: 'sent' | 'received'): WaveStatus[] {
  return side === 'sent' ? ['pending', 'accepted', 'rejected'] : ['pending', 'accepted'];
}

/** The wave badge on a crew card: shown to the sender while pending, to both once accepted. */
export function waveBadge(
  wave: Pick<WaveReadState, 'senderId' | 'status'> | null,
  viewerId: number,
): 'Wave Sent' | 'Connected' | null {
  if (!wave) return null;
  const status = waveStatusSeenBy(wave, viewerId);
  if (status === 'accepted') return 'Connected';
  return status === 'pending' && wave.senderId === viewerId ? 'Wave Sent' : null;
}

/**
 * Shown beside the sender's disabled 'Waved' on a crew card for any wave of theirs not accepted:
 * the same before and after a decline, so it never says they were turned down (issue 18).
 */
export const ALREADY_WAVED = "You've already waved on this flight";

export type CrewCardAction =
  | { kind: 'self'; label: "It's You" }
  | { kind: 'chat'; label: 'Chat' | 'Chat (Departed)' }
  | { kind: 'sent'; label: 'Waved'; note: typeof ALREADY_WAVED }
  | { kind: 'respond'; label: 'Respond' }
  | { kind: 'wave'; label: 'Wave' };

/**
 * The one button on another member's crew card. `wave` is as the viewer sees it
 * (waveStatusSeenBy): a declined wave of the viewer's own still reads 'pending', so 'Waved'.
 */
export function crewCardAction(
  viewerId: number,
  memberId: number,
  wave: Pick<WaveReadState, 'senderId' | 'status'> | null,
  flight: FlightTiming,
  now: Date,
): CrewCardAction {
  if (viewerId === memberId) return { kind: 'self', label: "It's You" };
  const status = wave ? waveStatusSeenBy(wave, viewerId) : null;
  if (status === 'accepted') {
    return { kind: 'chat', label: isChatClosed(flight, now) ? 'Chat (Departed)' : 'Chat' };
  }
  if (wave && status === 'pending') {
    return wave.senderId === viewerId
      ? { kind: 'sent', label: 'Waved', note: ALREADY_WAVED }
      : { kind: 'respond', label: 'Respond' };
  }
  return { kind: 'wave', label: 'Wave' };
}

/**
 * The wave state a crew card shows, from the viewer's side, for the wave between viewer and
 * member on this flight: none, sent by the viewer, received from the member, accepted or
 * rejected (only the receiver who declined sees that: to its sender it stays 'pending-sent').
 * The viewer's own card never has one.
 */
export function crewWaveState(
  wave: (Pick<WaveReadState, 'senderId' | 'status'> & { id: number }) | null | undefined,
  viewerId: number,
  memberId: number,
): CrewWaveState {
  if (!wave || viewerId === memberId) return { status: 'none', waveId: null };
  if (waveStatusSeenBy(wave, viewerId) === 'pending') {
    return {
      status: wave.senderId === viewerId ? 'pending-sent' : 'pending-received',
      waveId: wave.id,
    };
  }
  return { status: wave.status === 'accepted' ? 'accepted' : 'rejected', waveId: wave.id };
}

/**
 * The chat header's line on when it closes (issue 18): at departure, with the flight's GMT time
 * when it has one, as the app shows times elsewhere.
 */
export function chatClosesLabel(flight: Pick<FlightTiming, 'flightNumber'>): string {
  const time = departureTimeOf(flight.flightNumber);
  return time ? `Chat closes at departure, ${time} GMT` : 'Chat closes at departure';
}
