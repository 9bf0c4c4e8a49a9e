import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inject } from 'vitest';
import { createScratchDatabase } from '../../scripts/scratch-database.mjs';
import { type Database, openDatabase, type PgliteEngine } from '../db/client';

const require = createRequire(import.meta.url);
let engine: Promise<PgliteEngine> | undefined;

/**
 * PGlite's WebAssembly compiled once per Vitest worker and handed to every database it opens:
 * a fifth of each open (~100 of ~450 ms) was compiling it again, once per test file.
 */
export function pgliteEngine(): Promise<PgliteEngine> {
  engine ??= (async () => ({
    pgliteWasmModule: await WebAssembly.compile(
      readFileSync(require.resolve('@electric-sql/pglite/pglite.wasm')),
    ),
    fsBundle: new Blob([readFileSync(require.resolve('@electric-sql/pglite/pglite.data'))]),
  }))();
  // A failed compile is not kept for the worker's next file: it tries again.
  engine.catch(() => {
    engine = undefined;
  });
  return engine;
}

/** A fresh, migrated database for one test file (or one test): fast, isolated, real Postgres. */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  const template = inject('postgresTemplate');
  if (template) return createPostgresCopy(template);
  const snapshot = inject('pgliteSnapshot');
  const bytes = readFileSync(snapshot);
  return openDatabase({
    kind: 'pglite',
    loadDataDir: new Blob([bytes]),
    engine: await pgliteEngine(),
  });
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
