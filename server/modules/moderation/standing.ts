import { and, eq, isNull, sql } from 'drizzle-orm';
import { canStartContact, MODERATION_MESSAGES } from '../../../domain';
import type { DbOrTx } from '../../db/client';
import { moderationDecisions, users } from '../../db/schema';
import { enforce, forbidden } from '../../lib/errors';

/**
 * For other modules (waves): refuses a restricted, suspended or banned member's new contact with
 * the rule's text. Read from the row, not the session's cached user, so a decision applies at once.
 */
export async function enforceCanStartContact(db: DbOrTx, userId: number, now: Date) {
  const [standing] = await db
    .select({
      restrictedUntil: users.restrictedUntil,
      suspendedUntil: users.suspendedUntil,
      bannedAt: users.bannedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (standing) enforce(canStartContact(standing, now));
}

/** For registration: a banned e-mail (a ban not overturned) cannot register again, even once its account is gone. */
export async function refuseBannedEmail(db: DbOrTx, email: string) {
  const [ban] = await db
    .select({ id: moderationDecisions.id })
    .from(moderationDecisions)
    .where(
      and(
        eq(sql`lower(${moderationDecisions.email})`, email.trim().toLowerCase()),
        eq(moderationDecisions.action, 'ban'),
        isNull(moderationDecisions.overturnedAt),
      ),
    )
    .limit(1);
  if (ban) throw forbidden(MODERATION_MESSAGES.bannedEmail, { code: 'EMAIL_BANNED' });
}
