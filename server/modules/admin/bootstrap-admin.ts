import { eq, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { generatePin, type PinCipher } from '../../lib/pin-crypto';

/** How the admin signs in, for the startup lines: the configured one, a new one, or neither. */
export type BootstrapAdmin =
  | { kind: 'configured'; email: string }
  | { kind: 'created'; email: string; pin: string }
  | { kind: 'existing' };

/**
 * With ADMIN_EMAIL/ADMIN_PASSCODE, that admin is ensured at every start (approved, active, no
 * expiry). With neither and no admin in the database, one is created and its PIN printed
 * once — the only start that ever prints a PIN (main.ts repeats it in its closing lines).
 */
export async function ensureBootstrapAdmin(
  db: Db,
  config: Config,
  pins: PinCipher,
  now: Date,
  print: (line: string) => void = console.log,
): Promise<BootstrapAdmin> {
  const adminFields = {
    isAdmin: true,
    verified: true,
    approvalStatus: 'approved' as const,
    subscriptionStatus: 'active' as const,
    membershipType: 'lifetime' as const,
    subscriptionExpiresAt: null,
    isDeleted: false,
    deletionScheduledAt: null,
    role: 'Admin',
  };

  if (config.adminEmail && config.adminPasscode) {
    const email = config.adminEmail;
    const [existing] = await db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email));
    const passcodeEncrypted = pins.encrypt(config.adminPasscode);
    if (existing) {
      await db
        .update(users)
        .set({ ...adminFields, passcodeEncrypted })
        .where(eq(users.id, existing.id));
    } else {
      await db.insert(users).values({
        email,
        name: 'Administrator',
        ...adminFields,
        approvedAt: now,
        passcodeEncrypted,
      });
      await audit(db, { action: 'admin.bootstrap', detail: { email }, at: now });
    }
    return { kind: 'configured', email };
  }

  const [anyAdmin] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.isAdmin, true))
    .limit(1);
  if (anyAdmin) return { kind: 'existing' };
  const email = `admin@${config.crewEmailDomains[0]}`;
  const pin = generatePin();
  await db
    .insert(users)
    .values({
      email,
      name: 'Administrator',
      ...adminFields,
      approvedAt: now,
      passcodeEncrypted: pins.encrypt(pin),
    })
    .onConflictDoNothing();
  await audit(db, { action: 'admin.bootstrap', detail: { email }, at: now });
  print(
    `Created the first admin: ${email} with PIN ${pin} (shown once; change it after signing in)`,
  );
  return { kind: 'created', email, pin };
}
