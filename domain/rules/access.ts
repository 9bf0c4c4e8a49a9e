import { PIN_REAUTH_MS } from '../constants';
import type { FlightTiming } from './time';
import { isChatClosed, isDeparted } from './time';

/** Outcome of a permission rule; `reason` is the spec's text, sent as the 403 message. */
export type RuleResult = { ok: true } | { ok: false; reason: string };

export interface Actor {
  id: number;
  isAdmin?: boolean | null;
  isDemoUser?: boolean | null;
}

export interface WaveParties {
  senderId: number;
  receiverId: number;
  status: string;
}

export const ACCESS_REASONS = {
  demoJoin: 'Cannot add yourself to flights in demo mode',
  demoAddFlights: 'Demo mode - Flight uploads not available',
  demoWave: 'Wave sending not available in demo mode',
  demoRespond: 'Wave responses not available in demo mode',
  demoMessage: 'Demo mode - Message sending not available',
  demoMarkRead: 'Demo users cannot mark waves as read. This action is restricted in demo mode.',
  demoDeleteWave: 'Demo users cannot delete conversations',
  demoDeleteFlight: 'Demo users cannot delete flights',
  demoRemoveCrew: 'Demo users cannot remove crew members',
  demoEditProfile: 'Profile editing is not available in demo mode',
  demoDeleteAccount: 'Account deletion is not available in demo mode',
  demoCancel: 'Subscription changes are not available in demo mode',
  joinDeparted: 'Cannot join a departed flight',
  alreadyOnFlight: "You're already on this flight",
  waveDeparted: 'Cannot send waves for past flights',
  waveSelf: 'You cannot wave at yourself',
  waveNotOnFlight: 'Both crew members must be on this flight',
  waveExists: 'A wave already exists between you on this flight',
  respondNotReceiver: 'Only the receiver can respond to this wave',
  respondNotPending: 'This wave has already been answered',
  respondDeparted: 'Cannot respond to waves for past flights',
  notFound: 'Not found',
  messageNotAccepted: 'Messaging is available once the wave is accepted',
  chatClosed: 'This flight has departed. Messaging is no longer available.',
  deleteFlightDenied: 'Only the first crew member on this flight or an admin can delete it',
  deleteFlightOthersOn: 'Other crew are on this flight. You can leave it instead.',
  removeCrewDenied: 'Only an admin can remove other crew members',
  removeCrewDeparted: 'Cannot remove crew from departed flights',
  editOthersEntry: 'You can only change your own crew entry',
  adminOnly: "You don't have permission to access this page.",
  adminSelf: 'You cannot change your own admin status',
  adminRank: 'Please choose a rank',
} as const;

const OK: RuleResult = { ok: true };
const deny = (reason: string): RuleResult => ({ ok: false, reason });

export function canJoinFlight(
  viewer: Actor,
  flight: FlightTiming,
  now: Date,
  { alreadyOnFlight }: { alreadyOnFlight: boolean },
): RuleResult {
  if (viewer.isDemoUser) return deny(ACCESS_REASONS.demoJoin);
  if (isDeparted(flight, now)) return deny(ACCESS_REASONS.joinDeparted);
  if (alreadyOnFlight) return deny(ACCESS_REASONS.alreadyOnFlight);
  return OK;
}

/** Manual add and roster upload. */
export function canAddFlights(viewer: Actor): RuleResult {
  return viewer.isDemoUser ? deny(ACCESS_REASONS.demoAddFlights) : OK;
}

export function canSendWave(
  viewer: Actor,
  receiverId: number,
  flight: FlightTiming,
  now: Date,
  context: {
    senderOnFlight: boolean;
    receiverOnFlight: boolean;
    existingWave: boolean;
    /** A block between the two, either way (isBlockedBetween). */
    blocked?: boolean;
  },
): RuleResult {
  if (viewer.isDemoUser) return deny(ACCESS_REASONS.demoWave);
  if (isDeparted(flight, now)) return deny(ACCESS_REASONS.waveDeparted);
  if (viewer.id === receiverId) return deny(ACCESS_REASONS.waveSelf);
  // A blocked pair reads as if the other were not on the flight: the refusal must not tell
  // either of them that a block exists (issue 22, "the blocked member is not told").
  if (!context.senderOnFlight || !context.receiverOnFlight || context.blocked)
    return deny(ACCESS_REASONS.waveNotOnFlight);
  if (context.existingWave) return deny(ACCESS_REASONS.waveExists);
  return OK;
}

export function canRespondToWave(
  viewer: Actor,
  wave: WaveParties,
  flight: FlightTiming,
  now: Date,
): RuleResult {
  if (viewer.isDemoUser) return deny(ACCESS_REASONS.demoRespond);
  if (wave.receiverId !== viewer.id) return deny(ACCESS_REASONS.respondNotReceiver);
  if (wave.status !== 'pending') return deny(ACCESS_REASONS.respondNotPending);
  if (isDeparted(flight, now)) return deny(ACCESS_REASONS.respondDeparted);
  return OK;
}

const isParty = (viewer: Actor, wave: WaveParties) =>
  wave.senderId === viewer.id || wave.receiverId === viewer.id;

