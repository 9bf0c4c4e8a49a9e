// A throwaway database on a PostgreSQL server, for runs that must not share data: the e2e run
// on PostgreSQL in `npm test`, the benchmarks' PostgreSQL runs, and every server test that needs
// a database of its own (a copy of the migrated template per test file, the crash, nginx and
// backup tests' empty ones). The one place tests create and drop databases.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Runs one statement on the server (CREATE/DROP DATABASE cannot run in a transaction). */
export async function onServer(serverUrl, statement) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The same server's URL with another database name. */
export function databaseUrl(serverUrl, name) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Creates `<prefix>_<random>` on the server (a copy of `template` when given, else empty);
 * `drop()` removes it, connections and all, and may be called more than once.
 */
export async function createScratchDatabase(serverUrl, prefix, options = {}) {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const template = options.template ? ` TEMPLATE ${options.template}` : '';
  await onServer(serverUrl, `CREATE DATABASE ${name}${template}`);
  return {
    name,
    url: databaseUrl(serverUrl, name),
    drop: () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
