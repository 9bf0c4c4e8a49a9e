/**
 * The data and the request targets of `npm run bench:flights`, apart from its measurement so a
 * test can run them at any instant (bench/bench-setup.test.ts): everything is placed relative
 * to `now`, and every flight the bench joins, edits or leaves departs well after it (a flight
 * that has left refuses those writes, and the bench would fail at most hours of the day).
 */
import { sql } from 'drizzle-orm';
import { addDays, utcDay } from '../domain';
import type { Database } from '../server/db/client';

export const PER_DAY = 25;
export const DAYS_AHEAD = 40;
export const CREW_PER_FLIGHT = 10;
/** A bench run lasts minutes: its targets depart at least this long after `now`. */
const DEPARTURE_MARGIN_MS = 2 * 60 * 60 * 1000;

const at = (now: Date) => `'${now.toISOString()}'::timestamptz`;

/**
 * The shape of real use: history grows, the days ahead do not. Flights are spread 25 a day, the
 * newest 40 days ahead; members grow with flights (one per 4 flights, each on ~40 flights).
 */
export async function seedFlights(
  database: Database,
  flights: number,
  now: Date,
  /** Fewer days ahead put today's flights in a small data set (the test's). */
  daysAhead = DAYS_AHEAD,
) {
  const { db } = database;
  const users = flights / 4;
  const days = Math.ceil(flights / PER_DAY);
  const start = utcDay(addDays(now, daysAhead - days + 1));
  const t = at(now);
  const t0 = performance.now();
  await db.execute(
    sql.raw(`
    insert into users (email, name, nickname, role, approval_status, verified, subscription_status,
      membership_type, trial_started_at, trial_expires_at, last_heartbeat_at)
    select 'bench' || i || '@ba.com', 'Bench Crew ' || i, case when i % 2 = 0 then 'Nick' || i end,
      'Main Crew', 'approved', true, 'active', 'trial', ${t} - interval '1 day',
      ${t} + interval '6 days', case when i % 10 = 0 then ${t} + interval '1 hour' end
    from generate_series(1, ${users}) i`),
  );
  await db.execute(
    sql.raw(`
    insert into flights (flight_number, origin, destination, departure_date, departure_at, has_time,
      duration, created_at)
    select
      'BA' || (100 + s * 37) || case when s % 10 = 9 then '' else
        ' (' || lpad(((5 + s * 17 / 25) % 24)::text, 2, '0') || lpad((s * 7 % 6 * 10)::text, 2, '0') || ')' end,
      (array['LHR','LGW','LCY'])[s % 3 + 1],
      (array['JFK','BOS','ORD','LAX','SIN','HKG','DXB','FAO','PMI','EDI','GLA','AMS','CDG','MAD','FCO'])[s % 15 + 1],
      d,
      case when s % 10 = 9 then (d + time '23:59:59') at time zone 'UTC'
        else (d + make_time((5 + s * 17 / 25) % 24, s * 7 % 6 * 10, 0)) at time zone 'UTC' end,
      s % 10 <> 9, '8h 00m', ${t}
    from (
      select g % ${PER_DAY} as s, (date '${start}' + (g / ${PER_DAY})) as d
      from generate_series(0, ${flights - 1}) g
    ) rows`),
  );
  await db.execute(
    sql.raw(`
    insert into flight_crew (flight_id, user_id, role, tags, note, created_at)
    select f.id, ((f.id * 7919 + k * 104729) % ${users}) + 1,
      (array['IFM','IFL','Main Crew','Cabin Crew'])[k % 4 + 1],
      case k % 4 when 0 then array['Coffee Chat'] when 1 then array['Layover Social','Dining Buddy']
        else '{}'::text[] end,
      case when k % 5 = 0 then 'Happy to swap galley duties' end, ${t}
    from flights f cross join generate_series(0, ${CREW_PER_FLIGHT - 1}) k`),
  );
  await db.execute(
    sql.raw(`
    insert into waves (sender_id, receiver_id, flight_id, status)
    select ((f.id * 7919) % ${users}) + 1, ((f.id * 7919 + 104729) % ${users}) + 1, f.id,
      case when f.id % 3 = 0 then 'accepted' else 'pending' end
    from flights f`),
  );
  await db.execute(
    sql.raw(`update platform_counters set total_flights_ever_created = ${flights} where id = 1`),
  );
  await db.execute(sql.raw('analyze'));
  return { users, seconds: (performance.now() - t0) / 1000 };
}

/** A day for new flights: 2 to 21 days after `now`, never today. */
export const benchDay = (now: Date, n: number) => utcDay(addDays(now, 2 + (n % 20)));

/**
 * What the timed requests aim at, for the member `viewerId`: flights of the home window (to
 * read), and among them only those departing after `now` plus a margin to join, edit or leave.
 */
export async function flightTargets(database: Database, viewerId: number, now: Date) {
  const { db } = database;
  const today = utcDay(now);
  const after = at(new Date(now.getTime() + DEPARTURE_MARGIN_MS));
  const ids = async (query: string) =>
    (await db.execute<{ id: number }>(sql.raw(query))).rows.map((r) => Number(r.id));
  const windowIds = await ids(
    `select id from flights where departure_date between '${today}' and '${utcDay(addDays(now, 30))}' order by id`,
  );
  const upcoming = await ids(
    `select id from flights where departure_date <= '${utcDay(addDays(now, 30))}'
       and departure_at > ${after} order by id`,
  );
  const mine = `select c.id, c.flight_id from flight_crew c join flights f on f.id = c.flight_id
       where c.user_id = ${viewerId} and f.departure_at > ${after}`;
  const myFlights = new Set(
    (await db.execute<{ flight_id: number }>(sql.raw(mine))).rows.map((r) => Number(r.flight_id)),
  );
  return {
    windowIds,
    myEntries: await ids(`${mine} order by c.id`),
    joinable: upcoming.filter((id) => !myFlights.has(id)),
    /** Flights the bench added (POST /api/flights): to delete. */
    loadCreated: () =>
      ids(
        `select id from flights where origin = 'LGW' and destination = 'FAO' and flight_number like 'BA5%' order by id`,
      ),
    /** The viewer's crew entries, after the joins: to leave. */
    loadLeaving: () => ids(`${mine} order by c.id desc`),
  };
}
