/**
 * `npm run backup [FILE]`: one consistent backup of the database the configuration names
 * (DATABASE_URL, else PGlite in DATA_DIR) plus DATA_DIR's secret files, as one tar file
 * (scripts/backup-format.ts; default name jumpseat-backup-<UTC time>.tar).
 *
 * PGlite is backed up with the server stopped: it is one process's database, and the server
 * holds DATA_DIR's lock while it runs, so this refuses then ("in use by the Jumpseat server")
 * rather than read files under a live database. Holding the lock itself, it dumps a closed,
 * quiet database: consistent. PostgreSQL: `pg_dump -Fc` reads one snapshot, so the servers keep
 * running.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openConfiguredDatabase } from '../server/db/open-configured';
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
  const { databaseUrl, dataDir } = backupSettings();
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const target = path.resolve(process.argv[2] ?? `jumpseat-backup-${stamp}.tar`);
  if (existsSync(target)) fail(`${target} already exists; name another file`);

  const staging = mkdtempSync(path.join(os.tmpdir(), 'jumpseat-backup-'));
  try {
    const files: string[] = [];
    if (databaseUrl) {
      const { url, env } = libpqTarget(databaseUrl);
      runTool(
        pgTool('pg_dump'),
        ['-Fc', '--no-owner', '--no-privileges', '-f', path.join(staging, POSTGRES_DUMP), url],
        env,
      );
      files.push(POSTGRES_DUMP);
    } else {
      if (!existsSync(path.join(dataDir, 'pgdata', 'PG_VERSION'))) {
        fail(`No database in ${path.join(dataDir, 'pgdata')}: set DATA_DIR (or DATABASE_URL)`);
      }
      let opening: Awaited<ReturnType<typeof openConfiguredDatabase>>;
      try {
        opening = await openConfiguredDatabase(
          { databaseUrl: undefined, dataDir },
          'npm run backup',
        );
      } catch (error) {
        return fail(
          `${error instanceof Error ? error.message : String(error)} (a PGlite backup runs with the server stopped)`,
        );
      }
      try {
        const dump = await opening.database.pglite!.dumpDataDir('gzip');
        writeFileSync(path.join(staging, PGLITE_DUMP), Buffer.from(await dump.arrayBuffer()));
      } finally {
        await opening.close();
      }
      files.push(PGLITE_DUMP);
    }
    for (const name of SECRET_FILES) {
      const file = path.join(dataDir, name);
      if (!existsSync(file)) continue;
      writeFileSync(path.join(staging, name), readFileSync(file), { mode: 0o600 });
      files.push(name);
    }
    if (!files.includes('app-secret')) {
      console.warn(
        `Note: no ${path.join(dataDir, 'app-secret')}; keep APP_SECRET with this backup, PINs cannot be read without it.`,
      );
    }
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      database: databaseUrl ? 'postgres' : 'pglite',
      createdAt: new Date().toISOString(),
      files,
    };
    writeFileSync(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    // Created 0600 before tar writes into it: the file holds the app's secrets.
    writeFileSync(target, '', { mode: 0o600, flag: 'wx' });
    runTool('tar', ['-cf', target, '-C', staging, 'manifest.json', ...files]);
    console.log(`Backup written to ${target} (${manifest.database}: ${files.join(', ')})`);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
