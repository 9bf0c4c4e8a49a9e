import type { ModerationAction } from '../schemas/moderation';
import type { RuleResult } from './access';

const DAY_MS = 24 * 60 * 60 * 1000;
export const RESTRICT_DAYS = 7;
export const SUSPEND_DAYS = 30;
export const EVIDENCE_KEEP_DAYS = 90;
/** Reports a member may file in REPORT_WINDOW_MS; enough for honest use, costly for abuse. */
export const REPORTS_PER_DAY = 10;
export const REPORT_WINDOW_MS = DAY_MS;
/** Messages copied as evidence when a whole conversation (not one message) is reported. */
export const EVIDENCE_MESSAGES_MAX = 50;

export const MODERATION_MESSAGES = {
  reportSelf: 'You cannot report yourself',
  reportNotFound: 'Crew member not found',
  reportTooMany: 'You have sent many reports today. Please try again tomorrow.',
  reportReceived: 'Thank you. Your report was sent to the moderators.',
  banned: 'Your account has been banned. You can no longer sign in.',
  bannedEmail: 'This e-mail address cannot be registered.',
  appealInvalid: 'This appeal link is not valid',
  appealNotAppealable: 'This decision cannot be appealed',
  appealTwice: 'This decision has already been appealed',
  appealReceived: 'Your appeal was sent. An admin will review it and reply by e-mail.',
  appealDecided: 'This appeal has already been decided',
} as const;

/** '1 Dec 2026' in UTC: the date a restriction or suspension ends, as members read it. */
export function formatModerationDate(at: Date): string {
  return at.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

export interface ModerationStanding {
  restrictedUntil: Date | null;
  suspendedUntil: Date | null;
  bannedAt: Date | null;
}

/** Whether the member may sign in at `now`: a suspension (until its end) or a ban refuses it. */
export function canSignInModerated(user: ModerationStanding, now: Date): RuleResult {
  if (user.bannedAt) return { ok: false, reason: MODERATION_MESSAGES.banned };
  if (user.suspendedUntil && user.suspendedUntil > now) {
    return {
      ok: false,
      reason: `Your account is suspended until ${formatModerationDate(user.suspendedUntil)}: you cannot sign in until then.`,
    };
  }
  return { ok: true };
}

/**
 * Whether the member may send a wave or start a chat (accept a wave) at `now`. Restricted,
 * suspended and banned members may not; an existing chat stays open to them.
 */
export function canStartContact(user: ModerationStanding, now: Date): RuleResult {
  const signIn = canSignInModerated(user, now);
  if (!signIn.ok) return signIn;
  if (user.restrictedUntil && user.restrictedUntil > now) {
    return {
      ok: false,
      reason: `Your account is restricted until ${formatModerationDate(user.restrictedUntil)}: you cannot send waves or start chats.`,
    };
  }
  return { ok: true };
}

/** What a step of the ladder sets on the member, and until when. Dismiss and warn set nothing. */
export function decisionEffect(
  action: ModerationAction,
  now: Date,
): { until: Date | null; set: Partial<ModerationStanding>; endsSessions: boolean } {
  switch (action) {
    case 'restrict': {
      const until = new Date(now.getTime() + RESTRICT_DAYS * DAY_MS);
      return { until, set: { restrictedUntil: until }, endsSessions: false };
    }
    case 'suspend': {
      const until = new Date(now.getTime() + SUSPEND_DAYS * DAY_MS);
      return { until, set: { suspendedUntil: until }, endsSessions: true };
    }
    case 'ban':
      return { until: null, set: { bannedAt: now }, endsSessions: true };
    default:
      return { until: null, set: {}, endsSessions: false };
  }
}

/** What overturning a decision lifts from the member: the very effect it set. */
export function overturnEffect(action: ModerationAction): Partial<ModerationStanding> {
  switch (action) {
    case 'restrict':
      return { restrictedUntil: null };
    case 'suspend':
      return { suspendedUntil: null };
    case 'ban':
      return { bannedAt: null };
    default:
      return {};
  }
}

/** A dismissal is not about the member (they are not told of it), so only the others are mailed and appealable. */
export const isAppealable = (action: ModerationAction) => action !== 'dismiss';

export const evidencePurgeAfter = (now: Date) =>
  new Date(now.getTime() + EVIDENCE_KEEP_DAYS * DAY_MS);

/**
 * Whether a member may report another, given what links them: no reporting oneself, and no
 * reporting an arbitrary id — they must share a flight or a wave (the named wave or message, when
 * given, must be between the two, the message sent by the reported member). A missing link reads
 * 'not found', so a report never confirms that an id exists.
 */
export function canReport(
  reporterId: number,
  reportedId: number,
  link: {
    sharedFlightOrWave: boolean;
    wave?: { senderId: number; receiverId: number } | null;
    message?: { senderId: number; waveId: number } | null;
    waveIdGiven: boolean;
    messageIdGiven: boolean;
    waveId?: number;
  },
): RuleResult {
  if (reporterId === reportedId) return { ok: false, reason: MODERATION_MESSAGES.reportSelf };
  const notFound = { ok: false, reason: MODERATION_MESSAGES.reportNotFound } as const;
  const pair = (w: { senderId: number; receiverId: number }) =>
    (w.senderId === reporterId && w.receiverId === reportedId) ||
    (w.senderId === reportedId && w.receiverId === reporterId);
  if (link.waveIdGiven && !(link.wave && pair(link.wave))) return notFound;
  if (link.messageIdGiven) {
    const m = link.message;
    if (!m || m.senderId !== reportedId || !link.wave || !pair(link.wave)) return notFound;
    if (link.waveId !== undefined && m.waveId !== link.waveId) return notFound;
  }
  if (!link.waveIdGiven && !link.messageIdGiven && !link.sharedFlightOrWave) return notFound;
  return { ok: true };
}
