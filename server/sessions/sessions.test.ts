import cookie from '@fastify/cookie';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config';
import { sessions as sessionsTable } from '../db/schema';
import { hashToken } from '../lib/tokens';
import { sessionCookieOptions } from '../modules/auth/session-cookie';
import { registerAccess } from '../plugins/access';
import { registerErrorMapping } from '../plugins/error-mapping';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { buildAdmin, buildCrew, buildDeleted, buildDemo, buildPending } from '../test/factories';
import { injectAs } from '../test/inject-as';
import { createSessionStore } from './session-store';

const HOUR = 60 * 60 * 1000;

describe('sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  const me = (as: Awaited<ReturnType<typeof injectAs>>) =>
    as({ method: 'GET', url: '/api/auth/me' });

  it('GET /api/auth/me is 401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Authentication required' });
  });

  it('GET /api/auth/me returns the user itself, without PIN material', async () => {
    const user = await buildCrew(t.database.db, { nickname: 'Skywalker' });
    const res = await me(await injectAs(t.app, user));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id: user.id, email: user.email, nickname: 'Skywalker' });
    expect(JSON.stringify(body)).not.toMatch(/passcode|password/i);
  });

  it('stores only the SHA-256 of the token', async () => {
    const user = await buildCrew(t.database.db);
    const token = await t.app.deps.sessions.create(user.id, t.clock.now());
    const rows = await t.database.db.query.sessions.findMany();
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
  });

  it('logout deletes the session on the server', async () => {
    const as = await injectAs(t.app, await buildCrew(t.database.db));
    expect((await me(as)).statusCode).toBe(200);
    const out = await as({ method: 'POST', url: '/api/auth/logout' });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/jumpseat_session=;/);
    expect((await me(as)).statusCode).toBe(401);
  });

  it('slides: 11 h 59 min idle keeps it, 12 h 1 min idle ends it', async () => {
    const as = await injectAs(t.app, await buildCrew(t.database.db));
    t.clock.advance(11 * HOUR + 59 * 60 * 1000);
    expect((await me(as)).statusCode).toBe(200);
    t.clock.advance(11 * HOUR + 59 * 60 * 1000);
    expect((await me(as)).statusCode).toBe(200);
    t.clock.advance(12 * HOUR + 60 * 1000);
    expect((await me(as)).statusCode).toBe(401);
  });

  it('ends after 30 days however active', async () => {
    const as = await injectAs(t.app, await buildCrew(t.database.db));
    // 65 x 11 h = 29 d 19 h, each step within the idle window.
    for (let i = 0; i < 65; i++) {
      t.clock.advance(11 * HOUR);
      expect((await me(as)).statusCode).toBe(200);
    }
    t.clock.advance(11 * HOUR);
    expect((await me(as)).statusCode).toBe(401);
  });

  it('purging removes idle and too-old sessions and keeps live ones', async () => {
    const store = t.app.deps.sessions;
    const user = await buildCrew(t.database.db);
    const start = t.clock.now();
    const idle = await store.create(user.id, new Date(start.getTime() - 12 * HOUR - 1000));
    const fresh = await store.create(user.id, new Date(start.getTime() - 11 * HOUR));
    await store.purgeExpired(start);
    const hashes = (await t.database.db.select().from(sessionsTable)).map((r) => r.tokenHash);
    expect(hashes).not.toContain(hashToken(idle));
    expect(hashes).toContain(hashToken(fresh));
  });

  it('revoking all sessions of a user ends every device at once', async () => {
    const user = await buildCrew(t.database.db);
    const phone = await injectAs(t.app, user);
    const laptop = await injectAs(t.app, user);
    const other = await injectAs(t.app, await buildCrew(t.database.db));
    await t.app.deps.sessions.revokeAllForUser(user.id);
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(laptop)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(200);
  });

  it.each([
    ['pending', buildPending],
    ['deleted', buildDeleted],
  ])('a %s account has no usable session', async (_role, factory) => {
    const as = await injectAs(t.app, await factory(t.database.db));
    expect((await me(as)).statusCode).toBe(401);
  });

  it('sets httpOnly, SameSite=Lax cookies; Secure with __Host- on https', () => {
    const plain = sessionCookieOptions(testConfig());
    expect(plain.name).toBe('jumpseat_session');
    expect(plain.options).toMatchObject({
      httpOnly: true,
      sameSite: 'lax',
      secure: false,
      path: '/',
    });
    const secure = sessionCookieOptions(testConfig({ publicUrl: 'https://jumpseat.example' }));
    expect(secure.name).toBe('__Host-jumpseat_session');
    expect(secure.options.secure).toBe(true);
  });
});

