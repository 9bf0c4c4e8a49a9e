import type { PresentedUser } from '../schemas/user';
import {
  type IdentitySubject,
  type IdentityViewer,
  type IdentityWave,
  visibleIdentity,
} from './identity';
import { avatarRing, type MembershipUser, trialBadge } from './membership';

export interface PresentableUser extends IdentitySubject, MembershipUser {
  role?: string | null;
  isOnline?: boolean | null;
  isAdmin?: boolean | null;
}

/**
 * Another member as `viewer` may see them: the only shape a user leaves the server in, apart
 * from the member's own object. Copies fields one by one so nothing else can slip through.
 */
export function presentUser(
  viewer: IdentityViewer,
  other: PresentableUser,
  wave: IdentityWave | null,
  now: Date,
): PresentedUser {
  return {
    id: other.id,
    ...visibleIdentity(viewer, other, wave),
    role: other.role ?? null,
    avatarRing: avatarRing(other, now),
    trialBadge: trialBadge(other, now),
    isOnline: other.isOnline === true,
    isAdmin: other.isAdmin === true,
  };
}
