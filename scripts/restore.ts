/**
 * `npm run restore FILE`: puts a backup from `npm run backup` back, only into an empty place, so
 * it can never mix with or overwrite live data:
 * - a PGlite backup into DATA_DIR, which must not exist or be an empty directory (DATABASE_URL
 *   unset);
 * - a PostgreSQL backup into DATABASE_URL's database, which must have no tables, views or
 *   sequences (create it empty first), with `pg_restore` in one transaction.
 * The secret files go into DATA_DIR (mode 0600); for PostgreSQL an existing one that differs
 * from the backup's stops the restore before anything is written.
 * An archive is checked before anything is taken from it: only regular files, each a member of
 * the backup format, none twice, and every file its manifest lists (and its database dump) there;
 * a link (which would be followed on reading) or a missing member refuses the whole archive.
 * A PGlite restore is built in a staging folder beside DATA_DIR and renamed onto it only once
 * complete, so a failure leaves DATA_DIR as it was, never half restored.
 */
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../server/db/client';
import { lockDataDir } from '../server/db/data-dir-lock';
import {
  archiveMembers,
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
  checkMembers(file);

  const staging = mkdtempSync(path.join(os.tmpdir(), 'jumpseat-restore-'));
  // The extracted archive holds the secrets: it goes however the restore ends, and a refusal
  // (`fail`) ends the process at once, past any `finally`.
  const removeStaging = () => rmSync(staging, { recursive: true, force: true });
  process.once('exit', removeStaging);
  try {
    runTool('tar', ['-xf', file, '-C', staging, '--no-same-owner', '--no-same-permissions']);
    const manifest = readManifest(staging, file);
    const secrets = SECRET_FILES.filter((name) => manifest.files.includes(name));
    checkComplete(staging, file, manifest);

    if (manifest.database === 'pglite') {
      if (databaseUrl) {
        fail(
          'This is a backup of an embedded (PGlite) database: unset DATABASE_URL to restore it into DATA_DIR',
        );
      }
      await restorePglite(staging, dataDir, secrets);
    } else {
      if (!databaseUrl) {
        fail('This is a backup of a PostgreSQL database: set DATABASE_URL to an empty database');
      }
      await restorePostgres(staging, databaseUrl, dataDir, secrets);
    }
    const into = manifest.database === 'pglite' ? `DATA_DIR ${dataDir}` : 'DATABASE_URL';
    console.log(`Restored the ${manifest.database} backup of ${manifest.createdAt} into ${into}`);
  } finally {
    removeStaging();
  }
}

const MEMBERS = new Set<string>(['manifest.json', PGLITE_DUMP, POSTGRES_DUMP, ...SECRET_FILES]);

/**
 * Before extracting: only regular files named as the format names them, each once. A link
 * (symbolic or hard) would be followed when read (an `app-secret` pointing anywhere on this
 * machine), a second entry of one name would replace the first.
 */
function checkMembers(file: string) {
  let members: ReturnType<typeof archiveMembers>;
  try {
    members = archiveMembers(file);
  } catch {
    fail(`${file} is not a Jumpseat backup (not a tar file)`);
  }
  const seen = new Set<string>();
  for (const { name, type } of members) {
    if (type !== '0') {
      fail(
        `${file} holds ${JSON.stringify(name)}, which is a link or not a plain file: refused (nothing was restored)`,
      );
    }
    if (!MEMBERS.has(name) || seen.has(name)) {
      fail(
        `${file} holds ${JSON.stringify(name)}, which is no part of a Jumpseat backup: refused (nothing was restored)`,
      );
    }
    seen.add(name);
  }
}

/** Every file the manifest lists, and the dump of its database, is there as a plain file. */
function checkComplete(staging: string, file: string, manifest: Manifest) {
  const dump = manifest.database === 'pglite' ? PGLITE_DUMP : POSTGRES_DUMP;
  const missing = [...new Set([dump, ...manifest.files])].filter((name) => {
    if (!MEMBERS.has(name)) return true;
    const stat = lstatSync(path.join(staging, name), { throwIfNoEntry: false });
    return !stat?.isFile();
  });
  if (missing.length > 0) {
    fail(`${file} is incomplete: ${missing.join(', ')} missing (nothing was restored)`);
  }
}

/**
 * Into a staging folder beside DATA_DIR (the same file system, so the final rename is one step),
 * renamed onto DATA_DIR only once the database and the secrets are all there. DATA_DIR stays
 * locked meanwhile, like the server locks it.
 */
async function restorePglite(staging: string, dataDir: string, secrets: readonly string[]) {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    fail(`DATA_DIR ${dataDir} is not empty: restore only into a new or empty DATA_DIR`);
  }
  const created = !existsSync(dataDir);
  const unlock = lockDataDir(dataDir, 'npm run restore');
  const building = mkdtempSync(`${dataDir}.restoring-`);
  let done = false;
  try {
    const pgdata = path.join(building, 'pgdata');
    mkdirSync(pgdata);
    const database = await openDatabase({
      kind: 'pglite',
      dataDir: pgdata,
      loadDataDir: new Blob([readFileSync(path.join(staging, PGLITE_DUMP))]),
    });
    await database.close();
    for (const name of secrets) {
      writeFileSync(path.join(building, name), readFileSync(path.join(staging, name)), {
        mode: 0o600,
      });
    }
    unlock();
    // Onto the empty DATA_DIR; if anything wrote into it meanwhile, this refuses.
    renameSync(building, dataDir);
    done = true;
  } finally {
    if (!done) {
      unlock();
      rmSync(building, { recursive: true, force: true });
      // As it was: a DATA_DIR this restore created (for its lock) goes again.
      if (created && readdirSync(dataDir).length === 0) rmSync(dataDir, { recursive: true });
    }
  }
}

/**
 * pg_restore in one transaction; the secrets are written beside their final names first and
 * renamed into place only after it succeeded.
 */
async function restorePostgres(
  staging: string,
  databaseUrl: string,
  dataDir: string,
  secrets: readonly string[],
) {
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
  if (secrets.length > 0) mkdirSync(dataDir, { recursive: true });
  const pending = secrets.map((name) => {
    const temporary = path.join(dataDir, `.${name}.restoring-${process.pid}`);
    writeFileSync(temporary, readFileSync(path.join(staging, name)), { mode: 0o600 });
    return { temporary, final: path.join(dataDir, name) };
  });
  try {
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
    for (const { temporary, final } of pending) renameSync(temporary, final);
  } finally {
    for (const { temporary } of pending) rmSync(temporary, { force: true });
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
