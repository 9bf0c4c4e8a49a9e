import type { Tx } from '../../db/client';
import { passcodeResets } from '../../db/schema';
import { newToken } from '../../lib/tokens';

/** How long a mailed reset link works. */
export const RESET_LINK_MS = 30 * 60 * 1000;

/** A new one-time reset link for this member (only its hash is stored); the caller mails it. */
export async function issueResetLink(tx: Tx, publicUrl: string, userId: number, now: Date) {
  const { token, hash } = newToken();
  await tx.insert(passcodeResets).values({
    tokenHash: hash,
    userId,
    expiresAt: new Date(now.getTime() + RESET_LINK_MS),
    createdAt: now,
  });
  return `${publicUrl}/reset-passcode?token=${token}`;
}
