import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { type Database, openDatabase } from './client';
import { lockDataDir } from './data-dir-lock';

export type ConfiguredDatabase = {
  database: Database;
  /** Closes the database, then frees DATA_DIR for the next process. */
  close(): Promise<void>;
};

/**
 * The database the configuration names, opened the one way the server and the scripts share:
 * PostgreSQL at DATABASE_URL, else the embedded one in DATA_DIR/pgdata, locked to this process
 * (`purpose` names it to anyone else who finds the lock).
 */
export async function openConfiguredDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  purpose: string,
): Promise<ConfiguredDatabase> {
  if (config.databaseUrl) {
    const database = await openDatabase({ kind: 'postgres', url: config.databaseUrl });
    return { database, close: () => database.close() };
  }
  const dir = path.join(config.dataDir, 'pgdata');
  mkdirSync(dir, { recursive: true });
  const unlock = lockDataDir(config.dataDir, purpose);
  let database: Database;
  try {
    database = await openDatabase({ kind: 'pglite', dataDir: dir });
  } catch (error) {
    unlock();
    throw error;
  }
  return {
    database,
    close: async () => {
      try {
        await database.close();
      } finally {
        unlock();
      }
    },
  };
}
