import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, loginLocks } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { buildCrew, buildDemo, buildPending, DEFAULT_PIN } from '../../test/factories';
import { type Injector, injectAs } from '../../test/inject-as';
import { mailTo, pinIn } from '../../test/mailbox';
import { RESET_SENT_MESSAGE } from './passcode-service';

const MIN = 60 * 1000;
let n = 0;
const ip = () => `10.30.${Math.floor(++n / 200)}.${(n % 200) + 1}`;
const tokenIn = (text: string) => /reset-passcode\?token=([\w-]+)/.exec(text)![1]!;

describe('forgot and reset passcode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const forgot = (email: string, remoteAddress = ip()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-passcode',
      payload: { email },
      remoteAddress,
    });
  const reset = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/reset-passcode', payload: { token } });
  const login = (email: string, passcode: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, passcode },
      remoteAddress: ip(),
    });

  it('answers the same whether or not the account exists', async () => {
    const user = await buildCrew(t.database.db);
    const known = await forgot(user.email);
    const unknown = await forgot('nobody@ba.com');
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json()).toEqual({ success: true, message: RESET_SENT_MESSAGE });
    expect(await mailTo(t.database.db, user.email)).toHaveLength(1);
    expect(await mailTo(t.database.db, 'nobody@ba.com')).toHaveLength(0);
  });

  it('needs an e-mail first', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-passcode',
      payload: { email: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'Please enter your email address first to reset your passcode.',
    );
  });

  it('sends no link to pending or demo accounts', async () => {
    const pending = await buildPending(t.database.db);
    const demo = await buildDemo(t.database.db);
    await forgot(pending.email);
    await forgot(demo.email);
    expect(await mailTo(t.database.db, pending.email)).toHaveLength(0);
    expect(await mailTo(t.database.db, demo.email)).toHaveLength(0);
  });

  it('the link issues a new PIN once, e-mails it, lifts a hard lock and ends old sessions', async () => {
    const user = await buildCrew(t.database.db, {
      membershipType: 'paid',
      subscriptionExpiresAt: new Date('2031-06-15T00:00:00Z'),
    });
    const oldSession = await injectAs(t.app, user);
    for (let i = 0; i < 5; i++) await login(user.email, '0001');
    t.clock.advance(16 * MIN);
    for (let i = 0; i < 5; i++) await login(user.email, '0001');
    expect((await login(user.email, DEFAULT_PIN)).json().errorType).toBe('account_locked');

    await forgot(user.email);
    // The hard lock mailed its own link first; this one is the link asked for.
    const [, linkMail] = await mailTo(t.database.db, user.email);
    const token = tokenIn(linkMail!.text);
    const res = await reset(token);
    expect(res.statusCode).toBe(200);
    const { pin, email } = res.json();
    expect(email).toBe(user.email);
    expect(pin).toMatch(/^\d{4}$/);
    const mails = await mailTo(t.database.db, user.email);
    expect(pinIn(mails[2]!.text)).toBe(pin);
    expect(
      await t.database.db.select().from(loginLocks).where(eq(loginLocks.userId, user.id)),
    ).toEqual([]);
    expect((await oldSession({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    expect((await login(user.email, pin)).statusCode).toBe(200);

    const again = await reset(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This reset link has expired or was already used.');
  });

  it('a link expires after 30 minutes', async () => {
    const user = await buildCrew(t.database.db, {
      membershipType: 'paid',
      subscriptionExpiresAt: new Date('2031-06-15T00:00:00Z'),
    });
    await forgot(user.email);
    await forgot(user.email);
    const [first, second] = await mailTo(t.database.db, user.email);
    t.clock.advance(30 * MIN - 1000);
    expect((await reset(tokenIn(first!.text))).statusCode).toBe(200);
    t.clock.advance(2000);
    expect((await reset(tokenIn(second!.text))).statusCode).toBe(400);
    expect((await reset('x'.repeat(43))).statusCode).toBe(400);
  });

  it('is limited to 2 an hour and 5 a day per address and per e-mail', async () => {
    const user = await buildCrew(t.database.db);
    const from = '10.31.0.1';
    expect((await forgot(user.email, from)).statusCode).toBe(200);
    expect((await forgot(user.email, from)).statusCode).toBe(200);
    const third = await forgot(user.email, from);
    expect(third.statusCode).toBe(429);
    expect(third.json().retryAt).toBeDefined();
    // The same e-mail from another address is limited too: no mail bombing.
    expect((await forgot(user.email, '10.31.0.2')).statusCode).toBe(429);
    // Across the rest of the day: 5 in all, however patiently asked.
    let sent = 2;
    for (let hour = 1; hour < 24; hour++) {
      t.clock.advance(60 * MIN);
      if ((await forgot(user.email, from)).statusCode === 200) sent += 1;
    }
    expect(sent).toBe(5);
    expect(await mailTo(t.database.db, user.email)).toHaveLength(5);
  });
});

describe('a hard lock cannot keep the owner out', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  const login = (email: string, passcode: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, passcode },
      remoteAddress: ip(),
    });
  const forgot = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-passcode',
      payload: { email },
      remoteAddress: ip(),
    });

  it('mails the owner once per lock, with a link that lifts it even when the reset quota is spent', async () => {
    const user = await buildCrew(t.database.db);
    // The attacker first spends the member's reset quota for the day.
    for (let i = 0; i < 2; i++) expect((await forgot(user.email)).statusCode).toBe(200);
    expect((await forgot(user.email)).statusCode).toBe(429);
    for (let i = 0; i < 5; i++) await login(user.email, '0001');
    t.clock.advance(16 * MIN);
    for (let i = 0; i < 5; i++) await login(user.email, '0001');
    for (let i = 0; i < 5; i++) await login(user.email, '0001');
    expect((await login(user.email, DEFAULT_PIN)).json()).toMatchObject({
      errorType: 'account_locked',
      retryAt: null,
    });

    const locked = (await mailTo(t.database.db, user.email)).filter(
      (m) => m.subject === 'Your Jumpseat account was locked',
    );
    expect(locked).toHaveLength(1);
    expect(locked[0]!.text).toContain('Someone tried to sign in');
    t.clock.advance(10 * MIN);
    const reset = (text: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-passcode',
        payload: { token: tokenIn(text) },
      });
    const res = await reset(locked[0]!.text);
    expect(res.statusCode).toBe(200);
    expect((await login(user.email, res.json().pin)).statusCode).toBe(200);
    // A link mailed before stays usable until it expires (26 minutes old here), quota or not.
    const [earlier] = await mailTo(t.database.db, user.email);
    expect(earlier!.subject).toBe('Reset your Jumpseat PIN');
    expect((await reset(earlier!.text)).statusCode).toBe(200);
  });
});

