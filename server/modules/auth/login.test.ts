// @postgres: wrong PINs count through an upsert (onConflictDoUpdate on login_locks)
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOGIN_MESSAGES, type SubscriptionStatus } from '../../../domain';
import { loginLocks, sessions, users } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import {
  buildAdmin,
  buildCrew,
  buildDeleted,
  buildDemo,
  buildExpired,
  buildPending,
  DEFAULT_PIN,
} from '../../test/factories';

const DAY = 24 * 60 * 60 * 1000;
let ipCounter = 0;
/** A fresh client address per test, so the per-address limit never couples tests. */
const nextIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

describe('POST /api/auth/login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const login = (email: string, passcode: string, ip = nextIp()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, passcode },
      remoteAddress: ip,
    });

  it('signs in with the right PIN, sets a session cookie and returns the user', async () => {
    const user = await buildCrew(t.database.db);
    const res = await login(`  ${user.email.toUpperCase()} `, ` ${DEFAULT_PIN} `);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, user: { id: user.id, email: user.email } });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^jumpseat_session=[\w-]{43};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: cookie.split(';')[0]! },
    });
    expect(me.json().loginCount).toBe(1);
  });

  it('sets a readable signed-in hint beside the session and clears both at sign-out', async () => {
    const user = await buildCrew(t.database.db);
    const res = await login(user.email, DEFAULT_PIN);
    const [session, hint] = res.headers['set-cookie'] as string[];
    expect(hint).toMatch(/^jumpseat_signed_in=1;/);
    expect(hint).not.toMatch(/HttpOnly/);
    expect(hint).toMatch(/SameSite=Lax/);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: session!.split(';')[0]! },
    });
    expect(out.statusCode).toBe(200);
    const cleared = (out.headers['set-cookie'] as string[]).join('\n');
    expect(cleared).toMatch(/^jumpseat_session=;.*Expires=Thu, 01 Jan 1970/m);
    expect(cleared).toMatch(/^jumpseat_signed_in=;.*Expires=Thu, 01 Jan 1970/m);
  });

  it('issues a new token at every sign-in', async () => {
    const user = await buildCrew(t.database.db);
    const a = String((await login(user.email, DEFAULT_PIN)).headers['set-cookie']).split(';')[0];
    const b = String((await login(user.email, DEFAULT_PIN)).headers['set-cookie']).split(';')[0];
    expect(a).not.toBe(b);
  });

  it.each([
    [{ email: '', passcode: '1234' }, 'Please enter your email'],
    [{ email: 'a@ba.com', passcode: '12' }, 'Please enter a valid 4-digit passcode'],
    [{ email: 'a@ba.com', passcode: '12a4' }, 'Please enter a valid 4-digit passcode'],
    [{ email: 'a@ba.com' }, 'Please enter a valid 4-digit passcode'],
  ])('refuses %o with 400 "%s"', async (payload, message) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('unknown e-mail: 401 invalid_credentials', async () => {
    const res = await login('nobody@ba.com', '1234');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      errorType: 'invalid_credentials',
      message: LOGIN_MESSAGES.invalid_credentials,
    });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('wrong PIN: 401 invalid_pin, no session', async () => {
    const user = await buildCrew(t.database.db);
    const res = await login(user.email, '0001');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      success: false,
      errorType: 'invalid_pin',
      message: LOGIN_MESSAGES.invalid_pin,
    });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('pending: 403 pending_approval without comparing or counting', async () => {
    const user = await buildPending(t.database.db);
    for (let i = 0; i < 6; i++) {
      const res = await login(user.email, '0001');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        errorType: 'pending_approval',
        message: LOGIN_MESSAGES.pending_approval,
      });
    }
    expect(
      await t.database.db.select().from(loginLocks).where(eq(loginLocks.userId, user.id)),
    ).toEqual([]);
  });

  it('a paid registration awaiting its payment: 403 activation pending, nothing counted', async () => {
    const user = await buildPending(t.database.db, { membershipType: 'paid' });
    for (let i = 0; i < 6; i++) {
      const res = await login(user.email, '0001');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        success: false,
        errorType: 'subscription_inactive',
        subscriptionStatus: 'pending',
        canRenew: false,
        message: LOGIN_MESSAGES.activation_pending,
      });
    }
    expect(
      await t.database.db.select().from(loginLocks).where(eq(loginLocks.userId, user.id)),
    ).toEqual([]);
    // Paid, and now awaiting the admins: the usual pending answer.
    const paid = await buildPending(t.database.db, {
      membershipType: 'paid',
      subscriptionStatus: 'active',
    });
    expect((await login(paid.email, DEFAULT_PIN)).json().errorType).toBe('pending_approval');
  });

  it.each([
    ['rejected', { approvalStatus: 'rejected' as const }],
    ['deleted', {}],
  ])('%s: 401 invalid_credentials even with the right PIN', async (role, overrides) => {
    const user =
      role === 'deleted'
        ? await buildDeleted(t.database.db)
        : await buildCrew(t.database.db, overrides);
    const res = await login(user.email, DEFAULT_PIN);
    expect(res.statusCode).toBe(401);
    expect(res.json().errorType).toBe('invalid_credentials');
  });

  it('expired trial: 403 trial_expired only after a correct PIN', async () => {
    const user = await buildExpired(t.database.db, { subscriptionStatus: 'active' });
    expect((await login(user.email, '0001')).json().errorType).toBe('invalid_pin');
    const res = await login(user.email, DEFAULT_PIN);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      errorType: 'trial_expired',
      canRenew: true,
      email: user.email,
      subscriptionStatus: 'expired',
    });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('trial boundary: last second of the trial signs in, the next does not', async () => {
    const now = t.clock.now();
    const ok = await buildCrew(t.database.db, { trialExpiresAt: new Date(now.getTime() + 1000) });
    const over = await buildCrew(t.database.db, { trialExpiresAt: new Date(now.getTime()) });
    expect((await login(ok.email, DEFAULT_PIN)).statusCode).toBe(200);
    expect((await login(over.email, DEFAULT_PIN)).json().errorType).toBe('trial_expired');
  });

  it.each<[SubscriptionStatus, string, boolean]>([
    ['pending', LOGIN_MESSAGES.activation_pending, false],
    ['expired', 'Your subscription has expired. Please renew your membership to continue.', true],
    [
      'cancelled',
      'Your subscription has been cancelled. Please renew your membership to continue.',
      true,
    ],
    ['suspended', 'Your subscription is suspended. Please contact support.', false],
  ])(
    'paid member with subscription %s: 403 with its message',
    async (status, message, canRenew) => {
      const user = await buildCrew(t.database.db, {
        membershipType: 'paid',
        subscriptionStatus: status,
        subscriptionExpiresAt: new Date(t.clock.now().getTime() + 30 * DAY),
      });
      const res = await login(user.email, DEFAULT_PIN);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        errorType: 'subscription_inactive',
        subscriptionStatus: status,
        message,
        canRenew,
        email: user.email,
      });
    },
  );

  it('a paid subscription past its expiry counts as expired; a tester without expiry never does', async () => {
    const lapsed = await buildCrew(t.database.db, {
      membershipType: 'paid',
      subscriptionExpiresAt: new Date(t.clock.now().getTime() - 1000),
    });
    expect((await login(lapsed.email, DEFAULT_PIN)).json()).toMatchObject({
      subscriptionStatus: 'expired',
      canRenew: true,
      email: lapsed.email,
    });
    const tester = await buildCrew(t.database.db, {
      membershipType: 'tester',
      subscriptionExpiresAt: null,
    });
    expect((await login(tester.email, DEFAULT_PIN)).statusCode).toBe(200);
  });

  it.each([
    ['admin', buildAdmin],
    ['demo', buildDemo],
  ])('%s signs in', async (_role, factory) => {
    const user = await factory(t.database.db);
    expect((await login(user.email, DEFAULT_PIN)).statusCode).toBe(200);
  });
});

