import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../db/client';
import { withDatabase } from './global-setup';

/** A fresh, migrated database for one test file (or one test): fast, isolated, real Postgres. */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  const template = inject('postgresTemplate');
  if (template) return createPostgresCopy(template);
  const snapshot = inject('pgliteSnapshot');
  const bytes = readFileSync(snapshot);
  return openDatabase({ kind: 'pglite', loadDataDir: new Blob([bytes]) });
}

async function createPostgresCopy(template: string): Promise<Database & { url: string }> {
  const url = process.env.TEST_DATABASE_URL!;
  const name = `jumpseat_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ kind: 'postgres', url: withDatabase(url, name), max: 4 });
  const close = database.close;
  return {
    ...database,
    url: withDatabase(url, name),
    close: async () => {
      await close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