describe('POST /api/auth/set-passcode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('sets the member’s own PIN', async () => {
    const user = await buildCrew(t.database.db);
    const as = await injectAs(t.app, user);
    expect(
      (await as({ method: 'POST', url: '/api/auth/set-passcode', payload: { passcode: '8080' } }))
        .statusCode,
    ).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, passcode: '8080' },
    });
    expect(login.statusCode).toBe(200);
  });

  it.each(['123', '12345', 'abcd', ''])(
    'refuses %j with "Passcode must be 4 digits"',
    async (passcode) => {
      const as = await injectAs(t.app, await buildCrew(t.database.db));
      const res = await as({
        method: 'POST',
        url: '/api/auth/set-passcode',
        payload: { passcode },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Passcode must be 4 digits');
    },
  );

  it('holds demo users to DEMO_PASSCODE', async () => {
    const as = await injectAs(t.app, await buildDemo(t.database.db));
    const res = await as({
      method: 'POST',
      url: '/api/auth/set-passcode',
      payload: { passcode: '1234' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      'Demo users cannot change their PIN. Demo users must use PIN 0000.',
    );
    expect(
      (await as({ method: 'POST', url: '/api/auth/set-passcode', payload: { passcode: '0000' } }))
        .statusCode,
    ).toBe(200);
  });

  const setPin = (as: Injector, payload: Record<string, string>) =>
    as({ method: 'POST', url: '/api/auth/set-passcode', payload, remoteAddress: ip() });

  it('from a session older than 10 minutes, asks for the current PIN and counts a wrong one', async () => {
    const user = await buildCrew(t.database.db);
    const as = await injectAs(t.app, user);
    t.clock.advance(10 * MIN);
    // At exactly 10 minutes the sign-in still counts as fresh.
    expect((await setPin(as, { passcode: '1111' })).statusCode).toBe(200);
    t.clock.advance(1000);
    const missing = await setPin(as, { passcode: '2222' });
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toMatchObject({
      errorType: 'current_pin_required',
      message: 'Please enter your current PIN to change it.',
    });
    const wrong = await setPin(as, { passcode: '2222', currentPasscode: '9999' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().errorType).toBe('invalid_pin');
    const [lock] = await t.database.db
      .select()
      .from(loginLocks)
      .where(eq(loginLocks.userId, user.id));
    expect(lock!.failedCount).toBe(1);
    for (let i = 0; i < 3; i++) await setPin(as, { passcode: '2222', currentPasscode: '9999' });
    const fifth = await setPin(as, { passcode: '2222', currentPasscode: '9999' });
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().errorType).toBe('account_locked');
    // Locked: even the right current PIN is not compared.
    expect((await setPin(as, { passcode: '2222', currentPasscode: '1111' })).statusCode).toBe(429);
    t.clock.advance(16 * MIN);
    expect((await setPin(as, { passcode: '2222', currentPasscode: '1111' })).statusCode).toBe(200);
  });

  it('ends every other session, mails the member and writes an audit entry', async () => {
    const user = await buildCrew(t.database.db);
    const here = await injectAs(t.app, user);
    const elsewhere = await injectAs(t.app, user);
    expect((await setPin(here, { passcode: '3141' })).statusCode).toBe(200);
    expect((await elsewhere({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    expect((await here({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
    const mails = await mailTo(t.database.db, user.email);
    expect(mails.map((m) => m.subject)).toEqual(['Your Jumpseat PIN was changed']);
    expect(mails[0]!.text).not.toContain('3141');
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, user.id), eq(auditLog.action, 'auth.pin_changed')));
    expect(audit).toHaveLength(1);
  });

  it('needs a session', async () => {
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/set-passcode',
          payload: { passcode: '1234' },
        })
      ).statusCode,
    ).toBe(401);
  });
});
