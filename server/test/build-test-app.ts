import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { type Config, testConfig } from '../config';
import type { Database } from '../db/client';
import { type Clock, fixedClock } from '../lib/clock';
import { createTestDatabase } from './test-database';

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  clock: ReturnType<typeof fixedClock>;
  close(): Promise<void>;
};

/** The real app, in-process, on a fresh database, at a fixed instant unless told otherwise. */
export async function buildTestApp(
  options: {
    config?: Partial<Config>;
    now?: string;
    clock?: Clock;
    webDist?: string;
    /** Receives the log lines (set `config.logLevel` too: tests log nothing by default). */
    logStream?: { write(line: string): void };
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const clock = fixedClock(options.now ?? '2030-06-15T12:00:00.000Z');
  const app = await buildApp({
    config: testConfig(options.config),
    database,
    clock: options.clock ?? clock,
    webDist: options.webDist ?? null,
    ...(options.logStream ? { logStream: options.logStream } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    clock,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
