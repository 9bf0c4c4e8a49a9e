import { and, asc, eq, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';
import type { Clock } from '../lib/clock';
import type { MailTransport } from '../mail/transport';

const MAX_ATTEMPTS = 12;
const BATCH = 20;

/** 5 s, 10 s, 20 s ... capped at 30 minutes: a mail server down for hours still gets it. */
export function retryDelayMs(attempts: number) {
  return Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 30 * 60 * 1000);
}

/**
 * Sends due mail from the outbox. Each row is claimed with FOR UPDATE SKIP LOCKED inside its
 * own transaction, so several instances never send the same mail, and a row is marked sent
 * only after the transport accepted it: a crash in between re-sends rather than loses.
 */
export function createMailSender(deps: {
  db: Db;
  transport: MailTransport;
  clock: Clock;
  from: string;
  log?: FastifyBaseLogger;
}) {
  let running: Promise<number> | null = null;

  async function sendOne(): Promise<boolean> {
    return deps.db.transaction(async (tx) => {
      const now = deps.clock.now();
      const [row] = await tx
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now)))
        .orderBy(asc(mailOutbox.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!row) return false;
      try {
        await deps.transport.send({
          id: row.id,
          from: deps.from,
          to: row.to,
          subject: row.subject,
          text: row.text,
          html: row.html,
        });
        await tx
          .update(mailOutbox)
          .set({ status: 'sent', sentAt: now, attempts: row.attempts + 1, lastError: null })
          .where(eq(mailOutbox.id, row.id));
      } catch (error) {
        const attempts = row.attempts + 1;
        const message = error instanceof Error ? error.message : String(error);
        deps.log?.warn(
          { mailId: row.id, attempts, err: error },
          'mail delivery failed; will retry',
        );
        await tx
          .update(mailOutbox)
          .set({
            attempts,
            lastError: message.slice(0, 500),
            status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
            nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)),
          })
          .where(eq(mailOutbox.id, row.id));
      }
      return true;
    });
  }

  /** Sends everything due now; returns how many rows it handled. */
  async function runOnce(): Promise<number> {
    if (running) return running;
    running = (async () => {
      let handled = 0;
      while (handled < BATCH && (await sendOne())) handled += 1;
      return handled;
    })().finally(() => {
      running = null;
    });
    return running;
  }

  return { runOnce };
}

export type MailSender = ReturnType<typeof createMailSender>;