/** Sending only; messages of a closed chat stay readable by both sides. */
export function canMessage(
  viewer: Actor,
  wave: WaveParties,
  flight: FlightTiming,
  now: Date,
): RuleResult {
  if (viewer.isDemoUser) return deny(ACCESS_REASONS.demoMessage);
  if (!isParty(viewer, wave)) return deny(ACCESS_REASONS.notFound);
  if (wave.status !== 'accepted') return deny(ACCESS_REASONS.messageNotAccepted);
  if (isChatClosed(flight, now)) return deny(ACCESS_REASONS.chatClosed);
  return OK;
}

/** Reading a wave's messages: its two parties and nobody else. */
export function canReadWave(viewer: Actor, wave: WaveParties): RuleResult {
  return isParty(viewer, wave) ? OK : deny(ACCESS_REASONS.notFound);
}

export function canMarkWavesRead(viewer: Actor): RuleResult {
  return viewer.isDemoUser ? deny(ACCESS_REASONS.demoMarkRead) : OK;
}

/** Either side may delete a wave in any state. */
export function canDeleteWave(viewer: Actor, wave: WaveParties): RuleResult {
  if (viewer.isDemoUser) return deny(ACCESS_REASONS.demoDeleteWave);
  return isParty(viewer, wave) ? OK : deny(ACCESS_REASONS.notFound);
}

/**
 * Deleting a flight erases every crew entry, wave and message on it, so a member may do it
 * only while nobody else would lose anything: the first crew member (lowest-id current crew
 * entry), alone on it. Admins may always. `crewCount` = current crew entries, the caller's
 * included (members whose user is deleted are left out, as in every count).
 */
export function canDeleteFlight(
  viewer: Actor,
  { firstCrewUserId, crewCount }: { firstCrewUserId: number | null; crewCount: number },
): RuleResult {
  if (viewer.isDemoUser) return deny(ACCESS_REASONS.demoDeleteFlight);
  if (viewer.isAdmin) return OK;
  if (firstCrewUserId !== viewer.id) return deny(ACCESS_REASONS.deleteFlightDenied);
  if (crewCount > 1) return deny(ACCESS_REASONS.deleteFlightOthersOn);
  return OK;
}

/** A member creates at most `perDay` new flights per UTC day (manual adds and rosters). */
export const flightsPerDayReason = (perDay: number) =>
  `You can add at most ${perDay} new flights a day. Please try again tomorrow.`;

/** Admins remove anyone; a member may remove their own entry (leave). Never after departure. */
export function canRemoveCrew(
  viewer: Actor,
  flight: FlightTiming,
  now: Date,
  entry: { userId: number },
): RuleResult {
  if (viewer.isDemoUser) return deny(ACCESS_REASONS.demoRemoveCrew);
  if (!viewer.isAdmin && entry.userId !== viewer.id) return deny(ACCESS_REASONS.removeCrewDenied);
  if (isDeparted(flight, now)) return deny(ACCESS_REASONS.removeCrewDeparted);
  return OK;
}

/** Tags and note of a crew entry belong to its member. */
export function canEditCrewEntry(viewer: Actor, entry: { userId: number }): RuleResult {
  if (viewer.isDemoUser) return deny(ACCESS_REASONS.demoEditProfile);
  return entry.userId === viewer.id ? OK : deny(ACCESS_REASONS.editOthersEntry);
}

/** 'Admin' is a rank only an administrator may carry: it would read as staff in crew lists. */
export function canChooseRank(viewer: Actor, rank: string | null | undefined): RuleResult {
  return rank === 'Admin' && !viewer.isAdmin ? deny(ACCESS_REASONS.adminRank) : OK;
}

export function canEditProfile(viewer: Actor): RuleResult {
  return viewer.isDemoUser ? deny(ACCESS_REASONS.demoEditProfile) : OK;
}

export function canDeleteAccount(viewer: Actor): RuleResult {
  return viewer.isDemoUser ? deny(ACCESS_REASONS.demoDeleteAccount) : OK;
}

export function canRequestCancellation(viewer: Actor): RuleResult {
  return viewer.isDemoUser ? deny(ACCESS_REASONS.demoCancel) : OK;
}

/** Demo members keep the configured demo PIN; the text names it, as the spec's does. */
export function canChangePasscode(viewer: Actor, demoPasscode: string): RuleResult {
  if (!viewer.isDemoUser) return OK;
  return deny(`Demo users cannot change their PIN. Demo users must use PIN ${demoPasscode}.`);
}

/**
 * Changing or revealing the PIN from a session signed in more than PIN_REAUTH_MS ago needs the
 * PIN again: a phone left unlocked in a crew room must not be enough to take the account over.
 */
export function needsReauthentication(sessionStartedAt: Date, now: Date): boolean {
  return now.getTime() - sessionStartedAt.getTime() > PIN_REAUTH_MS;
}

export function canAdminister(viewer: Actor): RuleResult {
  return viewer.isAdmin ? OK : deny(ACCESS_REASONS.adminOnly);
}

/** Admins grant or revoke admin for others, never for themselves. */
export function canToggleAdmin(viewer: Actor, targetUserId: number): RuleResult {
  if (!viewer.isAdmin) return deny(ACCESS_REASONS.adminOnly);
  return targetUserId === viewer.id ? deny(ACCESS_REASONS.adminSelf) : OK;
}
