// @postgres: the trigram search index (pg_trgm, ilike) and simultaneous creates through a listening server
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADD_USER_EMAIL_MESSAGE,
  ADMIN_MEMBER_REASONS,
  ADMIN_SEARCH_COUNT_CAP,
} from '../../../domain';
import { auditLog, cancellationRequests, platformCounters, users } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { buildAdmin, buildCrew, buildFlight, buildWave, joinFlight } from '../../test/factories';
import { type Injector, sessionCookie, signedInAdmin } from '../../test/inject-as';
import { mailTo, pinIn } from '../../test/mailbox';

/** The admin's member table, detail dialog and 'Add New User' (accounts spec §2, §7). */
describe('admin members: list, search, detail, create', () => {
  let t: TestApp;
  let admin: Injector;
  let adminId: number;
  beforeAll(async () => {
    t = await buildTestApp();
    ({ id: adminId, as: admin } = await signedInAdmin(t));
  });
  afterAll(() => t.close());

  const minutesAgo = (m: number) => new Date(t.clock.now().getTime() - m * 60_000);

  it('GET /api/users/all answers every account newest first, no PIN, with open cancellations', async () => {
    const older = await buildCrew(t.database.db, { createdAt: minutesAgo(20) });
    const newer = await buildCrew(t.database.db, {
      createdAt: minutesAgo(10),
      membershipType: 'paid',
    });
    await t.database.db
      .insert(cancellationRequests)
      .values({ userId: newer.id, createdAt: minutesAgo(5) });
    const res = await admin({ method: 'GET', url: '/api/users/all' });
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: number; cancellationRequestedAt: string | null }[];
    const ids = list.map((u) => u.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(list.find((u) => u.id === newer.id)!.cancellationRequestedAt).toBe(
      minutesAgo(5).toISOString(),
    );
    expect(list.find((u) => u.id === older.id)!.cancellationRequestedAt).toBeNull();
    expect(res.body).not.toContain('passcode');
  });

  it('GET /api/admin/users searches e-mail, name and nickname case-insensitively, filters and pages', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const byEmail = await buildCrew(t.database.db, { email: `${tag}.one@ba.com` });
    const byName = await buildCrew(t.database.db, { name: `Pat ${tag.toUpperCase()}` });
    const byNick = await buildCrew(t.database.db, {
      nickname: `${tag}Nick`,
      membershipType: 'regular',
    });
    await buildCrew(t.database.db, { name: 'Someone Else' });
    const page = async (query: string) => {
      const res = await admin({ method: 'GET', url: `/api/admin/users?${query}` });
      expect(res.statusCode).toBe(200);
      return res.json() as {
        users: { id: number }[];
        total: number;
        totalCapped: boolean;
        page: number;
      };
    };
    const found = await page(`q=${tag.toUpperCase()}`);
    expect(found.users.map((u) => u.id).sort()).toEqual([byEmail.id, byName.id, byNick.id].sort());
    expect(found.total).toBe(3);
    // 'standard' covers 'regular' too, as the domain's filter says.
    const standard = await page(`q=${tag}&membership=standard`);
    expect(standard.users.map((u) => u.id)).toEqual([byNick.id]);
    expect((await page(`q=${tag}&membership=paid`)).total).toBe(0);
    // One field must hold the whole query: e-mail's end plus the name's start is no match.
    const apart = `yk${Date.now().toString(36)}`;
    await buildCrew(t.database.db, { email: `${apart}@ba.com`, name: 'Jo Bloggs' });
    expect((await page(`q=${apart}%40ba.com`)).total).toBe(1);
    expect((await page(`q=${apart}%40ba.com%20jo`)).total).toBe(0);
    // LIKE wildcards are literal: '%' matches nothing here.
    expect((await page('q=%25')).total).toBe(0);
    const second = await page(`q=${tag}&page=2`);
    expect(second).toMatchObject({ users: [], total: 3, page: 2 });
    expect(found.totalCapped).toBe(false);
    // A search counts up to the cap: past it the total is the cap and says so; no search is exact.
    const broad = `bq${Date.now().toString(36)}`;
    await t.database.db.execute(
      sql.raw(`insert into users (email, name) select '${broad}' || i || '@ba.com', 'Broad ' || i
        from generate_series(1, ${ADMIN_SEARCH_COUNT_CAP + 1}) i`),
    );
    expect(await page(`q=${broad}`)).toMatchObject({
      total: ADMIN_SEARCH_COUNT_CAP,
      totalCapped: true,
    });
    // 1, 10-19, 100-199, 1000 and 1001 go: 113 of the 1,001.
    await t.database.db.execute(sql.raw(`delete from users where email like '${broad}1%'`));
    expect(await page(`q=${broad}`)).toMatchObject({ total: 888, totalCapped: false });
    const everyone = await page('');
    const counted = await t.database.db.execute<{ n: number }>(
      sql.raw('select count(*)::int as n from users'),
    );
    expect(everyone).toMatchObject({ total: counted.rows[0]!.n, totalCapped: false });
    const bad = await admin({ method: 'GET', url: '/api/admin/users?membership=gold' });
    expect(bad.statusCode).toBe(400);
    expect((await admin({ method: 'GET', url: '/api/admin/users?page=0' })).statusCode).toBe(400);
  });

  it('GET /api/admin/user-flights/{id}: the member, analytics and flights with tags, note, role', async () => {
    const member = await buildCrew(t.database.db, { loginCount: 7 });
    const other = await buildCrew(t.database.db);
    const flight = await buildFlight(t.database.db);
    const later = await buildFlight(t.database.db, { daysAhead: 5 });
    await joinFlight(t.database.db, member, flight, { tags: ['a', 'b', 'c'], note: 'Hi' });
    await joinFlight(t.database.db, member, later, { role: 'IFL' });
    await joinFlight(t.database.db, other, flight);
    await buildWave(t.database.db, member, other, flight);
    const res = await admin({ method: 'GET', url: `/api/admin/user-flights/${member.id}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ id: member.id, email: member.email });
    expect(body.user.passcode).toBeUndefined();
    expect(body.analytics).toEqual({
      flightCount: 2,
      wavesSent: 1,
      wavesReceived: 0,
      loginCount: 7,
    });
    expect(body.flights).toEqual([
      expect.objectContaining({ id: later.id, role: 'IFL', tags: [], note: null }),
      expect.objectContaining({ id: flight.id, tags: ['a', 'b', 'c'], note: 'Hi' }),
    ]);
    expect((await admin({ method: 'GET', url: '/api/admin/user-flights/999999' })).statusCode).toBe(
      404,
    );
  });

  const createBody = (email: string, extra: Record<string, unknown> = {}) => ({
    email,
    name: 'New Person',
    nickname: '',
    role: 'IFL',
    isAdmin: false,
    passcode: '4821',
    membershipDuration: '1month',
    ...extra,
  });
  const counter = async () =>
    (await t.database.db.select().from(platformCounters).where(eq(platformCounters.id, 1)))[0]!
      .totalUsersEverRegistered;

  it('POST /api/admin/users/create: an approved, active member, PIN e-mailed, counted, audited', async () => {
    const before = await counter();
    const email = `added.${Date.now()}@ba.com`;
    const res = await admin({
      method: 'POST',
      url: '/api/admin/users/create',
      payload: createBody(` ${email.toUpperCase()} `),
    });
    expect(res.statusCode).toBe(200);
    const { user } = res.json();
    expect(user).toMatchObject({
      email,
      nickname: null,
      approvalStatus: 'approved',
      verified: true,
      subscriptionStatus: 'active',
      membershipType: 'standard',
      isAdmin: false,
      subscriptionExpiresAt: new Date(t.clock.now().getTime() + 30 * 86_400_000).toISOString(),
    });
    expect(await counter()).toBe(before + 1);
    const [mail] = await mailTo(t.database.db, email);
    expect(pinIn(mail!.text)).toBe('4821');
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.create'), eq(auditLog.targetId, user.id)));
    expect(entry).toMatchObject({ actorId: adminId, targetType: 'user' });
    expect(JSON.stringify(entry!.detail)).not.toContain('4821');
    // The new member signs in with the mailed PIN.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, passcode: '4821' },
      remoteAddress: '10.77.0.1',
    });
    expect(login.statusCode).toBe(200);

    const lifetime = await admin({
      method: 'POST',
      url: '/api/admin/users/create',
      payload: createBody(`life.${Date.now()}@ba.com`, {
        membershipDuration: 'lifetime',
        isAdmin: true,
      }),
    });
    expect(lifetime.json().user).toMatchObject({ membershipType: 'lifetime', isAdmin: true });
  });

  it('create refuses a bad e-mail (400, nothing stored) and a taken one (409)', async () => {
    const before = await counter();
    for (const email of ['no-at-sign.ba.com', '', '   ']) {
      const res = await admin({
        method: 'POST',
        url: '/api/admin/users/create',
        payload: createBody(email),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(ADD_USER_EMAIL_MESSAGE);
    }
    // The server's account rule (as registration's domain rule, and update-email): a crew
    // domain or the admin address, and a real address — a line break is no part of one.
    for (const [email, message] of [
      ['someone@gmail.com', 'Email must be a valid British Airways email or admin email'],
      ['anything@', ADD_USER_EMAIL_MESSAGE],
      ['a\nb@ba.com', ADD_USER_EMAIL_MESSAGE],
      ['ab@ba.com\r\nBcc: x@ba.com', ADD_USER_EMAIL_MESSAGE],
    ] as const) {
      const res = await admin({
        method: 'POST',
        url: '/api/admin/users/create',
        payload: createBody(email),
      });
      expect(res.statusCode, email).toBe(400);
      expect(res.json()).toMatchObject({ message, field: 'email' });
    }
    const taken = await buildCrew(t.database.db);
    const dup = await admin({
      method: 'POST',
      url: '/api/admin/users/create',
      payload: createBody(taken.email.toUpperCase()),
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(ADMIN_MEMBER_REASONS.emailTaken);
    const bad = await admin({
      method: 'POST',
      url: '/api/admin/users/create',
      payload: createBody('x@ba.com', { passcode: '0123' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(await counter()).toBe(before);
    expect(await mailTo(t.database.db, 'x@ba.com')).toHaveLength(0);
  });
});

describe('admin create under concurrency (listening server)', () => {
  it('simultaneous creates of one e-mail: exactly one 200, the rest 409, one row, one count', async () => {
    const t = await buildTestApp();
    try {
      const adminRow = await buildAdmin(t.database.db);
      const cookie = await sessionCookie(t.app, adminRow.id, t.clock.now());
      const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const [before] = await t.database.db.select().from(platformCounters);
      const email = `race.${Date.now()}@ba.com`;
      const responses = await Promise.all(
        Array.from({ length: 8 }, () =>
          fetch(`${url}/api/admin/users/create`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie },
            body: JSON.stringify({ email, passcode: '5555', membershipDuration: '1week' }),
          }),
        ),
      );
      const statuses = responses.map((r) => r.status).sort();
      expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
      const rows = await t.database.db.select().from(users).where(eq(users.email, email));
      expect(rows).toHaveLength(1);
      const [after] = await t.database.db.select().from(platformCounters);
      expect(after!.totalUsersEverRegistered).toBe(before!.totalUsersEverRegistered + 1);
      expect(await mailTo(t.database.db, email)).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});
