/**
 * Admin member table at scale: `npm run bench:admin`.
 *
 * Seeds 50,000 members (every membership type, one in 20 with an open cancellation request) and
 * times the dashboard's paged member list, GET /api/admin/users, through a listening server, for
 * the queries an admin makes: the first page, a deep page, a search by e-mail, a search matching
 * thousands, each membership filter. Beside each figure: GET /api/auth/me on the same server in
 * the same run (the same session lookup and admin check, no member query) as the baseline.
 * Seeding ends as a long-running server's data would be: analysed and, on PGlite, vacuumed by
 * its maintenance job. Target: p95 under 50 ms on each database. The spec's unpaged GET /api/users/all is timed once
 * for reference (it answers all 50,000 by contract).
 *
 * Environment:
 *   BENCH_DATABASE_URL  also run against this PostgreSQL (a scratch database is created in it)
 *   BENCH_MEMBERS       members to seed (default 50000)
 *   BENCH_SAMPLES       timed requests per query (default 200)
 */

import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { createScratchDatabase } from '../scripts/scratch-database.mjs';
import { buildApp } from '../server/app';
import { testConfig } from '../server/config';
import { type Database, openDatabase } from '../server/db/client';
import { sessionCookieName } from '../server/plugins/access';
import { seedMembers } from './admin-members-setup';
import { quantile } from './load/stats';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 50_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const P95_TARGET_MS = 50;

async function timeQueries(label: string, database: Database) {
  await database.migrate();
  const seconds = await seedMembers(database, MEMBERS, new Date());
  const app = await buildApp({
    config: testConfig({ logLevel: 'warn' }),
    database,
    webDist: null,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const admin = (
    await database.db.execute<{ id: number }>(
      sql.raw('select id from users where is_admin limit 1'),
    )
  ).rows[0];
  const token = await app.deps.sessions.create(Number(admin?.id), new Date());
  const headers = { cookie: `${sessionCookieName(app.deps.config.publicUrl)}=${token}` };

  const time = async (url: string, samples = SAMPLES) => {
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < samples + 5; i++) {
      const t = performance.now();
      const res = await fetch(base + url, { headers });
      const body = await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${url}: ${res.status} ${Buffer.from(body)}`);
      // The first few warm caches and JIT; they are not what an admin waits for.
      if (i >= 5) times.push(performance.now() - t);
      bytes = body.byteLength;
    }
    times.sort((a, b) => a - b);
    return { p50: quantile(times, 0.5), p95: quantile(times, 0.95), bytes };
  };

  console.log(`\n${label}: ${MEMBERS.toLocaleString()} members seeded in ${seconds.toFixed(1)} s`);
  const baseline = await time('/api/auth/me');
  const row = (name: string, s: { p50: number; p95: number; bytes: number }) =>
    `  ${name.padEnd(34)} p50 ${s.p50.toFixed(1).padStart(6)} ms  p95 ${s.p95
      .toFixed(1)
      .padStart(6)} ms  ${(s.bytes / 1024).toFixed(0).padStart(5)} KiB`;
  console.log(row('baseline GET /api/auth/me', baseline));
  const queries: [string, string][] = [
    ['first page', '/api/admin/users'],
    ['deep page (500)', '/api/admin/users?page=500'],
    ['search one e-mail', '/api/admin/users?q=crew31337%40ba.com'],
    ['search many (nick1)', '/api/admin/users?q=nick1'],
    ['search none', '/api/admin/users?q=nobody-at-all'],
    ['filter standard', '/api/admin/users?membership=standard'],
    ['filter tester, page 20', '/api/admin/users?membership=tester&page=20'],
    ['search + filter', '/api/admin/users?q=member%2012&membership=trial'],
  ];
  let worst = 0;
  for (const [name, url] of queries) {
    const s = await time(url);
    worst = Math.max(worst, s.p95);
    console.log(
      `${row(name, s)}  (${(s.p95 / Math.max(baseline.p95, 0.01)).toFixed(1)}x baseline)`,
    );
  }
  const all = await time('/api/users/all', 5);
  console.log(`${row('GET /api/users/all (reference)', all)}`);
  const verdict = worst < P95_TARGET_MS ? 'PASS' : 'FAIL';
  console.log(
    `  worst paged p95 ${worst.toFixed(1)} ms: ${verdict} (target < ${P95_TARGET_MS} ms)`,
  );
  await app.close();
  await database.close();
  return verdict === 'PASS';
}

async function main() {
  let ok = await timeQueries('PGlite', await openDatabase({ kind: 'pglite' }));
  if (process.env.BENCH_DATABASE_URL) {
    const { url, drop } = await createScratchDatabase(
      process.env.BENCH_DATABASE_URL,
      'jumpseat_bench_admin',
    );
    try {
      ok = (await timeQueries('PostgreSQL', await openDatabase({ kind: 'postgres', url }))) && ok;
    } finally {
      await drop();
    }
  } else {
    console.log('\n(PostgreSQL skipped: set BENCH_DATABASE_URL to run it too)');
  }
  process.exitCode = ok ? 0 : 1;
}

await main();
