// @postgres: simultaneous blocks through a listening server (onConflictDoNothing, the auto-report count)
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCK_FLAG_REPORT_DETAILS } from '../../../domain';
import { flightCrew, reports } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { buildCrew, buildFlight } from '../../test/factories';
import { type Injector, signedInAdmin } from '../../test/inject-as';
import { sessionCookie } from '../../test/socket-client';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Issue 22 item 4: a member blocked by 3 different members within 30 days is flagged to the
 * moderators, as a report Jumpseat files itself, once, however the blocks race.
 */
describe('the block flag', () => {
  let t: TestApp;
  let admin: Injector;
  let url: string;
  beforeAll(async () => {
    t = await buildTestApp();
    ({ as: admin } = await signedInAdmin(t));
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());
  const db = () => t.database.db;

  /** A member can block only someone they met: the two share a flight first. */
  async function blockFrom(blockerId: number, targetId: number) {
    const flight = await buildFlight(db());
    await db()
      .insert(flightCrew)
      .values(
        [blockerId, targetId].map((userId) => ({ flightId: flight.id, userId, role: 'Main Crew' })),
      );
    const res = await fetch(`${url}/api/users/${targetId}/block`, {
      method: 'POST',
      headers: {
        cookie: await sessionCookie(t.app, blockerId, t.clock.now()),
        'content-type': 'application/json',
      },
      body: '{}',
    });
    expect(res.status, await res.text()).toBe(200);
  }

  const autoReports = (targetId: number) =>
    db()
      .select()
      .from(reports)
      .where(
        and(eq(reports.reportedUserId, targetId), eq(reports.details, BLOCK_FLAG_REPORT_DETAILS)),
      );

  it('two blockers flag nobody; the third files one report, even when all block at once', async () => {
    const target = await buildCrew(db());
    const [first, second] = [await buildCrew(db()), await buildCrew(db())];
    await blockFrom(first.id, target.id);
    await blockFrom(second.id, target.id);
    expect(await autoReports(target.id)).toHaveLength(0);

    // Five more members block at the same moment: still one open report.
    const more = await Promise.all(Array.from({ length: 5 }, () => buildCrew(db())));
    await Promise.all(more.map((m) => blockFrom(m.id, target.id)));
    const filed = await autoReports(target.id);
    expect(filed).toHaveLength(1);
    expect(filed[0]).toMatchObject({ reporterId: null, status: 'open', reason: 'other' });

    // The moderators see it in the queue with the flag.
    const queue = await admin({ method: 'GET', url: '/api/admin/moderation/reports' });
    expect(queue.statusCode).toBe(200);
    const item = (
      queue.json() as {
        reports: { reportedMember: { id: number }; reporter: unknown; flags: string[] }[];
      }
    ).reports.find((r) => r.reportedMember.id === target.id);
    expect(item).toMatchObject({ reporter: null, flags: ['blocked_by_3_in_30_days'] });
  });

  it('blocks older than 30 days do not add up', async () => {
    const target = await buildCrew(db());
    const [a, b, c] = [await buildCrew(db()), await buildCrew(db()), await buildCrew(db())];
    await blockFrom(a.id, target.id);
    await blockFrom(b.id, target.id);
    t.clock.advance(31 * DAY);
    await blockFrom(c.id, target.id);
    expect(await autoReports(target.id)).toHaveLength(0);
  });
});
