/**
 * `npm run restore FILE`: puts a backup from `npm run backup` back, only into an empty place, so
 * it can never mix with or overwrite live data:
 * - a PGlite backup into DATA_DIR, which must not exist or be an empty directory (DATABASE_URL
 *   unset);
 * - a PostgreSQL backup into DATABASE_URL's database, which must have no tables, views or
 *   sequences (create it empty first), with `pg_restore` in one transaction.
 * The secret files go into DATA_DIR (mode 0600); for PostgreSQL an existing one that differs
 * from the backup's stops the restore before anything is written.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../server/db/client';
import { lockDataDir } from '../server/db/data-dir-lock';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  backupSettings,
  fail,
  libpqTarget,
  type Manifest,
  PGLITE_DUMP,
  POSTGRES_DUMP,
  pgTool,
  runTool,
  SECRET_FILES,
} from './backup-format';

async function main() {
  const source = process.argv[2];
  if (!source) fail('Usage: npm run restore FILE (a backup written by npm run backup)');
  const file = path.resolve(source);
  if (!existsSync(file)) fail(`${file} does not exist`);
  const { databaseUrl, dataDir } = backupSettings();

  const staging = mkdtempSync(path.join(os.tmpdir(), 'jumpseat-restore-'));
  try {
    runTool('tar', ['-xf', file, '-C', staging]);
    const manifest = readManifest(staging, file);
    const secrets = SECRET_FILES.filter((name) => manifest.files.includes(name));

    if (manifest.database === 'pglite') {
      if (databaseUrl) {
        fail(
          'This is a backup of an embedded (PGlite) database: unset DATABASE_URL to restore it into DATA_DIR',
        );
      }
      if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
        fail(`DATA_DIR ${dataDir} is not empty: restore only into a new or empty DATA_DIR`);
      }
      mkdirSync(dataDir, { recursive: true });
      const dump = readFileSync(path.join(staging, PGLITE_DUMP));
      // Locked like the server locks it: a server started meanwhile refuses this DATA_DIR.
      const unlock = lockDataDir(dataDir, 'npm run restore');
      try {
        const pgdata = path.join(dataDir, 'pgdata');
        mkdirSync(pgdata);
        const database = await openDatabase({
          kind: 'pglite',
          dataDir: pgdata,
          loadDataDir: new Blob([dump]),
        });
        await database.close();
      } finally {
        unlock();
      }
    } else {
      if (!databaseUrl) {
        fail('This is a backup of a PostgreSQL database: set DATABASE_URL to an empty database');
      }
      const relations = await userRelations(databaseUrl);
      if (relations > 0) {
        fail(
          `The database at DATABASE_URL is not empty (${relations} tables, views or sequences): restore only into an empty database`,
        );
      }
      for (const name of secrets) {
        const existing = path.join(dataDir, name);
        if (
          existsSync(existing) &&
          !readFileSync(existing).equals(readFileSync(path.join(staging, name)))
        ) {
          fail(`${existing} differs from the backup's: move it away first (nothing was restored)`);
        }
      }
      const { url, env } = libpqTarget(databaseUrl);
      runTool(
        pgTool('pg_restore'),
        [
          '--no-owner',
          '--no-privileges',
          '--exit-on-error',
          '--single-transaction',
          '-d',
          url,
          path.join(staging, POSTGRES_DUMP),
        ],
        env,
      );
    }
    if (secrets.length > 0) mkdirSync(dataDir, { recursive: true });
    for (const name of secrets) {
      writeFileSync(path.join(dataDir, name), readFileSync(path.join(staging, name)), {
        mode: 0o600,
      });
    }
    const into = manifest.database === 'pglite' ? `DATA_DIR ${dataDir}` : 'DATABASE_URL';
    console.log(`Restored the ${manifest.database} backup of ${manifest.createdAt} into ${into}`);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

function readManifest(staging: string, file: string): Manifest {
  const manifestFile = path.join(staging, 'manifest.json');
  const manifest = (
    existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : null
  ) as Manifest | null;
  if (manifest?.format !== BACKUP_FORMAT || !['pglite', 'postgres'].includes(manifest.database)) {
    fail(`${file} is not a Jumpseat backup (no manifest.json of ours)`);
  }
  if (manifest.version > BACKUP_VERSION) {
    fail(`${file} is a newer backup format (${manifest.version}); update Jumpseat to restore it`);
  }
  return manifest;
}

/** Tables, views and sequences outside PostgreSQL's own schemas. */
async function userRelations(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_class c join pg_namespace ns on ns.oid = c.relnamespace
       where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
         and ns.nspname not in ('pg_catalog', 'information_schema')
         and ns.nspname not like 'pg_toast%' and ns.nspname not like 'pg_temp%'`,
    );
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
