import {
  isChatClosed,
  isWaveUnread,
  type Wave,
  type WaveCheckResponse,
  type WaveWithParties,
  waveStatusSeenBy,
} from '../../../domain';
import type { FlightRow, UserRow, WaveRow } from '../../db/schema';
import { presentFlightSummary } from '../flights/presenter';
import { presentMember } from '../users/presenter';

type Viewer = Pick<UserRow, 'id' | 'isAdmin' | 'isDemoUser'>;

/**
 * THE wave presenter: a wave as `viewerId` sees it in the send and respond answers and on their
 * list. Its status is the one the viewer may know: a declined wave stays 'pending' to its sender.
 */
export function presentWave(w: WaveRow, viewerId: number): Wave {
  return {
    id: w.id,
    senderId: w.senderId,
    receiverId: w.receiverId,
    flightId: w.flightId,
    status: waveStatusSeenBy(w, viewerId),
    senderRead: w.senderRead,
    receiverRead: w.receiverRead,
    createdAt: w.createdAt.toISOString(),
  };
}

/**
 * A wave on the viewer's list: both people through the user presenter (the wave itself decides
 * what its parties reveal), its flight, and what the domain rules say for this viewer now.
 */
export function presentWaveWithParties(
  viewer: Viewer,
  row: {
    wave: WaveRow;
    flight: FlightRow;
    sender: UserRow & { isOnline: boolean };
    receiver: UserRow & { isOnline: boolean };
    unreadMessages: number;
  },
  now: Date,
): WaveWithParties {
  const { wave, flight } = row;
  const identityWave = {
    senderId: wave.senderId,
    receiverId: wave.receiverId,
    status: wave.status,
  };
  const timing = { flightNumber: flight.flightNumber, departureDate: flight.departureDate };
  return {
    ...presentWave(wave, viewer.id),
    sender: presentMember(viewer, row.sender, identityWave, now),
    receiver: presentMember(viewer, row.receiver, identityWave, now),
    flight: presentFlightSummary(flight),
    unread: isWaveUnread(wave, viewer.id),
    chatClosed: isChatClosed(timing, now),
    unreadMessages: row.unreadMessages,
  };
}

type WaveCheckEntry = WaveCheckResponse['waveStatusMap'][string];

/**
 * GET /api/waves/check/{flightId}: one of the viewer's waves, keyed by the other person (a
 * declined one is 'pending' to its sender).
 */
export function presentWaveCheckEntry(viewerId: number, w: WaveRow): WaveCheckEntry {
  return {
    exists: true,
    status: waveStatusSeenBy(w, viewerId),
    isSender: w.senderId === viewerId,
    waveId: w.id,
  };
}
