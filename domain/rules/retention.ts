import { DAY_MS } from '../constants';

/** Accounts nobody has used for this many months are anonymised (admins never). */
export const INACTIVE_ANONYMISE_MONTHS = 12;
/** Sign-in attempts and audit entries are kept this long. */
export const LOG_RETENTION_DAYS = 90;

/**
 * The instants the retention jobs judge by, from the clock's `now`. A self-deleted account is
 * purged once its deletionScheduledAt (the end of the 30-day grace) is at or before `now`.
 */
export function retentionCutoffs(now: Date) {
  const inactiveBefore = new Date(now);
  inactiveBefore.setUTCMonth(inactiveBefore.getUTCMonth() - INACTIVE_ANONYMISE_MONTHS);
  return {
    purgeDeletedAtOrBefore: now,
    inactiveBefore,
    logsBefore: new Date(now.getTime() - LOG_RETENTION_DAYS * DAY_MS),
  };
}

/** The e-mail an anonymised account is left with: unique, and never deliverable (RFC 6761). */
export const anonymisedEmail = (userId: number) => `anonymised-${userId}@invalid`;
