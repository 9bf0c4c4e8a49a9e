/**
 * The data of `npm run bench:admin`, placed relative to `now` (trials and subscriptions that
 * run out around it), so the bench means the same at any hour; bench/bench-setup.test.ts runs
 * it at several instants.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../server/db/client';
import { vacuumEmbedded } from '../server/jobs/pglite-maintenance';

export async function seedMembers(database: Database, members: number, now: Date) {
  const t = `'${now.toISOString()}'::timestamptz`;
  const t0 = performance.now();
  await database.db.execute(
    sql.raw(`
    insert into users (email, name, nickname, role, approval_status, verified, subscription_status,
      membership_type, subscription_expires_at, trial_started_at, trial_expires_at, created_at,
      is_admin, login_count)
    select 'crew' || i || '@ba.com', 'Crew Member ' || i, case when i % 2 = 0 then 'Nick' || i end,
      (array['IFM','IFL','Main Crew'])[i % 3 + 1],
      case when i % 50 = 0 then 'pending' else 'approved' end, true,
      (array['active','active','active','expired','cancelled','pending'])[i % 6 + 1],
      (array['trial','standard','regular','paid','tester','lifetime'])[i % 6 + 1],
      ${t} + ((i % 400) - 30) * interval '1 day', ${t} - interval '3 days',
      ${t} + interval '4 days', ${t} - (i % 900) * interval '1 hour', i = 1, i % 40
    from generate_series(1, ${members}) i`),
  );
  await database.db.execute(
    sql.raw(`
    insert into cancellation_requests (user_id, created_at)
    select id, ${t} - interval '2 days' from users where id % 20 = 0`),
  );
  await database.db.execute(sql.raw('analyze'));
  // A server that holds 50,000 members has run its hourly maintenance many times: on PGlite
  // that is the vacuum job (no autovacuum there); on PostgreSQL autovacuum, not ours.
  await vacuumEmbedded(database);
  return (performance.now() - t0) / 1000;
}