describe('brute-force resistance', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  const MIN = 60 * 1000;
  const login = (
    email: string,
    passcode: string,
    ip: string,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, passcode },
      remoteAddress: ip,
      headers,
    });

  it('locks for 15 minutes after 5 failures; the right PIN is refused while locked', async () => {
    const user = await buildCrew(t.database.db);
    for (let i = 1; i <= 4; i++)
      expect((await login(user.email, '0001', nextIp())).statusCode).toBe(401);
    const fifth = await login(user.email, '0001', nextIp());
    expect(fifth.statusCode).toBe(429);
    const retryAt = new Date(fifth.json().retryAt);
    expect(retryAt.getTime() - t.clock.now().getTime()).toBe(15 * MIN);
    expect(fifth.json()).toMatchObject({ errorType: 'account_locked' });
    expect(fifth.json().message).toMatch(/locked until \d\d:\d\d UTC/);

    const locked = await login(user.email, DEFAULT_PIN, nextIp());
    expect(locked.statusCode).toBe(429);
    t.clock.advance(15 * MIN - 1000);
    expect((await login(user.email, DEFAULT_PIN, nextIp())).statusCode).toBe(429);
    t.clock.advance(1001);
    expect((await login(user.email, DEFAULT_PIN, nextIp())).statusCode).toBe(200);
    // Success resets the count: four more failures do not lock.
    for (let i = 0; i < 4; i++)
      expect((await login(user.email, '0001', nextIp())).statusCode).toBe(401);
  });

  const yearly = () => ({
    membershipType: 'paid' as const,
    subscriptionExpiresAt: new Date(t.clock.now().getTime() + 365 * DAY),
  });

  it('locks hard after 10 failures since the last success; only a new PIN lifts it', async () => {
    const user = await buildCrew(t.database.db, yearly());
    for (let i = 0; i < 5; i++) await login(user.email, '0001', nextIp());
    t.clock.advance(16 * MIN);
    for (let i = 0; i < 4; i++)
      expect((await login(user.email, '0001', nextIp())).statusCode).toBe(401);
    const tenth = await login(user.email, '0001', nextIp());
    expect(tenth.statusCode).toBe(429);
    expect(tenth.json().retryAt).toBeNull();
    t.clock.advance(7 * 24 * 60 * MIN);
    expect((await login(user.email, DEFAULT_PIN, nextIp())).statusCode).toBe(429);
    // An admin-issued PIN (or the reset link) lifts it: the lock row goes with the old PIN.
    await t.database.db.delete(loginLocks).where(eq(loginLocks.userId, user.id));
    await t.database.db
      .update(users)
      .set({ passcodeEncrypted: t.app.deps.pins.encrypt('5555') })
      .where(eq(users.id, user.id));
    expect((await login(user.email, '5555', nextIp())).statusCode).toBe(200);
  });

  it('limits failures per client address, separately from the account', async () => {
    const attacker = '203.0.113.7';
    const victims = await Promise.all(
      Array.from({ length: 6 }, () => buildCrew(t.database.db, yearly())),
    );
    let refused = 0;
    for (let i = 0; i < 24; i++) {
      const res = await login(victims[i % 6]!.email, '0001', attacker);
      if (res.json().errorType === 'rate_limited') refused += 1;
    }
    expect(refused).toBe(4);
    // A forged X-Forwarded-For gains nothing without TRUST_PROXY.
    const forged = await login(victims[0]!.email, '0001', attacker, {
      'x-forwarded-for': '198.51.100.1',
    });
    expect(forged.json().errorType).toBe('rate_limited');
    // The members themselves, from elsewhere, are not locked out by the attacker's address.
    const member = victims[5]!;
    expect((await login(member.email, DEFAULT_PIN, '192.0.2.55')).statusCode).toBe(200);
    t.clock.advance(10 * MIN + 1000);
    expect((await login(victims[1]!.email, '0001', attacker)).json().errorType).not.toBe(
      'rate_limited',
    );
  });

  const sessionsOf = async (ids: number[]) =>
    (await t.database.db.select().from(sessions)).filter((r) => ids.includes(r.userId)).length;

  it('counts sign-ins with the right PIN against the address limit, like wrong ones', async () => {
    const office = '203.0.113.40';
    const limit = t.app.deps.config.limits.loginPerIp;
    const crew = await Promise.all(
      Array.from({ length: 5 }, () => buildCrew(t.database.db, yearly())),
    );
    await login(crew[0]!.email, '0001', office);
    for (let i = 1; i < limit; i++) {
      const res = await login(crew[i % 5]!.email, DEFAULT_PIN, office);
      expect(res.statusCode, `sign-in ${i + 1}`).toBe(200);
    }
    const stored = await sessionsOf(crew.map((c) => c.id));
    const over = await login(crew[1]!.email, DEFAULT_PIN, office);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ errorType: 'rate_limited' });
    expect(over.headers['set-cookie']).toBeUndefined();
    expect(await sessionsOf(crew.map((c) => c.id))).toBe(stored);
    // Elsewhere the same member still gets in; here, once the window has passed.
    expect((await login(crew[1]!.email, DEFAULT_PIN, '192.0.2.41')).statusCode).toBe(200);
    t.clock.advance(10 * MIN + 1000);
    expect((await login(crew[1]!.email, DEFAULT_PIN, office)).statusCode).toBe(200);
  });

  it('limits sign-ins with the right PIN per account, from any number of addresses', async () => {
    const limit = t.app.deps.config.limits.loginPerAccount;
    const user = await buildCrew(t.database.db, yearly());
    for (let i = 0; i < limit; i++)
      expect((await login(user.email, DEFAULT_PIN, nextIp())).statusCode).toBe(200);
    const compared = vi.spyOn(t.app.deps.pins, 'matches');
    const over = await login(user.email, DEFAULT_PIN, nextIp());
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ errorType: 'rate_limited' });
    expect(compared).not.toHaveBeenCalled();
    compared.mockRestore();
    expect(await sessionsOf([user.id])).toBe(limit);
    // It is not a failure: the account's lock counts nothing.
    const [lock] = await t.database.db
      .select()
      .from(loginLocks)
      .where(eq(loginLocks.userId, user.id));
    expect(lock).toBeUndefined();
    t.clock.advance(10 * MIN + 1000);
    expect((await login(user.email, DEFAULT_PIN, nextIp())).statusCode).toBe(200);
  });

  // Cap 300 s (a cap, not a wait): 10,000 sign-ins one after another, the brute force the lock must
  // stop.
  // On PGlite only: the lock schedule over 10,000 guesses does not depend on the engine, and the
  // upsert that counts them (this file's reason for the PostgreSQL pass) is run there by the tests
  // above; sequential, it was that pass's longest test (38 s of a 104 s stage).
  it.skipIf(process.env.JUMPSEAT_TEST_DB === 'postgres')(
    'a script of 10,000 guesses gets in 0 times and compares at most 10 guesses',
    async () => {
      const user = await buildCrew(t.database.db, { pin: '7342', ...yearly() });
      let successes = 0;
      let pinCompared = 0;
      const locks: string[] = [];
      let lockedBefore = false;
      const realMatches = t.app.deps.pins.matches.bind(t.app.deps.pins);
      t.app.deps.pins.matches = (stored, candidate) => {
        pinCompared += 1;
        return realMatches(stored, candidate);
      };
      try {
        for (let guess = 0; guess < 10_000; guess++) {
          const pin = String(guess).padStart(4, '0');
          // The attacker rotates addresses and waits out every soft lock: 1 minute per 100 guesses.
          if (guess % 100 === 0) t.clock.advance(MIN);
          const res = await login(
            user.email,
            pin,
            `198.18.${Math.floor(guess / 250) % 250}.${guess % 250}`,
          );
          if (res.statusCode === 200) successes += 1;
          const locked = res.statusCode === 429;
          if (locked && !lockedBefore) {
            const kind = res.json().retryAt
              ? `15-minute lock until ${res.json().retryAt}`
              : 'hard lock';
            locks.push(`guess ${guess + 1} at ${t.clock.now().toISOString()}: ${kind}`);
          }
          lockedBefore = locked;
        }
      } finally {
        t.app.deps.pins.matches = realMatches;
      }
      expect(successes).toBe(0);
      expect(pinCompared).toBeLessThanOrEqual(10);
      expect(locks).toHaveLength(2);
      console.info(
        `brute force: 10000 guesses, ${successes} successes, ${pinCompared} compared with the PIN; ${locks.join('; ')}`,
      );
    },
    300_000,
  );
});
