// @postgres: limits and locks under a burst of simultaneous requests through a listening server
import { and, count, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import { loginAttempts, loginLocks, mailOutbox, sessions } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { buildCrew, DEFAULT_PIN } from '../../test/factories';

/**
 * Every limit and lock under a burst of simultaneous requests through a listening server (real
 * sockets, a real connection pool on PostgreSQL): each admits exactly its number. Sequential
 * `inject` calls cannot show a check-then-act race; these did (300 guesses were all compared).
 */
const BURST = 300;
// A burst is 300 transactions queued on one lock: seconds on PostgreSQL, longer on a busy PGlite.
const BURST_TIMEOUT = 180_000;
const base = testConfig().limits;
let t: TestApp;
let url: string;

async function listening(limits: Partial<typeof base>) {
  t = await buildTestApp({ config: { limits: { ...base, ...limits } } });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = address;
}
afterEach(() => t.close());

const post = (path: string, body: unknown) =>
  fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const statusCounts = async (responses: Promise<Response>[]) => {
  const counts: Record<string, number> = {};
  for (const res of await Promise.all(responses)) {
    const body = (await res.json()) as { errorType?: string };
    const key = `${res.status}${body.errorType ? ` ${body.errorType}` : ''}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
};

/** Counts PIN comparisons and resolves once `n` of them happened. */
function countComparisons(n: number) {
  let compared = 0;
  let reached!: () => void;
  const reachedN = new Promise<void>((resolve) => {
    reached = resolve;
  });
  const real = t.app.deps.pins.matches.bind(t.app.deps.pins);
  t.app.deps.pins.matches = (stored, candidate) => {
    compared += 1;
    if (compared === n) reached();
    return real(stored, candidate);
  };
  return { compared: () => compared, reachedN };
}

describe('sign-in under a burst of simultaneous guesses', { timeout: BURST_TIMEOUT }, () => {
  it(`${BURST} guesses at one account: at most LOGIN_LOCK_THRESHOLD compared, the right PIN sent last is refused`, async () => {
    await listening({ loginPerIp: 100_000 });
    const threshold = t.app.deps.config.limits.loginLockThreshold;
    const user = await buildCrew(t.database.db);
    const probe = countComparisons(threshold);
    const guesses = Array.from({ length: BURST - 1 }, (_, i) =>
      post('/api/auth/login', { email: user.email, passcode: i === 0 ? '0000' : '9999' }),
    );
    // The right PIN goes out once the lock threshold is reached, with the rest still in flight.
    await probe.reachedN;
    const right = await post('/api/auth/login', { email: user.email, passcode: DEFAULT_PIN });
    const counts = await statusCounts(guesses);

    expect(right.status).toBe(429);
    expect(await right.json()).toMatchObject({ errorType: 'account_locked' });
    expect(probe.compared()).toBe(threshold);
    expect(counts).toEqual({
      '401 invalid_pin': threshold - 1,
      '429 account_locked': BURST - threshold,
    });
    const [lock] = await t.database.db
      .select()
      .from(loginLocks)
      .where(eq(loginLocks.userId, user.id));
    expect(lock!.failedCount).toBe(threshold);
  });

  it('N simultaneous failures are recorded as N', async () => {
    const n = 60;
    await listening({
      loginPerIp: 100_000,
      loginLockThreshold: 1000,
      loginHardLockThreshold: 2000,
    });
    const user = await buildCrew(t.database.db);
    const counts = await statusCounts(
      Array.from({ length: n }, () =>
        post('/api/auth/login', { email: user.email, passcode: '9999' }),
      ),
    );
    expect(counts).toEqual({ '401 invalid_pin': n });
    const [lock] = await t.database.db
      .select()
      .from(loginLocks)
      .where(eq(loginLocks.userId, user.id));
    expect(lock!.failedCount).toBe(n);
  });

  it('the hard lock is reached once under a burst, and its owner gets one e-mail', async () => {
    await listening({ loginPerIp: 100_000, loginLockThreshold: 1000, loginHardLockThreshold: 10 });
    const user = await buildCrew(t.database.db);
    const counts = await statusCounts(
      Array.from({ length: BURST }, () =>
        post('/api/auth/login', { email: user.email, passcode: '9999' }),
      ),
    );
    expect(counts).toEqual({ '401 invalid_pin': 9, '429 account_locked': BURST - 9 });
    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, user.email));
    expect(mails.map((m) => m.subject)).toEqual(['Your Jumpseat account was locked']);
  });

  it(`the per-address limit admits exactly its number of failures out of ${BURST}`, async () => {
    await listening({ loginPerIp: 20 });
    const victims = await Promise.all(Array.from({ length: 10 }, () => buildCrew(t.database.db)));
    const counts = await statusCounts(
      Array.from({ length: BURST }, (_, i) =>
        post('/api/auth/login', { email: victims[i % 10]!.email, passcode: '9999' }),
      ),
    );
    expect(counts['429 rate_limited']).toBe(BURST - 20);
    const [compared] = await t.database.db
      .select({ n: count() })
      .from(loginAttempts)
      .where(and(eq(loginAttempts.ip, '127.0.0.1'), eq(loginAttempts.pinCompared, true)));
    expect(compared!.n).toBe(20);
  });
});

describe('sign-ins with the right PIN under a burst', { timeout: BURST_TIMEOUT }, () => {
  const sessionsOf = async (ids: number[]) =>
    (await t.database.db.select().from(sessions)).filter((r) => ids.includes(r.userId)).length;

  it(`${BURST} right PINs at once from one address: exactly the address limit get a session`, async () => {
    await listening({ loginPerIp: 20, loginPerAccount: 100_000 });
    const crew = await Promise.all(Array.from({ length: 10 }, () => buildCrew(t.database.db)));
    const counts = await statusCounts(
      Array.from({ length: BURST }, (_, i) =>
        post('/api/auth/login', { email: crew[i % 10]!.email, passcode: DEFAULT_PIN }),
      ),
    );
    expect(counts).toEqual({ '200': 20, '429 rate_limited': BURST - 20 });
    expect(await sessionsOf(crew.map((c) => c.id))).toBe(20);
  });

  it(`${BURST} right PINs at once for one account: exactly the account limit get a session`, async () => {
    await listening({ loginPerIp: 100_000, loginPerAccount: 20 });
    const user = await buildCrew(t.database.db);
    const counts = await statusCounts(
      Array.from({ length: BURST }, () =>
        post('/api/auth/login', { email: user.email, passcode: DEFAULT_PIN }),
      ),
    );
    expect(counts).toEqual({ '200': 20, '429 rate_limited': BURST - 20 });
    expect(await sessionsOf([user.id])).toBe(20);
  });
});

describe('database rate limits under a burst', { timeout: BURST_TIMEOUT }, () => {
  it(`registrations: ${BURST} at once from one address, exactly the limit admitted`, async () => {
    await listening({ registerPerIp: 10 });
    const counts = await statusCounts(
      Array.from({ length: BURST }, (_, i) =>
        post('/api/register/initiate', {
          email: `burst${i}@ba.com`,
          name: 'Burst',
          role: 'IFM',
          membership: 'trial',
        }),
      ),
    );
    expect(counts['429']).toBe(BURST - 10);
  });

  it(`e-mail checks: ${BURST} at once, exactly the limit admitted`, async () => {
    await listening({ checkEmailPerIp: 30 });
    const counts = await statusCounts(
      Array.from({ length: BURST }, (_, i) => fetch(`${url}/api/check-email?email=c${i}%40ba.com`)),
    );
    expect(counts).toEqual({ '200': 30, '429': BURST - 30 });
  });

  it(`reset mails: ${BURST} at once, exactly the per-address limit admitted`, async () => {
    await listening({ resetPerHour: 2 });
    const counts = await statusCounts(
      Array.from({ length: BURST }, (_, i) =>
        post('/api/auth/forgot-passcode', { email: `r${i}@ba.com` }),
      ),
    );
    expect(counts).toEqual({ '200': 2, '429': BURST - 2 });
  });
});
