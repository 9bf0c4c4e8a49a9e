import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blocks, flightCrew, type UserRow } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { buildCrew, buildFlight, buildWave, joinFlight } from '../../test/factories';
import { type Injector, injectAs } from '../../test/inject-as';

/**
 * Issue 39: a block is no way to learn about a stranger. Blocking someone you never shared a
 * flight with answers exactly as an unknown id does, and the blocked list shows only what the
 * crew list already showed of the member.
 */
describe('blocking only members you have seen', () => {
  let t: TestApp;
  let me: UserRow;
  let asMe: Injector;
  beforeAll(async () => {
    t = await buildTestApp();
    me = await buildCrew(t.database.db, { nickname: 'Viewer' });
    asMe = await injectAs(t.app, me);
  });
  afterAll(() => t.close());
  const db = () => t.database.db;
  const block = (id: number) => asMe({ method: 'POST', url: `/api/users/${id}/block` });

  it('answers a stranger exactly as an unknown id (404), storing nothing', async () => {
    const stranger = await buildCrew(db(), {
      nickname: 'Stranger',
      isAdmin: true,
      membershipType: 'trial',
    });
    const unknown = await block(2_147_483_000);
    const strangers = await block(stranger.id);
    expect(unknown.statusCode).toBe(404);
    expect(strangers.statusCode).toBe(404);
    expect(strangers.body).toBe(unknown.body);
    expect(await db().select().from(blocks)).toEqual([]);
    const list = (await asMe({ method: 'GET', url: '/api/users/blocked' })).json();
    expect(list.blockedMembers).toEqual([]);
  });

  it('blocks a member met on a flight, even after they left it, and lists them as the crew list showed them', async () => {
    const crewmate = await buildCrew(db(), { nickname: 'Crewmate', name: 'Real Name' });
    const flight = await buildFlight(db());
    await joinFlight(db(), me, flight);
    await joinFlight(db(), crewmate, flight);
    const crewList = (await asMe({ method: 'GET', url: `/api/flights/${flight.id}` })).json();
    const seen = crewList.crewMembers.find(
      (m: { userId: number }) => m.userId === crewmate.id,
    ).user;

    expect((await block(crewmate.id)).statusCode).toBe(200);
    await db().delete(flightCrew);
    // A second block (idempotent) still finds them: the block itself records the meeting.
    expect((await block(crewmate.id)).statusCode).toBe(200);
    const list = (await asMe({ method: 'GET', url: '/api/users/blocked' })).json();
    expect(list.blockedMembers.map((m: { user: unknown }) => m.user)).toEqual([
      { ...seen, isOnline: false },
    ]);
    expect(JSON.stringify(list)).not.toContain('Real Name');
  });

  it('blocks a member with a wave between you, though neither is on its flight any more', async () => {
    const waver = await buildCrew(db());
    await buildWave(db(), waver, me, await buildFlight(db()));
    expect((await block(waver.id)).statusCode).toBe(200);
  });
});
