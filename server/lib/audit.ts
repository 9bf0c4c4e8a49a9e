import type { AuditAction } from '../../domain';
import type { DbOrTx } from '../db/client';
import { auditLog } from '../db/schema';

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
