import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { openDatabase } from '../db/client';
import { pgliteEngine } from './test-database';

/**
 * A new DATA_DIR holding a copy of the migrated PGlite database (the suite's snapshot), for a
 * spawned server: it then starts as on any day after its first, without initdb and every
 * migration first, which cost a fresh start several CPU seconds on the 2-core machine. The first
 * start on an empty DATA_DIR stays covered: main.test.ts's first test and the quality gates'
 * server start on one (the journeys' servers start on a copy too: newServerDataDir in
 * ./processes.ts).
 */
export async function seededDataDir(prefix = 'jumpseat-seeded-'): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  const database = await openDatabase({
    kind: 'pglite',
    // Where the server opens it (server/db/open-configured.ts).
    dataDir: path.join(dir, 'pgdata'),
    loadDataDir: new Blob([readFileSync(inject('pgliteSnapshot'))]),
    engine: await pgliteEngine(),
  });
  await database.close();
  return dir;
}
