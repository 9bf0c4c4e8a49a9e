/**
 * `node --import ./server/typescript-imports.mjs scripts/migrated-data-dir.ts DIR`: DIR becomes a server's data directory
 * holding an empty, fully migrated PGlite database, and nothing else (the secrets are each
 * server's own, made at its first start). The test runs copy it for every server they spawn
 * (server/test/processes.ts, newServerDataDir): initdb and every migration once per run instead
 * of once per server: a start on an empty directory took ~8 s and ~12 CPU seconds on the 2-core
 * machine, on a copy ~3 s and ~6.
 * The first start on an empty DATA_DIR stays covered by server/main.test.ts.
 */
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../server/db/client';

const dir = process.argv[2];
if (!dir || (existsSync(dir) && readdirSync(dir).length > 0)) {
  console.error('usage: migrated-data-dir.ts DIR (a new or empty directory)');
  process.exit(2);
}
mkdirSync(path.join(dir, 'pgdata'), { recursive: true });
const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'pgdata') });
await database.migrate();
await database.close();
