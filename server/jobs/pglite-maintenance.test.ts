import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { vacuumEmbedded } from './pglite-maintenance';

/** PGlite never vacuums by itself; the job does, and only there. */
describe('embedded database maintenance', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const allVisiblePages = async () =>
    Number(
      (
        await t.database.db.execute<{ pages: number }>(
          sql`select relallvisible as pages from pg_class where relname = 'users'`,
        )
      ).rows[0]?.pages,
    );

  it('fills the visibility map on PGlite, so index-only scans stay index-only', async () => {
    await t.database.db.execute(
      sql.raw(
        `insert into users (email) select 'vac' || i || '@ba.com' from generate_series(1, 2000) i`,
      ),
    );
    const before = await allVisiblePages();
    const ran = await vacuumEmbedded(t.database);
    if (t.database.kind === 'pglite') {
      expect(before).toBe(0);
      expect(ran).toBe(true);
      expect(await allVisiblePages()).toBeGreaterThan(0);
    } else {
      // PostgreSQL's autovacuum does this; the job leaves it alone.
      expect(ran).toBe(false);
    }
  });
});
