/**
 * The data of `npm run bench:chat`: PAIRS accepted waves, each pair on its own flight three days
 * after `now` (a chat closes once its flight departs), so the bench runs at any hour; a test
 * seeds it at several instants (bench/bench-setup.test.ts).
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client';

export async function seedChat(database: Database, pairCount: number, now: Date) {
  const { db } = database;
  const tag = randomBytes(3).toString('hex');
  const day = new Date(now.getTime() + 3 * 86_400_000).toISOString().slice(0, 10);
  await db.execute(
    sql.raw(`
    INSERT INTO users (email, name, role, approval_status, verified, subscription_status, membership_type, subscription_expires_at)
    SELECT 'bench' || g || '.${tag}@ba.com', 'Bench Crew ' || g, 'Main Crew', 'approved', true, 'active', 'paid', '${now.toISOString()}'::timestamptz + interval '200 days'
    FROM generate_series(1, ${2 * pairCount}) g`),
  );
  await db.execute(
    sql.raw(`
    INSERT INTO flights (flight_number, origin, destination, departure_date, departure_at, has_time)
    SELECT 'BA' || (1000 + g) || ' (2230)', 'LHR', 'JFK', '${day}', '${day}T22:30:00Z', true FROM generate_series(1, ${pairCount}) g
    ON CONFLICT DO NOTHING`),
  );
  const users = (
    await db.execute<{ id: number; email: string }>(
      sql.raw(`SELECT id, email FROM users WHERE email LIKE '%.${tag}@ba.com' ORDER BY id`),
    )
  ).rows;
  const flights = (
    await db.execute<{ id: number }>(
      sql.raw(
        `SELECT id FROM flights WHERE departure_date = '${day}' AND flight_number LIKE 'BA%(2230)' ORDER BY id LIMIT ${pairCount}`,
      ),
    )
  ).rows;
  const pairs: { waveId: number; a: number; b: number }[] = [];
  for (let i = 0; i < pairCount; i++) {
    const a = users[2 * i]!.id;
    const b = users[2 * i + 1]!.id;
    const f = flights[i]!.id;
    const [w] = (
      await db.execute<{ id: number }>(
        sql.raw(`
        WITH crew AS (INSERT INTO flight_crew (flight_id, user_id, role) VALUES (${f}, ${a}, 'IFL'), (${f}, ${b}, 'IFL') ON CONFLICT DO NOTHING)
        INSERT INTO waves (sender_id, receiver_id, flight_id, status, sender_read, receiver_read) VALUES (${a}, ${b}, ${f}, 'accepted', true, true) RETURNING id`),
      )
    ).rows;
    pairs.push({ waveId: w!.id, a, b });
  }
  return pairs;
}
