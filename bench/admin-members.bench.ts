/**
 * The admin member table at 50,000 members: `npm run bench:admin-members` (tsx).
 *
 * Seeds BENCH_MEMBERS members (default 50,000; a tenth with an open cancellation request) and
 * times GET /api/admin/users in process (app.inject) for an admin: the first page, a deep page,
 * a membership filter, and searches by e-mail, name and nickname. Target: p95 under 50 ms.
 *
 * Environment:
 *   BENCH_DATABASE_URL  also run against this PostgreSQL (a scratch database is created in it)
 *   BENCH_SAMPLES       timed requests per query (default 100)
 */

import { sql } from 'drizzle-orm';
import { createScratchDatabase } from '../scripts/scratch-database.mjs';
import { buildApp } from '../server/app';
import { testConfig } from '../server/config';
import { type Database, openDatabase } from '../server/db/client';
import { sessionCookieName } from '../server/plugins/access';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 50_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 100);
const P95_TARGET_MS = 50;

const QUERIES = [
  '/api/admin/users',
  '/api/admin/users?page=500',
  '/api/admin/users?membership=standard',
  '/api/admin/users?membership=paid&page=20',
  '/api/admin/users?q=bench4242',
  '/api/admin/users?q=Crew%2012345',
  '/api/admin/users?q=nick777',
  '/api/admin/users?q=nobody-matches-this',
];

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

async function seed(database: Database) {
  await database.db.execute(
    sql.raw(`
    insert into users (email, name, nickname, role, approval_status, verified, subscription_status,
      membership_type, created_at, is_admin)
    select 'bench' || i || '@ba.com', 'Bench Crew ' || i, case when i % 2 = 0 then 'Nick' || i end,
      'Main Crew', 'approved', true, 'active',
      (array['trial','standard','regular','paid','tester'])[i % 5 + 1],
      now() - (i || ' minutes')::interval, i = 1
    from generate_series(1, ${MEMBERS}) i`),
  );
  await database.db.execute(
    sql.raw(`insert into cancellation_requests (user_id, created_at)
      select id, now() from users where id % 10 = 0`),
  );
  await database.db.execute(sql.raw('analyze'));
}

async function run(kind: 'pglite' | 'postgres') {
  let drop: (() => Promise<void>) | null = null;
  let database: Database;
  if (kind === 'pglite') database = await openDatabase({ kind: 'pglite' });
  else {
    const scratch = await createScratchDatabase(
      process.env.BENCH_DATABASE_URL!,
      'jumpseat_bench_admin',
    );
    drop = scratch.drop;
    database = await openDatabase({ kind: 'postgres', url: scratch.url });
  }
  await database.migrate();
  await seed(database);
  const app = await buildApp({
    config: testConfig({ logLevel: 'warn' }),
    database,
    webDist: null,
  });
  await app.ready();
  const token = await app.deps.sessions.create(1, new Date());
  const cookie = `${sessionCookieName(app.deps.config.publicUrl)}=${token}`;
  let worst = 0;
  for (const url of QUERIES) {
    const times: number[] = [];
    for (let i = 0; i < SAMPLES + 5; i += 1) {
      const t0 = performance.now();
      const res = await app.inject({ method: 'GET', url, headers: { cookie } });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      if (i >= 5) times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const p95 = quantile(times, 0.95);
    worst = Math.max(worst, p95);
    console.log(
      `${kind.padEnd(8)} ${url.padEnd(45)} p50 ${quantile(times, 0.5).toFixed(1)} ms  p95 ${p95.toFixed(1)} ms`,
    );
  }
  console.log(
    `${kind}: worst p95 ${worst.toFixed(1)} ms (target < ${P95_TARGET_MS} ms) ${worst < P95_TARGET_MS ? 'OK' : 'OVER'}`,
  );
  await app.close();
  await database.close();
  await drop?.();
}

await run('pglite');
if (process.env.BENCH_DATABASE_URL) await run('postgres');
