// A throwaway database on a PostgreSQL server, for runs that must not share data: the e2e run
// on PostgreSQL in `npm test` and the benchmarks' PostgreSQL runs.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

async function onServer(serverUrl, statement) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Creates `<prefix>_<random>` on the server; `drop()` removes it, connections and all. */
export async function createScratchDatabase(serverUrl, prefix) {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
