// @postgres: pg_dump -Fc and a restore into a PostgreSQL database (its own describe runs only there)
import { execFile } from 'node:child_process';
import {
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../scripts/scratch-database.mjs';
import { type Database, openDatabase } from './db/client';
import { lockDataDir } from './db/data-dir-lock';
import { RUN_TYPESCRIPT, spawnProcess } from './test/processes';

/**
 * `npm run backup` and `npm run restore` as an operator runs them (the scripts as processes),
 * round-tripping the database `npm run seed` fills: every table's rows and every sequence's
 * position come back identical, with app-secret. PGlite on the PGlite pass, PostgreSQL on the
 * PostgreSQL pass (one run each per CI).
 */
type Outcome = { code: number; out: string };

/** A script run to its end as `npm run <name>` runs it; a process ended by a signal counts as 1. */
async function script(name: string, args: string[], env: Record<string, string>): Promise<Outcome> {
  const proc = spawnProcess(process.execPath, [...RUN_TYPESCRIPT, `scripts/${name}.ts`, ...args], {
    env: { PATH: process.env.PATH, ...env },
  });
  const { code } = await proc.exited;
  return { code: code ?? 1, out: proc.output() };
}

const tmp = (prefix: string) => mkdtempSync(path.join(os.tmpdir(), `jumpseat-${prefix}-`));

/** Every table's rows (as JSON, sorted) and every sequence's position, by qualified name. */
async function contents(database: Database) {
  const rows = async (query: string) =>
    (await database.db.execute(sql.raw(query))).rows as Record<string, unknown>[];
  const result: Record<string, unknown> = {};
  const tables = await rows(
    `select table_schema as s, table_name as t from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
     order by 1, 2`,
  );
  for (const { s, t } of tables) {
    const name = `"${s}"."${t}"`;
    result[name] = (await rows(`select row_to_json(x)::text as r from ${name} x order by 1`)).map(
      (r) => r.r,
    );
  }
  const sequences = await rows(
    `select sequence_schema as s, sequence_name as q from information_schema.sequences order by 1, 2`,
  );
  for (const { s, q } of sequences) {
    const name = `"${s}"."${q}"`;
    result[name] = await rows(`select last_value::text, is_called from ${name}`);
  }
  return result;
}

function expectSeeded(data: Record<string, unknown>) {
  // The seed really filled it: the comparison is not between two empty databases.
  expect((data['"public"."users"'] as unknown[]).length).toBeGreaterThan(5);
  expect((data['"public"."messages"'] as unknown[]).length).toBeGreaterThan(0);
  expect((data['"drizzle"."__drizzle_migrations"'] as unknown[]).length).toBeGreaterThan(0);
}

describe.runIf(process.env.JUMPSEAT_TEST_DB !== 'postgres')('backup and restore, PGlite', () => {
  // Cap 120 s (a cap, not a wait): five processes (seed, two backups, two restores), each loading
  // the app's modules (11-14 s each through tsx on a loaded 2-core CI box, as config.test.ts measured).
  it('round-trips a seeded DATA_DIR; refuses while the server holds it, and a non-empty DATA_DIR', async () => {
    const source = tmp('backup-src');
    const seeded = await script('seed', [], { DATA_DIR: source });
    expect(seeded.code, seeded.out).toBe(0);
    const file = path.join(tmp('backup-file'), 'backup.tar');

    // A running server holds DATA_DIR: the backup says so and writes nothing.
    const unlock = lockDataDir(source, 'the Jumpseat server');
    const refused = await script('backup', [file], { DATA_DIR: source });
    unlock();
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('is in use by the Jumpseat server');
    expect(refused.out).toContain('a PGlite backup runs with the server stopped');
    expect(existsSync(file)).toBe(false);

    const backup = await script('backup', [file], { DATA_DIR: source });
    expect(backup.code, backup.out).toBe(0);
    expect(statSync(file).mode & 0o077).toBe(0);

    const target = path.join(tmp('backup-dst'), 'data');
    const restored = await script('restore', [file], { DATA_DIR: target });
    expect(restored.code, restored.out).toBe(0);
    expect(readFileSync(path.join(target, 'app-secret'), 'utf8')).toBe(
      readFileSync(path.join(source, 'app-secret'), 'utf8'),
    );
    const overwrite = await script('restore', [file], { DATA_DIR: source });
    expect(overwrite.code).toBe(1);
    expect(overwrite.out).toContain('is not empty: restore only into a new or empty DATA_DIR');

    const original = await openDatabase({ kind: 'pglite', dataDir: path.join(source, 'pgdata') });
    const copy = await openDatabase({ kind: 'pglite', dataDir: path.join(target, 'pgdata') });
    try {
      const before = await contents(original);
      expectSeeded(before);
      expect(await contents(copy)).toEqual(before);
    } finally {
      await original.close();
      await copy.close();
    }
  }, 120_000);
});

/**
 * An archive made by hand (system tar, as the backup makes it): a manifest for PGlite listing
 * app-secret, a dump (its bytes are not read before the archive's checks), and `extra` to shape
 * the case. Returns the archive's path.
 */
function craftedBackup(
  shape: (dir: string) => string[],
  files: string[] = ['database.pglite.tar.gz', 'app-secret'],
): Promise<string> {
  const dir = tmp('crafted');
  writeFileSync(
    path.join(dir, 'manifest.json'),
    JSON.stringify({
      format: 'jumpseat-backup',
      version: 1,
      database: 'pglite',
      createdAt: '2030-06-15T12:00:00.000Z',
      files,
    }),
  );
  writeFileSync(path.join(dir, 'database.pglite.tar.gz'), 'not a real dump');
  const members = shape(dir);
  const file = path.join(tmp('crafted-file'), 'backup.tar');
  return new Promise((resolve, reject) =>
    execFile('tar', ['-cf', file, '-C', dir, 'manifest.json', ...members], (error) =>
      error ? reject(error) : resolve(file),
    ),
  );
}

describe.runIf(process.env.JUMPSEAT_TEST_DB !== 'postgres')(
  'restore refuses unsafe archives',
  () => {
    const elsewhere = path.join(tmp('elsewhere'), 'their-secret');
    writeFileSync(elsewhere, 'a file that is no part of any backup');

    it.each([
      [
        'a symbolic link',
        (dir: string) => {
          symlinkSync(elsewhere, path.join(dir, 'app-secret'));
          return ['database.pglite.tar.gz', 'app-secret'];
        },
        'which is a link or not a plain file',
      ],
      [
        'a hard link',
        (dir: string) => {
          linkSync(path.join(dir, 'database.pglite.tar.gz'), path.join(dir, 'app-secret'));
          return ['database.pglite.tar.gz', 'app-secret'];
        },
        'which is a link or not a plain file',
      ],
      [
        'a member its manifest lists but it lacks',
        () => ['database.pglite.tar.gz'],
        'is incomplete: app-secret missing',
      ],
      [
        'no database dump',
        (dir: string) => {
          writeFileSync(path.join(dir, 'app-secret'), 'a'.repeat(64));
          return ['app-secret'];
        },
        'is incomplete: database.pglite.tar.gz missing',
      ],
    ])(
      'refuses an archive with %s, leaving DATA_DIR untouched',
      async (_case, shape, says) => {
        const file = await craftedBackup(shape);
        const target = path.join(tmp('restore-dst'), 'data');
        // The restore's own temporary folder, where it extracts the archive (secrets included).
        const scratch = tmp('restore-tmp');
        const restored = await script('restore', [file], { DATA_DIR: target, TMPDIR: scratch });
        expect(restored.code, restored.out).toBe(1);
        expect(restored.out).toContain(says);
        expect(restored.out).toContain('nothing was restored');
        expect(existsSync(target)).toBe(false);
        // Refused after extracting or before, nothing of the archive is left behind.
        expect(readdirSync(scratch).filter((name) => name.startsWith('jumpseat-'))).toEqual([]);
      },
      60_000,
    );

    it('restores into a staging folder: a dump that fails to load leaves DATA_DIR as it was', async () => {
      const file = await craftedBackup((dir) => {
        writeFileSync(path.join(dir, 'app-secret'), 'a'.repeat(64));
        return ['database.pglite.tar.gz', 'app-secret'];
      });
      const parent = tmp('restore-dst');
      const target = path.join(parent, 'data');
      const restored = await script('restore', [file], { DATA_DIR: target });
      expect(restored.code, restored.out).toBe(1);
      expect(existsSync(target)).toBe(false);
      expect(readdirSync(parent)).toEqual([]);
      // An empty DATA_DIR made beforehand stays, empty.
      mkdirSync(target);
      expect((await script('restore', [file], { DATA_DIR: target })).code).toBe(1);
      expect(readdirSync(parent)).toEqual(['data']);
      expect(readdirSync(target)).toEqual([]);
    }, 60_000);
  },
);

describe.runIf(process.env.JUMPSEAT_TEST_DB === 'postgres' && !!process.env.TEST_DATABASE_URL)(
  'backup and restore, PostgreSQL',
  () => {
    // Cap 120 s (a cap, not a wait): seed, pg_dump backup and two restores as processes, each
    // loading the app's modules.
    it('round-trips a seeded database with pg_dump -Fc; refuses a database that is not empty', async () => {
      const serverUrl = process.env.TEST_DATABASE_URL!;
      const from = await createScratchDatabase(serverUrl, 'jumpseat_backup_src');
      const to = await createScratchDatabase(serverUrl, 'jumpseat_backup_dst');
      try {
        const sourceDir = tmp('backup-src');
        // With DATABASE_URL the secret is APP_SECRET; this operator also keeps it in DATA_DIR.
        const secret = 'b'.repeat(64);
        writeFileSync(path.join(sourceDir, 'app-secret'), secret);
        const source = { DATABASE_URL: from.url, DATA_DIR: sourceDir };
        const seeded = await script('seed', [], { ...source, APP_SECRET: secret });
        expect(seeded.code, seeded.out).toBe(0);
        const file = path.join(tmp('backup-file'), 'backup.tar');
        const backup = await script('backup', [file], source);
        expect(backup.code, backup.out).toBe(0);

        const targetDir = tmp('backup-dst');
        const target = { DATABASE_URL: to.url, DATA_DIR: targetDir };
        const restored = await script('restore', [file], target);
        expect(restored.code, restored.out).toBe(0);
        expect(readFileSync(path.join(targetDir, 'app-secret'), 'utf8')).toBe(
          readFileSync(path.join(sourceDir, 'app-secret'), 'utf8'),
        );
        const again = await script('restore', [file], target);
        expect(again.code).toBe(1);
        expect(again.out).toContain('The database at DATABASE_URL is not empty');

        const original = await openDatabase({ kind: 'postgres', url: source.DATABASE_URL, max: 1 });
        const copy = await openDatabase({ kind: 'postgres', url: target.DATABASE_URL, max: 1 });
        try {
          const before = await contents(original);
          expectSeeded(before);
          expect(await contents(copy)).toEqual(before);
        } finally {
          await original.close();
          await copy.close();
        }
      } finally {
        await from.drop();
        await to.drop();
      }
    }, 120_000);
  },
);
