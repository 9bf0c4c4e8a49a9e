import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';

/** The queued mail to one address, oldest first, as a member's inbox would show it. */
export async function mailTo(db: Db, to: string) {
  return db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(asc(mailOutbox.id));
}

export function pinIn(text: string): string {
  const match = /PIN is (\d{4})/.exec(text);
  if (!match) throw new Error(`no PIN in mail: ${text}`);
  return match[1]!;
}
