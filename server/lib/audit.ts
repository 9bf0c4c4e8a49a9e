import type { DbOrTx } from '../db/client';
import { auditLog } from '../db/schema';

/** Every action the audit trail records; a new one is added here, so the list stays complete. */
export type AuditAction =
  | 'admin.bootstrap'
  | 'admin.reset_online'
  | 'auth.hard_lock'
  | 'auth.pin_changed'
  | 'auth.pin_reset'
  | 'flight.delete'
  | 'flight_crew.remove'
  | 'flights.delete_past'
  | 'payment.completed'
  | 'payment.invoice_paid'
  | 'payment.subscription_status'
  | 'registration.paid'
  | 'membership.cancellation_request'
  | 'registration.trial'
  | 'retention.anonymise_inactive'
  | 'retention.prune_logs'
  | 'retention.purge_deleted'
  | 'user.approve'
  | 'user.create'
  | 'user.delete'
  | 'user.grant_admin'
  | 'user.reject'
  | 'user.remove_data'
  | 'user.reveal_passcode'
  | 'user.revoke_admin'
  | 'user.restore'
  | 'user.self_delete'
  | 'user.sign_out_all'
  | 'user.update_email'
  | 'user.update_passcode';

export type AuditEntry = {
  /** Who did it; absent for the system (a start-up bootstrap, an automatic lock). */
  actorId?: number | null;
  action: AuditAction;
  target?: { type: 'user' | 'flight' | 'flight_crew'; id: number };
  detail?: Record<string, unknown>;
  /** The injected clock's time, never the database's: tests and replays stay deterministic. */
  at: Date;
};

/**
 * One row of the audit trail. Pass the transaction that makes the change, so the row exists
 * exactly when the change does.
 */
export async function audit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    // Absent fields stay undefined, so the column takes its default (NULL), as before.
    actorId: entry.actorId ?? undefined,
    action: entry.action,
    targetType: entry.target?.type,
    targetId: entry.target?.id,
    detail: entry.detail,
    createdAt: entry.at,
  });
}