describe('session cache', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  const cookieFor = (token: string) => ({ cookie: `jumpseat_session=${token}` });
  const me = (as: Awaited<ReturnType<typeof injectAs>>) =>
    as({ method: 'GET', url: '/api/auth/me' });

  it('answers from memory for at most its window, then asks the database again', async () => {
    let elapsed = 0;
    const store = createSessionStore(t.database.db, () => {}, {
      cacheMs: 150,
      elapsedMs: () => elapsed,
    });
    const user = await buildCrew(t.database.db);
    const now = t.clock.now();
    const token = await store.create(user.id, now);
    expect((await store.resolve(token, now))?.user.id).toBe(user.id);
    // Gone from the database behind the store's back (as a purge would): still remembered...
    await t.database.db.delete(sessionsTable).where(eq(sessionsTable.tokenHash, hashToken(token)));
    expect((await store.resolve(token, now))?.user.id).toBe(user.id);
    elapsed = 149;
    expect((await store.resolve(token, now))?.user.id).toBe(user.id);
    // ...but only for the window.
    elapsed = 150;
    expect(await store.resolve(token, now)).toBeNull();
  });

  it('a lookup that raced a revocation or a write is not remembered', async () => {
    const store = createSessionStore(t.database.db, () => {}, { cacheMs: 60_000 });
    const user = await buildCrew(t.database.db);
    const now = t.clock.now();
    const token = await store.create(user.id, now);
    const pending = store.resolve(token, now);
    store.forgetUser(user.id); // lands while the lookup is in flight
    expect((await pending)?.user.id).toBe(user.id);
    await t.database.db.delete(sessionsTable).where(eq(sessionsTable.tokenHash, hashToken(token)));
    expect(await store.resolve(token, now)).toBeNull();
  });

  it('keeps expiry and the sliding touch on the business clock while remembered', async () => {
    const store = createSessionStore(t.database.db, () => {}, { cacheMs: 60_000 });
    const user = await buildCrew(t.database.db);
    const start = t.clock.now();
    const token = await store.create(user.id, start);
    expect(await store.resolve(token, start)).not.toBeNull();
    const later = new Date(start.getTime() + 2 * 60 * 1000);
    expect(await store.resolve(token, later)).not.toBeNull();
    const [row] = await t.database.db
      .select()
      .from(sessionsTable)
      .where(eq(sessionsTable.tokenHash, hashToken(token)));
    expect(row?.lastSeenAt.getTime()).toBe(later.getTime());
    expect(await store.resolve(token, new Date(later.getTime() + 12 * HOUR + 1000))).toBeNull();
  });

  it('a touch that finds the row gone ends the session, though memory still held it', async () => {
    const store = createSessionStore(t.database.db, () => {}, { cacheMs: 60 * 60 * 1000 });
    const user = await buildCrew(t.database.db);
    const start = t.clock.now();
    const token = await store.create(user.id, start);
    expect(await store.resolve(token, start)).not.toBeNull();
    // Deleted without any announcement (as a purge would): the touch, due after a minute, sees it.
    await t.database.db.delete(sessionsTable).where(eq(sessionsTable.tokenHash, hashToken(token)));
    expect(await store.resolve(token, new Date(start.getTime() + 30 * 1000))).not.toBeNull();
    expect(await store.resolve(token, new Date(start.getTime() + 2 * 60 * 1000))).toBeNull();
  });

  it('answers nothing from memory while the bus may be missing revocations', async () => {
    const store = createSessionStore(t.database.db, () => {}, { cacheMs: 60_000 });
    const user = await buildCrew(t.database.db);
    const now = t.clock.now();
    const token = await store.create(user.id, now);
    const other = await store.create(user.id, now);
    expect(await store.resolve(token, now)).not.toBeNull();
    store.busLost();
    // Revoked on another instance meanwhile (the announcement lost with the listener).
    await t.database.db.delete(sessionsTable).where(eq(sessionsTable.tokenHash, hashToken(token)));
    expect(await store.resolve(token, now)).toBeNull();
    expect(await store.resolve(other, now)).not.toBeNull();
    await t.database.db.delete(sessionsTable).where(eq(sessionsTable.tokenHash, hashToken(other)));
    expect(await store.resolve(other, now)).toBeNull();
    store.busBack();
  });

  it('tells the other instances what a write made it forget', async () => {
    const announced: (number | null)[] = [];
    const store = createSessionStore(t.database.db, () => {}, {
      announceMemberChange: (userId) => announced.push(userId),
    });
    store.forgetUser(7);
    store.forgetAll();
    store.forgetMemberHere(8); // heard from another instance: not announced again
    expect(announced).toEqual([7, null]);
  });

  it('forgets a session revoked on another instance as soon as the bus says so', async () => {
    const user = await buildCrew(t.database.db);
    const token = await t.app.deps.sessions.create(user.id, t.clock.now());
    const me = () =>
      t.app.inject({ method: 'GET', url: '/api/auth/me', headers: cookieFor(token) });
    expect((await me()).statusCode).toBe(200);
    // What another instance's logout does: delete the row, then announce it.
    const tokenHash = hashToken(token);
    await t.database.db.delete(sessionsTable).where(eq(sessionsTable.tokenHash, tokenHash));
    await t.app.deps.realtime.publish({ e: 'revoke', userId: user.id, tokenHash });
    await new Promise((r) => setImmediate(r));
    expect((await me()).statusCode).toBe(401);
  });

  it("shows a member's own write on their very next request", async () => {
    const as = await injectAs(t.app, await buildCrew(t.database.db, { nickname: 'Before' }));
    expect((await me(as)).json().nickname).toBe('Before');
    const put = await as({
      method: 'PUT',
      url: '/api/users/profile',
      payload: { nickname: 'After' },
    });
    expect(put.statusCode).toBe(200);
    expect((await me(as)).json().nickname).toBe('After');
  });

  it("shows an admin's change to a member on the member's very next request", async () => {
    const member = await buildCrew(t.database.db);
    const asMember = await injectAs(t.app, member);
    expect((await me(asMember)).json().email).toBe(member.email);
    const asAdmin = await injectAs(t.app, await buildAdmin(t.database.db));
    const res = await asAdmin({
      method: 'POST',
      url: `/api/admin/users/${member.id}/update-email`,
      payload: { email: 'moved.member@ba.com' },
    });
    expect(res.statusCode).toBe(200);
    expect((await me(asMember)).json().email).toBe('moved.member@ba.com');
  });
});

