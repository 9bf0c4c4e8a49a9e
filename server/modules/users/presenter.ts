import {
  type IdentityWave,
  type PresentableUser,
  type PresentedUser,
  presentUser,
  type User,
  type UserStatisticsRow,
} from '../../../domain';
import type { UserRow } from '../../db/schema';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The user as its owner sees it (GET /api/auth/me and the profile). Never includes the
 * encrypted PIN or password hash. What other members see goes through the identity presenter.
 */
export function presentSelf(user: UserRow): User {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    nickname: user.nickname,
    role: user.role,
    yearsFlying: user.yearsFlying,
    mobileNumber: user.mobileNumber,
    contactEmail: user.contactEmail,
    paymentEmail: user.paymentEmail,
    profilePictureUrl: user.profilePictureUrl,
    verified: user.verified,
    isAdmin: user.isAdmin,
    isOnline: user.isOnline,
    isDemoUser: user.isDemoUser,
    isDeleted: user.isDeleted,
    deletionScheduledAt: iso(user.deletionScheduledAt),
    createdAt: user.createdAt.toISOString(),
    lastActive: iso(user.lastActive),
    lastLoginAt: iso(user.lastLoginAt),
    loginCount: user.loginCount,
    membershipType: user.membershipType,
    subscriptionId: user.subscriptionId,
    subscriptionStatus: user.subscriptionStatus,
    subscriptionExpiresAt: iso(user.subscriptionExpiresAt),
    trialStartedAt: iso(user.trialStartedAt),
    trialExpiresAt: iso(user.trialExpiresAt),
    approvalStatus: user.approvalStatus,
    approvedBy: user.approvedBy,
    approvedAt: iso(user.approvedAt),
    disclaimerAcceptedAt: iso(user.disclaimerAcceptedAt),
    profileSetupDoneAt: iso(user.profileSetupDoneAt),
    showNameAfterMatch: user.showNameAfterMatch,
    shareContactInfo: user.shareContactInfo,
    flightNotifications: user.flightNotifications,
    emailNotifications: user.emailNotifications,
    smsNotifications: user.smsNotifications,
    telegramNotifications: user.telegramNotifications,
    pushNotifications: user.pushNotifications,
    totalFlightsEver: user.totalFlightsEver,
    totalWavesSentEver: user.totalWavesSentEver,
    totalWavesReceivedEver: user.totalWavesReceivedEver,
  };
}

/**
 * Another member as `viewer` may see them: THE presenter for other users (crew lists, wave
 * parties). It wraps the domain's presentUser, so identity reveal, avatar ring and trial badge
 * follow the domain rules; `wave` is an accepted wave between the two (any flight) or null, and
 * `isOnline` comes from the one online rule (users/online.ts).
 */
export function presentMember(
  viewer: Pick<UserRow, 'id' | 'isAdmin' | 'isDemoUser'>,
  other: PresentableUser & { id: number; isOnline: boolean },
  wave: IdentityWave | null,
  now: Date,
): PresentedUser {
  return presentUser(viewer, other, wave, now);
}

/** A row of the admin's per-user statistics (spec "User statistics row"), counts computed by SQL. */
export function presentUserStatisticsRow(
  user: Pick<
    UserRow,
    | 'id'
    | 'name'
    | 'nickname'
    | 'email'
    | 'role'
    | 'subscriptionExpiresAt'
    | 'lastLoginAt'
    | 'createdAt'
  >,
  figures: {
    isOnline: boolean;
    subscriptionStatus: string;
    flightCount: number;
    wavesSent: number;
    wavesReceived: number;
    activityScore: number;
  },
): UserStatisticsRow {
  return {
    id: user.id,
    name: user.name,
    nickname: user.nickname,
    email: user.email,
    role: user.role,
    isOnline: figures.isOnline,
    subscriptionStatus: figures.subscriptionStatus,
    subscriptionExpiresAt: iso(user.subscriptionExpiresAt),
    flightCount: figures.flightCount,
    wavesSent: figures.wavesSent,
    wavesReceived: figures.wavesReceived,
    lastLoginAt: iso(user.lastLoginAt),
    createdAt: user.createdAt.toISOString(),
    activityScore: figures.activityScore,
  };
}

/** Who did something in the audit trail, as admins see it there. */
export function presentAuditParty(user: Pick<UserRow, 'id' | 'email' | 'name'>) {
  return { id: user.id, email: user.email, name: user.name };
}
