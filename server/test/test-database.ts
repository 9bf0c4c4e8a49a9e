import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { createScratchDatabase } from '../../scripts/scratch-database.mjs';
import { type Database, openDatabase } from '../db/client';

/** A fresh, migrated database for one test file (or one test): fast, isolated, real Postgres. */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  const template = inject('postgresTemplate');
  if (template) return createPostgresCopy(template);
  const snapshot = inject('pgliteSnapshot');
  const bytes = readFileSync(snapshot);
  return openDatabase({ kind: 'pglite', loadDataDir: new Blob([bytes]) });
}

async function createPostgresCopy(template: string): Promise<Database & { url: string }> {
  const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'jumpseat_t', {
    template,
  });
  const database = await openDatabase({ kind: 'postgres', url: scratch.url, max: 4 });
  const close = database.close;
  return {
    ...database,
    url: scratch.url,
    close: async () => {
      await close();
      await scratch.drop();
    },
  };
}