describe('access guard', () => {
  let t: TestApp;
  let bare: ReturnType<typeof Fastify>;
  beforeAll(async () => {
    t = await buildTestApp();
    bare = Fastify();
    bare.decorate('deps', t.app.deps);
    registerErrorMapping(bare);
    await bare.register(cookie);
    registerAccess(bare);
    bare.post(
      '/api/probe',
      { config: { access: 'user', notDemo: true, demoMessage: 'Demo says no' } },
      async () => ({ ok: true }),
    );
    bare.get('/api/admin-probe', { config: { access: 'admin' } }, async () => ({ ok: true }));
    await bare.ready();
  });
  afterAll(async () => {
    await bare.close();
    await t.close();
  });

  it('refuses a demo user on a notDemo route with the route’s text', async () => {
    const demo = await injectAs(bare, await buildDemo(t.database.db));
    const res = await demo({ method: 'POST', url: '/api/probe' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Demo says no');
    const crew = await injectAs(bare, await buildCrew(t.database.db));
    expect((await crew({ method: 'POST', url: '/api/probe' })).statusCode).toBe(200);
  });

  it('admits only admins to admin routes', async () => {
    const crew = await injectAs(bare, await buildCrew(t.database.db));
    expect((await crew({ method: 'GET', url: '/api/admin-probe' })).statusCode).toBe(403);
    const admin = await injectAs(bare, await buildAdmin(t.database.db));
    expect((await admin({ method: 'GET', url: '/api/admin-probe' })).statusCode).toBe(200);
    expect((await bare.inject({ method: 'GET', url: '/api/admin-probe' })).statusCode).toBe(401);
  });
});
