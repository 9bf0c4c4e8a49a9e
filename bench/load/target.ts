/**
 * The server side of `npm run bench:load`, run as a child process so the load generator's work
 * is not counted in the server's event loop. The real Jumpseat app (PGlite in a temp DATA_DIR,
 * or a scratch database in BENCH_DATABASE_URL) with jobs on and TRUST_PROXY=1 (each simulated
 * member signs in from its own address, as real members do), seeded with MEMBERS members (PIN
 * 1234) who work CREW-sized crews on flights departing in the coming days.
 */
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createScratchDatabase } from '../../scripts/scratch-database.mjs';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { createPinCipher } from '../../server/lib/pin-crypto';
import { loadSeedPlan } from './plan';

const MEMBERS = Number(process.env.MEMBERS ?? 500);
const send = (msg: unknown) => process.send?.(msg);
const APP_SECRET = 'l'.repeat(64);

async function start() {
  const scratch = process.env.BENCH_DATABASE_URL
    ? await createScratchDatabase(process.env.BENCH_DATABASE_URL, 'jumpseat_bench_load')
    : null;
  const url = scratch?.url;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'jumpseat-bench-load-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    APP_SECRET,
    LOG_LEVEL: 'warn',
    TRUST_PROXY: '1',
    ...(url ? { DATABASE_URL: url } : {}),
  });
  const database = url
    ? await openDatabase({ kind: 'postgres', url })
    : await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pgdata') });
  await database.migrate();

  const plan = loadSeedPlan(MEMBERS, new Date());
  const pin = createPinCipher(APP_SECRET).encrypt('1234');
  const { db } = database;
  const tag = plan.tag;
  await db.execute(
    sql.raw(`
    INSERT INTO users (email, name, role, approval_status, verified, subscription_status,
      membership_type, subscription_expires_at, passcode_encrypted)
    SELECT 'load' || g || '.${tag}@ba.com', 'Load Crew ' || g, 'Main Crew', 'approved', true,
      'active', 'paid', now() + interval '200 days', '${pin}'
    FROM generate_series(1, ${MEMBERS}) g`),
  );
  const ids = (
    await db.execute<{ id: number }>(
      sql.raw(`SELECT id FROM users WHERE email LIKE '%.${tag}@ba.com' ORDER BY id`),
    )
  ).rows.map((r) => Number(r.id));
  const values = plan.flights
    .map(
      (f) =>
        `('${f.flightNumber}', 'LHR', 'JFK', '${f.departureAt.slice(0, 10)}', '${f.departureAt}', true)`,
    )
    .join(',');
  const flightIds = (
    await db.execute<{ id: number }>(
      sql.raw(`INSERT INTO flights (flight_number, origin, destination, departure_date, departure_at, has_time)
        VALUES ${values} RETURNING id`),
    )
  ).rows.map((r) => Number(r.id));
  const crewValues = plan.flights.flatMap((f, i) =>
    f.crew.map((m) => `(${flightIds[i]}, ${ids[m]}, 'IFL')`),
  );
  for (let i = 0; i < crewValues.length; i += 5000) {
    await db.execute(
      sql.raw(
        `INSERT INTO flight_crew (flight_id, user_id, role) VALUES ${crewValues.slice(i, i + 5000).join(',')}`,
      ),
    );
  }
  // Jobs on, as in production: the socket sweep and the mail job run during the load.
  const app = await buildApp({ config, database, webDist: null, startJobs: true });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  return {
    ready: {
      port,
      kind: database.kind,
      members: ids.map((id, i) => ({ id, email: `load${i + 1}.${tag}@ba.com` })),
      flights: plan.flights.map((f, i) => ({ id: flightIds[i]!, crew: f.crew })),
    },
    close: async () => {
      await app.close();
      await database.close();
      await scratch?.drop();
    },
  };
}

const target = await start();
send({ type: 'ready', ...target.ready });
process.on('message', async (msg: { type: string }) => {
  if (msg.type === 'memory') send({ type: 'memory', rss: process.memoryUsage().rss });
  if (msg.type === 'stop') {
    await target.close();
    process.exit(0);
  }
});
