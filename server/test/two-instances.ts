import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { type Bus, type BusEvent, createPostgresBus } from '../lib/bus';
import type { Clock } from '../lib/clock';
import { createTestDatabase } from './test-database';

export type TwoInstances = {
  /** A's database (a fresh copy of the template); B opens its own pool on the same one. */
  shared: Database & { url?: string };
  a: FastifyInstance;
  b: FastifyInstance;
  /** B's bus, to wait until B has heard an event. */
  busB: Bus;
  /** Resolves once B's bus has delivered such an event (B's own handlers ran first). */
  onB(match: (e: BusEvent) => boolean): Promise<void>;
  close(): Promise<void>;
};

/**
 * Two app instances on one PostgreSQL database, each with its own pool and LISTEN/NOTIFY bus, as
 * behind a load balancer. PostgreSQL only (the bus needs it).
 */
export async function twoInstances(clock: Clock): Promise<TwoInstances> {
  const shared = await createTestDatabase();
  const second = await openDatabase({ kind: 'postgres', url: shared.url!, max: 4 });
  const config = testConfig({ databaseUrl: shared.url });
  const busB = await createPostgresBus(shared.url!, { warn: () => {}, info: () => {} });
  const a = await buildApp({ config, database: shared, clock, webDist: null });
  const b = await buildApp({ config, database: second, clock, webDist: null, bus: busB });
  await a.ready();
  await b.ready();
  return {
    shared,
    a,
    b,
    busB,
    onB: (match) => new Promise<void>((resolve) => busB.subscribe((e) => match(e) && resolve())),
    close: async () => {
      await a.close();
      await b.close();
      await busB.close();
      await second.close();
      await shared.close();
    },
  };
}
