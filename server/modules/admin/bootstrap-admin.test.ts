// @postgres: the first admin is ensured with an upsert (onConflictDoNothing)
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import { users } from '../../db/schema';
import { createPinCipher } from '../../lib/pin-crypto';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { buildCrew } from '../../test/factories';
import { ensureBootstrapAdmin } from './bootstrap-admin';

describe('bootstrap admin', () => {
  let t: TestApp;
  const config = testConfig();
  const pins = createPinCipher(config.appSecret);
  const now = new Date('2030-06-15T12:00:00Z');
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('with ADMIN_EMAIL/ADMIN_PASSCODE ensures that admin at every start', async () => {
    const withAdmin = { ...config, adminEmail: 'chief@ba.com', adminPasscode: '4826' };
    const printed: string[] = [];
    await ensureBootstrapAdmin(t.database.db, withAdmin, pins, now, (l) => printed.push(l));
    let [admin] = await t.database.db.select().from(users).where(eq(users.email, 'chief@ba.com'));
    expect(admin).toMatchObject({
      isAdmin: true,
      approvalStatus: 'approved',
      subscriptionStatus: 'active',
      subscriptionExpiresAt: null,
    });
    expect(pins.decrypt(admin!.passcodeEncrypted!)).toBe('4826');

    // Demoted and re-PINed by hand: the next start restores it.
    await t.database.db
      .update(users)
      .set({ isAdmin: false, passcodeEncrypted: pins.encrypt('1111') })
      .where(eq(users.id, admin!.id));
    await ensureBootstrapAdmin(
      t.database.db,
      { ...withAdmin, adminPasscode: '9753' },
      pins,
      now,
      (l) => printed.push(l),
    );
    [admin] = await t.database.db.select().from(users).where(eq(users.email, 'chief@ba.com'));
    expect(admin!.isAdmin).toBe(true);
    expect(pins.decrypt(admin!.passcodeEncrypted!)).toBe('9753');
    expect(printed).toEqual([]);
    const count = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.email, 'chief@ba.com'));
    expect(count[0]!.n).toBe(1);
  });

  it('without them, creates one admin once and prints its PIN once', async () => {
    const fresh = await buildTestApp();
    const printed: string[] = [];
    await ensureBootstrapAdmin(fresh.database.db, config, pins, now, (l) => printed.push(l));
    await ensureBootstrapAdmin(fresh.database.db, config, pins, now, (l) => printed.push(l));
    expect(printed).toHaveLength(1);
    const [admin] = await fresh.database.db.select().from(users).where(eq(users.isAdmin, true));
    const pin = pins.decrypt(admin!.passcodeEncrypted!);
    expect(Number(pin)).toBeGreaterThanOrEqual(1000);
    expect(Number(pin)).toBeLessThanOrEqual(9999);
    expect(printed[0]).toContain(`${admin!.email} with PIN ${pin}`);
    await fresh.close();
  });

  it('no table holds a PIN in plain text', async () => {
    const distinctive = ['7391', '8264', '5073'];
    for (const pin of distinctive) await buildCrew(t.database.db, { pin });
    const tables = await t.database.db.execute<{ tablename: string }>(
      sql`select tablename from pg_tables where schemaname = 'public'`,
    );
    let dump = '';
    for (const { tablename } of tables.rows) {
      const rows = await t.database.db.execute<{ row: string }>(
        sql.raw(`select t::text as row from "${tablename}" t`),
      );
      dump += rows.rows.map((r) => r.row).join('\n');
    }
    expect(dump).toContain('@ba.com');
    for (const pin of distinctive) expect(dump).not.toMatch(new RegExp(`\\b${pin}\\b`));
  });
});

describe('PIN cipher', () => {
  const pins = createPinCipher('k'.repeat(64));
  it('round-trips, uses a fresh IV, and rejects tampering or another key', () => {
    const a = pins.encrypt('1234');
    const b = pins.encrypt('1234');
    expect(a).not.toBe(b);
    expect(pins.decrypt(a)).toBe('1234');
    expect(pins.matches(a, '1234')).toBe(true);
    expect(pins.matches(a, '1235')).toBe(false);
    expect(pins.matches(a, '12345')).toBe(false);
    const tampered = `${a.slice(0, -2)}AA`;
    expect(pins.matches(tampered, '1234')).toBe(false);
    expect(createPinCipher('z'.repeat(64)).matches(a, '1234')).toBe(false);
  });
});
