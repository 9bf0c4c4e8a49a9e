import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    postgresTemplate: string;
  }
}

/**
 * Runs initdb and the migrations once, then hands every test file a copy: PGlite from a
 * dumped data directory, PostgreSQL from a migrated template database.
 */
export default async function setup(project: TestProject) {
  if (process.env.JUMPSEAT_TEST_DB === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('JUMPSEAT_TEST_DB=postgres needs TEST_DATABASE_URL');
    const template = `jumpseat_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.query(`CREATE DATABASE ${template}`);
    const templateUrl = withDatabase(url, template);
    const database = await openDatabase({ kind: 'postgres', url: templateUrl, max: 1 });
    await database.migrate();
    await database.close();
    project.provide('postgresTemplate', template);
    project.provide('pgliteSnapshot', '');
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.end();
    };
  }

  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  const dump = await database.pglite!.dumpDataDir('none');
  await database.close();
  const dir = path.join(os.tmpdir(), 'jumpseat-test');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `pglite-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  project.provide('postgresTemplate', '');
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
