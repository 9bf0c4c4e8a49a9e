import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANONYMOUS_NAME,
  DEMO_DISPLAY_NAME,
  flightDetailSchema,
  IN_APP_CONTACT_NOTE,
} from '../../../domain';
import type { FlightRow, UserRow } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import {
  buildAdmin,
  buildCrew,
  buildDemo,
  buildFlight,
  buildWave,
  joinFlight,
} from '../../test/factories';
import { injectAs } from '../../test/inject-as';

/**
 * The crew list is read as raw JSON by each role: what is not allowed must not be in the bytes,
 * whatever the page would show.
 */
describe('crew list privacy', () => {
  let t: TestApp;
  let flight: FlightRow;
  let viewer: UserRow;
  let skyfox: UserRow; // nickname, waved at by the viewer (pending)
  let private_: UserRow; // accepted wave here, but keeps name and number private
  let revealed: UserRow; // accepted wave on another flight, shares everything
  let waver: UserRow; // waved at the viewer (pending)
  let rejected: UserRow;
  const secrets: string[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    flight = await buildFlight(db);
    const elsewhere = await buildFlight(db, { daysAhead: 5 });
    viewer = await buildCrew(db, { name: 'Vera Viewer', nickname: 'Vee' });
    skyfox = await buildCrew(db, {
      name: 'Margaret Secret',
      nickname: 'Skyfox',
      email: 'margaret.secret@ba.com',
      mobileNumber: '+447700900111',
      shareContactInfo: true,
    });
    private_ = await buildCrew(db, {
      name: 'Nigel Hidden',
      email: 'nigel.hidden@ba.com',
      mobileNumber: '+447700900222',
      showNameAfterMatch: false,
      shareContactInfo: false,
    });
    revealed = await buildCrew(db, {
      name: 'Olive Open',
      nickname: 'Olly',
      email: 'olive.open@ba.com',
      mobileNumber: '+447700900333',
      shareContactInfo: true,
      membershipType: 'standard',
      trialExpiresAt: null,
      subscriptionExpiresAt: new Date('2031-06-15T00:00:00.000Z'),
    });
    waver = await buildCrew(db, { name: 'Walter Waver', email: 'walter.w@ba.com' });
    rejected = await buildCrew(db, { name: 'Rita Rejected', email: 'rita.r@ba.com' });
    for (const u of [viewer, skyfox, private_, revealed, waver, rejected]) {
      await joinFlight(db, u, flight, { tags: ['Coffee Chat'], note: `note of ${u.id}` });
    }
    await buildWave(db, viewer, skyfox, flight);
    await buildWave(db, private_, viewer, flight, { status: 'accepted' });
    await buildWave(db, viewer, revealed, elsewhere, { status: 'accepted' });
    await buildWave(db, waver, viewer, flight);
    await buildWave(db, viewer, rejected, flight, { status: 'rejected' });
    secrets.push(
      'margaret.secret@ba.com',
      'Margaret Secret',
      '+447700900111',
      'nigel.hidden@ba.com',
      'Nigel Hidden',
      '+447700900222',
      'olive.open@ba.com',
      'walter.w@ba.com',
      'Walter Waver',
      'rita.r@ba.com',
      'Rita Rejected',
    );
  });
  afterAll(() => t.close());

  const read = async (user: UserRow) => {
    const res = await (await injectAs(t.app, user))({
      method: 'GET',
      url: `/api/flights/${flight.id}`,
    });
    expect(res.statusCode).toBe(200);
    const detail = flightDetailSchema.parse(res.json());
    const byUser = new Map(detail.crewMembers.map((m) => [m.userId, m]));
    return { raw: res.body, detail, member: (u: UserRow) => byUser.get(u.id)! };
  };

  it('a crew member gets only what the reveal rules allow', async () => {
    const { raw, member } = await read(viewer);
    for (const secret of secrets) expect(raw).not.toContain(secret);
    expect(raw).not.toMatch(/"email"|passcode|ExpiresAt|lastHeartbeat|fullIdentity/);

    expect(member(skyfox).user).toEqual({
      id: skyfox.id,
      displayName: 'Skyfox',
      role: 'Main Crew',
      avatarRing: 'orange',
      trialBadge: 'Trial (6d left)',
      isOnline: false,
      isAdmin: false,
    });
    expect(member(skyfox)).toMatchObject({
      role: 'Main Crew',
      tags: ['Coffee Chat'],
      note: `note of ${skyfox.id}`,
    });
    // Accepted, but they keep their name and number to themselves.
    expect(member(private_).user).toMatchObject({
      displayName: ANONYMOUS_NAME,
      contactNote: IN_APP_CONTACT_NOTE,
    });
    expect(member(private_).user.realName).toBeUndefined();
    // An accepted wave on another flight reveals them here too.
    expect(member(revealed).user).toMatchObject({
      displayName: 'Olive Open',
      realName: 'Olive Open',
      mobileNumber: '+447700900333',
      avatarRing: 'yellow',
      trialBadge: null,
    });
    // The viewer sees their own card in full, but never their e-mail in the list.
    expect(member(viewer).user).toMatchObject({
      displayName: 'Vera Viewer',
      realName: 'Vera Viewer',
    });
  });

  it('carries the wave status between the viewer and each member on this flight', async () => {
    const { member } = await read(viewer);
    expect(member(viewer).waveStatus).toEqual({ status: 'none', waveId: null });
    expect(member(skyfox).waveStatus.status).toBe('pending-sent');
    expect(member(waver).waveStatus.status).toBe('pending-received');
    expect(member(private_).waveStatus.status).toBe('accepted');
    expect(member(private_).waveStatus.waveId).toEqual(expect.any(Number));
    // The viewer sent it: a decline is never shown to its sender (issue 18).
    expect(member(rejected).waveStatus.status).toBe('pending-sent');
    // The accepted wave elsewhere reveals, but there is no wave on this flight.
    expect(member(revealed).waveStatus).toEqual({ status: 'none', waveId: null });
  });

  it('an admin gets full identities', async () => {
    const admin = await buildAdmin(t.database.db);
    const { raw, member } = await read(admin);
    expect(raw).toContain('margaret.secret@ba.com');
    expect(member(skyfox).fullIdentity).toEqual({
      name: 'Margaret Secret',
      email: 'margaret.secret@ba.com',
    });
    expect(member(private_).user).toMatchObject({
      displayName: 'Nigel Hidden',
      realName: 'Nigel Hidden',
      mobileNumber: '+447700900222',
    });
  });

  it("a demo user sees everyone as 'Test User'", async () => {
    const demo = await buildDemo(t.database.db);
    const { raw, detail } = await read(demo);
    for (const secret of [...secrets, 'Skyfox', 'Olive Open', 'Olly']) {
      expect(raw).not.toContain(secret);
    }
    expect(new Set(detail.crewMembers.map((m) => m.user.displayName))).toEqual(
      new Set([DEMO_DISPLAY_NAME]),
    );
  });
});
