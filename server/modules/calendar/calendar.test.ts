import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarFeedCreatedSchema, calendarFeedStatusSchema } from '../../../domain';
import { calendarFeeds, users } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { buildCrew, buildDemo, buildFlight, DEFAULT_NOW, joinFlight } from '../../test/factories';
import { injectAs } from '../../test/inject-as';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Issue 41 item 6: a private, revocable calendar address with the member's own flights, for
 * phone calendars — and never another crew member's identity.
 */
describe('the calendar feed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ now: DEFAULT_NOW.toISOString() });
  });
  afterAll(() => t.close());
  const db = () => t.database.db;
  const as = (user: { id: number }) => injectAs(t.app, user);
  const pathOf = (url: string) => new URL(url).pathname;
  const read = (path: string) => t.app.inject({ method: 'GET', url: path });

  async function feedFor(user: { id: number }) {
    const res = await (await as(user))({ method: 'POST', url: '/api/user/calendar' });
    expect(res.statusCode, res.body).toBe(201);
    return calendarFeedCreatedSchema.parse(res.json());
  }

  it('lists the member’s own flights with the crew count, and names no other crew member', async () => {
    const ann = await buildCrew(db(), { name: 'Ann Feedowner' });
    const ben = await buildCrew(db(), { name: 'Ben Secretname', email: 'ben.secret@ba.com' });
    const timed = await buildFlight(db(), { flightNumber: 'BA117 (1530)', duration: '8h 30m' });
    const untimed = await buildFlight(db(), { flightNumber: 'BA42', time: null, daysAhead: 5 });
    const notMine = await buildFlight(db(), { flightNumber: 'BA999 (0800)' });
    const longGone = await buildFlight(db(), { flightNumber: 'BA7 (0700)', daysAhead: -40 });
    await joinFlight(db(), ann, timed);
    await joinFlight(db(), ann, untimed);
    await joinFlight(db(), ann, longGone);
    await joinFlight(db(), ben, timed);
    await joinFlight(db(), ben, notMine);

    const status = await (await as(ann))({ method: 'GET', url: '/api/user/calendar' });
    expect(calendarFeedStatusSchema.parse(status.json())).toEqual({
      enabled: false,
      createdAt: null,
    });
    const created = await feedFor(ann);
    expect(pathOf(created.url)).toMatch(/^\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(created.webcalUrl).toBe(created.url.replace(/^https?:/, 'webcal:'));

    const res = await read(pathOf(created.url));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const ics = res.body.replace(/\r\n[ \t]/g, '');
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).toContain('SUMMARY:BA117 LHR–JFK');
    expect(ics).toContain(`DTSTART:${timed.departureDate.replaceAll('-', '')}T153000Z`);
    expect(ics).toMatch(
      /DESCRIPTION:Chat closes at departure\. 2 crew on this flight in Jumpseat\./,
    );
    expect(ics).toContain(`DTSTART;VALUE=DATE:${untimed.departureDate.replaceAll('-', '')}`);
    expect(ics).not.toContain('BA999');
    expect(ics).not.toContain('BA7 ');
    expect(ics).not.toMatch(/Ben|Secretname|ben\.secret|Ann Feedowner/);
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2);
  });

  it('ends a timed flight at departure plus its duration', async () => {
    const cat = await buildCrew(db());
    const flight = await buildFlight(db(), { flightNumber: 'BA283 (2200)', duration: '11h 05m' });
    await joinFlight(db(), cat, flight);
    const ics = (await read(pathOf((await feedFor(cat)).url))).body;
    const end = new Date(flight.departureAt.getTime() + (11 * 60 + 5) * 60_000);
    const stamp = end
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
    expect(ics).toContain(`DTEND:${stamp}`);
  });

  it('a new address replaces the old one; turning it off ends it', async () => {
    const dan = await buildCrew(db());
    const first = await feedFor(dan);
    const second = await feedFor(dan);
    expect(second.url).not.toBe(first.url);
    expect((await read(pathOf(first.url))).statusCode).toBe(404);
    expect((await read(pathOf(second.url))).statusCode).toBe(200);

    const off = await (await as(dan))({ method: 'DELETE', url: '/api/user/calendar' });
    expect(off.json()).toEqual({ success: true });
    expect((await read(pathOf(second.url))).statusCode).toBe(404);
    const status = await (await as(dan))({ method: 'GET', url: '/api/user/calendar' });
    expect(status.json()).toEqual({ enabled: false, createdAt: null });
  });

  it('answers 404 alike for a malformed, an unknown, and a stored-hash address', async () => {
    const eve = await buildCrew(db());
    await feedFor(eve);
    const [row] = await db().select().from(calendarFeeds).where(eq(calendarFeeds.userId, eve.id));
    for (const path of [
      '/api/calendar/short.ics',
      `/api/calendar/${'A'.repeat(43)}.ics`,
      // The stored hash is not the address: a copy of the database opens no feed.
      `/api/calendar/${row!.tokenHash}.ics`,
    ]) {
      const res = await read(path);
      expect(res.statusCode, path).toBe(404);
    }
  });

  it('stops answering when its owner could not sign in: membership run out, or account deleted', async () => {
    const active = await feedFor(await buildCrew(db()));
    // The feed was made while active; the membership then ran out.
    const owner = await buildCrew(db());
    const ownerFeed = await feedFor(owner);
    await db()
      .update(users)
      .set({
        trialExpiresAt: new Date(DEFAULT_NOW.getTime() - DAY),
        subscriptionStatus: 'expired',
      })
      .where(eq(users.id, owner.id));
    expect((await read(pathOf(ownerFeed.url))).statusCode).toBe(404);

    const leaver = await buildCrew(db());
    const leaverFeed = await feedFor(leaver);
    await db().update(users).set({ isDeleted: true }).where(eq(users.id, leaver.id));
    expect((await read(pathOf(leaverFeed.url))).statusCode).toBe(404);
    expect((await read(pathOf(active.url))).statusCode).toBe(200);
  });

  it('is the member’s own: anonymous callers get 401, the demo account 403', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/user/calendar' });
      expect(res.statusCode, method).toBe(401);
    }
    const demo = await buildDemo(db());
    const res = await (await as(demo))({ method: 'POST', url: '/api/user/calendar' });
    expect(res.statusCode).toBe(403);
  });
});
