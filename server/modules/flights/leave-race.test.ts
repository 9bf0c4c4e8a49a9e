// @postgres: leaves and wave sends on one flight race through a listening server (row locks)
import type { AddressInfo } from 'node:net';
import { and, eq, notExists } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flightCrew, waves } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { buildCrew, buildFlight, DEFAULT_NOW, joinFlight } from '../../test/factories';
import { fetchAs } from '../../test/inject-as';

const PAIRS = 120;

/**
 * Leaving a flight withdraws the leaver's pending waves there (issue 41, re-import). A wave sent
 * to or by the leaver at the same moment must not slip past it: either the send sees the member
 * gone and is refused, or the leave sees the wave and withdraws it. Never a pending wave with a
 * member who is no longer on the flight. On PostgreSQL the two really overlap, each request on
 * its own connection.
 */
describe('a leave and a wave at the same moment', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await buildTestApp({ now: DEFAULT_NOW.toISOString() });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());
  const db = () => t.database.db;

  it('leaves no pending wave with a member who left the flight', async () => {
    const flight = await buildFlight(db(), { daysAhead: 5 });
    const pairs = await Promise.all(
      Array.from({ length: PAIRS }, async () => {
        const [sender, leaver] = [await buildCrew(db()), await buildCrew(db())];
        await joinFlight(db(), sender, flight);
        await joinFlight(db(), leaver, flight);
        return {
          sender: await fetchAs(t.app, base, sender),
          leaver: await fetchAs(t.app, base, leaver),
          leaverId: leaver.id,
        };
      }),
    );

    const answers = await Promise.all(
      pairs.flatMap(({ sender, leaver, leaverId }) => [
        sender('POST', '/api/waves', { receiverId: leaverId, flightId: flight.id }),
        leaver('POST', '/api/flight-crew/leave', { flightIds: [flight.id] }),
      ]),
    );
    // Every request was answered as a member's request is: a wave sent or refused, a leave done.
    for (const [i, answer] of answers.entries()) {
      const expected = i % 2 === 0 ? [201, 403] : [200];
      expect(expected, JSON.stringify(answer.body)).toContain(answer.status);
    }

    const orphaned = await db()
      .select({ id: waves.id })
      .from(waves)
      .where(
        and(
          eq(waves.flightId, flight.id),
          eq(waves.status, 'pending'),
          notExists(
            db()
              .select({ id: flightCrew.id })
              .from(flightCrew)
              .where(
                and(eq(flightCrew.flightId, flight.id), eq(flightCrew.userId, waves.receiverId)),
              ),
          ),
        ),
      );
    expect(orphaned).toEqual([]);
    const left = await db().select().from(flightCrew).where(eq(flightCrew.flightId, flight.id));
    expect(left).toHaveLength(PAIRS);
  });
});
