import { type PresentedUser, utcDayLabel, type WaveWithParties } from '../../../../domain';

/** The other person of a wave, as the server presented them to the viewer. */
export function otherParty(wave: WaveWithParties, viewerId: number): PresentedUser {
  return wave.senderId === viewerId ? wave.receiver : wave.sender;
}

/** What the badges and the Messages header count; `unread` is the domain's isWaveUnread. */
export type WaveCounts = {
  /** Pending waves awaiting the viewer's answer (the blue badge). */
  newWaves: number;
  /** Messages from the other people not read yet (the red badge). */
  unreadMessages: number;
  /** Waves that are unread for the viewer (the Messages header badge). */
  unreadWaves: number;
  /** Whether 'Mark all as read' is offered. */
  hasUnread: boolean;
};

export function waveCounts(waves: readonly WaveWithParties[]): WaveCounts {
  let newWaves = 0;
  let unreadMessages = 0;
  let unreadWaves = 0;
  for (const wave of waves) {
    if (wave.unread) unreadWaves += 1;
    if (wave.unread && wave.status === 'pending') newWaves += 1;
    unreadMessages += wave.unreadMessages;
  }
  return {
    newWaves,
    unreadMessages,
    unreadWaves,
    hasUnread: unreadWaves > 0 || unreadMessages > 0,
  };
}

/** '1 new wave', '3 unread messages'. */
export function countLabel(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/** A flight's day as crew read it, in GMT: 'Mon, 3 Mar 2025' (as flights' formatDay). */
export function formatFlightDay(departureDate: string): string {
  return utcDayLabel(departureDate);
}
