import { type CrewEntry, type CrewMember, crewWaveState, type IdentityWave } from '../../../domain';
import type { FlightCrewRow, UserRow, WaveRow } from '../../db/schema';
import { presentMember } from '../users/presenter';

/** THE crew-entry presenter: one member's place on one flight (role, tags, note). */
export function presentCrewEntry(entry: FlightCrewRow): CrewEntry {
  return {
    id: entry.id,
    flightId: entry.flightId,
    userId: entry.userId,
    role: entry.role,
    tags: entry.tags,
    note: entry.note,
    createdAt: entry.createdAt.toISOString(),
    expiresAt: entry.expiresAt ? entry.expiresAt.toISOString() : null,
  };
}

/**
 * A crew entry on the flight detail, as `viewer` sees it: the member through the user
 * presenter (reveal rules), the wave state of their card, and the full identity for admins
 * only. `waveHere` is the wave between the two on this flight; `reveal` the accepted wave that
 * lets the viewer see who they are (this flight's, else any).
 */
export function presentCrewMember(
  viewer: Pick<UserRow, 'id' | 'isAdmin' | 'isDemoUser'>,
  member: { entry: FlightCrewRow; user: UserRow; isOnline: boolean },
  waves: { waveHere: WaveRow | undefined; reveal: IdentityWave | null },
  now: Date,
): CrewMember {
  const { entry, user, isOnline } = member;
  return {
    ...presentCrewEntry(entry),
    user: presentMember(viewer, { ...user, isOnline }, waves.reveal, now),
    waveStatus: crewWaveState(waves.waveHere, viewer.id, user.id),
    ...(viewer.isAdmin && { fullIdentity: { name: user.name, email: user.email } }),
  };
}
