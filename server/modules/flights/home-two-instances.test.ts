// @postgres: two instances on the LISTEN/NOTIFY bus; a PostgreSQL-only describe
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlightRow, UserRow } from '../../db/schema';
import { fixedClock } from '../../lib/clock';
import { buildCrew, buildFlight, DEFAULT_NOW } from '../../test/factories';
import { sessionCookie } from '../../test/socket-client';
import { type TwoInstances, twoInstances } from '../../test/two-instances';

/**
 * Issue 20: each instance remembers which flights a member is on (for `isJoined` on the home
 * list) longer than it keeps the list itself. A join or leave on one instance must not leave
 * another answering from the old set: the bus `crew` event drops it everywhere. The clock is
 * fixed, so no lifetime runs out during the test: only the event can make B see the change.
 * PostgreSQL only (the bus needs it).
 */
describe.runIf(process.env.JUMPSEAT_TEST_DB === 'postgres')('isJoined across two instances', () => {
  let two: TwoInstances;
  let a: FastifyInstance;
  let b: FastifyInstance;
  const clock = fixedClock(DEFAULT_NOW);
  let member: UserRow;
  let flight: FlightRow;

  beforeAll(async () => {
    two = await twoInstances(clock);
    ({ a, b } = two);
    member = await buildCrew(two.shared.db);
    flight = await buildFlight(two.shared.db);
  });
  afterAll(() => two?.close());

  async function call(
    app: FastifyInstance,
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
  ) {
    return app.inject({
      method,
      url,
      payload,
      headers: { cookie: await sessionCookie(app, member.id, clock.now()) },
    });
  }
  const joinedOn = async (app: FastifyInstance) =>
    (await call(app, 'GET', '/api/flights')).json().find((f: { id: number }) => f.id === flight.id)
      ?.isJoined;

  it('a join on A shows as joined on B once B hears of it; a leave on A, as left', async () => {
    expect(await joinedOn(b)).toBe(false);

    const joined = two.onB((e) => e.e === 'crew' && e.userIds.includes(member.id));
    const res = await call(a, 'POST', '/api/flight-crew', { flightId: flight.id });
    expect(res.statusCode).toBe(201);
    await joined;
    expect(await joinedOn(b)).toBe(true);

    const left = two.onB((e) => e.e === 'crew' && e.userIds.includes(member.id));
    expect((await call(a, 'DELETE', `/api/flight-crew/${res.json().id}`)).statusCode).toBe(200);
    await left;
    expect(await joinedOn(b)).toBe(false);
  });
});
