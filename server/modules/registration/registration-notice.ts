import { and, eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { AppDeps } from '../../deps';

export type RegistrationNotice = { name: string | null; email: string; membership: string };

/** The notice's text (one line: it is read on a phone's lock screen). */
export const registrationNoticeText = (n: RegistrationNotice) =>
  `New registration: ${n.name ?? ''} ${n.email} (${n.membership}) awaiting approval`;

/**
 * New-registration notices to the admins' Telegram chat. Fire-and-forget, after the
 * registration's transaction committed: the caller does not wait, a slow or failing Telegram
 * (5 s timeout in lib/telegram) is only logged, and a lost notice loses nothing, because the
 * dashboard's pending banner is the record. An outbox (like the mail's) would add a table and a
 * job for a notice whose only use is to be timely. Sent only while some admin keeps
 * telegramNotifications on (the spec's admin-only setting); the chat is shared, so one message.
 */
export function notifyNewRegistration(deps: AppDeps, notice: RegistrationNotice): void {
  if (!deps.telegram.enabled) return;
  void (async () => {
    const [listening] = await deps.database.db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.isAdmin, true),
          eq(users.isDeleted, false),
          eq(users.telegramNotifications, true),
        ),
      )
      .limit(1);
    if (listening) await deps.telegram.send(registrationNoticeText(notice));
  })().catch((error: unknown) => {
    // Whatever happens here never reaches the registration that triggered it.
    deps.telegram.reportFailure(error);
  });
}
