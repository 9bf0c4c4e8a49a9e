import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';
import type { MailContent } from './templates';

/** Anything that can run an insert: the database or an open transaction. */
type Writer = Pick<Db, 'insert'>;

/**
 * Queue a mail in the same transaction as the change it reports: if the change rolls back,
 * no mail goes out; if it commits, the mail is sent (with retries) by the mail job.
 */
export async function enqueueMail(tx: Writer, to: string, content: MailContent, now: Date) {
  if (/[\r\n]/.test(to)) throw new Error('refusing a recipient with a line break');
  await tx.insert(mailOutbox).values({
    to,
    subject: content.subject.replace(/[\r\n]+/g, ' '),
    text: content.text,
    html: content.html,
    nextAttemptAt: now,
    createdAt: now,
  });
}
