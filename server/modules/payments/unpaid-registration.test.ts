// @postgres: a registration waits for its payment as JSON (jsonb) in checkout_sessions
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_LIFETIME_MS } from '../../../domain';
import { auditLog, checkoutSessions, users } from '../../db/schema';
import { purgeUnpaidRegistrations } from '../../jobs/retention';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { DEFAULT_NOW } from '../../test/factories';

/**
 * A paid registration before its payment holds its address only while it can still be paid
 * (24 h after its latest checkout), is never overwritten by someone else's, and never stands in
 * the way of the address owner's trial. Its own app: these tests move the clock.
 */
let n = 0;
const ip = () => `10.64.0.${++n}`;
const address = () => `unpaid.${++n}@ba.com`;
const JUST_BEFORE = CHECKOUT_LIFETIME_MS - 1;

describe('unpaid paid registrations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const post = (url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url, remoteAddress: ip(), ...(payload ? { payload } : {}) });
  const createPending = (email: string, name = 'Olive Owner', membership = 'monthly') =>
    post('/api/register/create-pending', { email, name, role: 'IFL', membership });
  const registerTrial = (email: string) =>
    post('/api/register/initiate', {
      email,
      name: 'Olive Owner',
      role: 'IFM',
      membership: 'trial',
    });
  const userByEmail = async (email: string) =>
    (await t.database.db.select().from(users).where(eq(users.email, email)))[0];
  const session = async (id: string) =>
    (await t.database.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id)))[0]!;
  /** Runs `fn` at `ms` after DEFAULT_NOW, then puts the clock back. */
  async function at<T>(ms: number, fn: () => Promise<T>): Promise<T> {
    t.clock.set(new Date(DEFAULT_NOW.getTime() + ms));
    try {
      return await fn();
    } finally {
      t.clock.set(DEFAULT_NOW);
    }
  }

  it("someone else's create-pending for an unpaid address is refused (409), nothing overwritten; the registrant's own retry gets a fresh checkout", async () => {
    const email = address();
    const first = await createPending(email, 'Olive Owner', 'monthly');
    expect(first.statusCode).toBe(200);
    const taker = await createPending(email, 'Mallory Taker', 'yearly');
    expect(taker.statusCode).toBe(409);
    expect(taker.json()).toMatchObject({
      code: 'REGISTRATION_PENDING',
      message:
        'A paid registration for this e-mail is already awaiting its payment. Register a free trial, or try again in 24 hours.',
    });
    expect(await userByEmail(email)).toMatchObject({ name: 'Olive Owner', role: 'IFL' });
    const sessions = await t.database.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.email, email));
    expect(sessions.map((s) => s.plan)).toEqual(['monthly']);

    const again = await createPending(email, 'Olive Owner', 'yearly');
    expect(again.statusCode).toBe(200);
    expect(again.json().sessionId).not.toBe(first.json().sessionId);
  });

  it('holds until 24 h after its latest checkout: refused at 24 h - 1 ms, replaced at 24 h', async () => {
    const email = address();
    const { sessionId } = (await createPending(email)).json();
    const before = await at(JUST_BEFORE, () => createPending(email, 'Mallory Taker'));
    expect(before.statusCode).toBe(409);
    const after = await at(CHECKOUT_LIFETIME_MS, () => createPending(email, 'Mallory Taker'));
    expect(after.statusCode).toBe(200);
    expect(await userByEmail(email)).toMatchObject({ name: 'Mallory Taker' });
    // The lapsed registration's checkout can no longer be paid into the new account.
    expect(await session(sessionId)).toMatchObject({ status: 'cancelled', registration: null });
  });

  it("the address owner's trial is never refused: the unpaid registration goes, its checkout cannot be paid", async () => {
    const email = address();
    const { sessionId } = (await createPending(email, 'Mallory Taker')).json();
    const trial = await registerTrial(email);
    expect(trial.statusCode).toBe(201);
    expect(await userByEmail(email)).toMatchObject({
      name: 'Olive Owner',
      membershipType: 'trial',
      subscriptionStatus: 'pending',
    });
    expect(await session(sessionId)).toMatchObject({ status: 'cancelled', userId: null });
    expect((await post(`/api/checkout/local/${sessionId}/pay`)).statusCode).toBe(400);
    const replaced = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'registration.unpaid_replaced'));
    expect(replaced).toHaveLength(1);
    // A trial (or any real account) still holds the address against a paid registration.
    expect((await createPending(email)).statusCode).toBe(409);
    expect((await createPending(email)).json()).toMatchObject({ code: 'USER_EXISTS' });
  });

  it('a local checkout expires 24 h after it opened', async () => {
    const email = address();
    const { sessionId } = (await createPending(email)).json();
    const late = await at(CHECKOUT_LIFETIME_MS, () => post(`/api/checkout/local/${sessionId}/pay`));
    expect(late.statusCode).toBe(400);
    expect(await session(sessionId)).toMatchObject({ status: 'expired' });
    expect(await userByEmail(email)).toMatchObject({ subscriptionStatus: 'pending' });
  });

  it('the retention job removes unpaid registrations at 24 h after their latest checkout, never a paid one', async () => {
    const lapsing = address();
    const paid = address();
    await createPending(lapsing);
    const { sessionId } = (await createPending(paid)).json();
    expect((await post(`/api/checkout/local/${sessionId}/pay`)).statusCode).toBe(200);
    // Its registrant came back 1 h later: the 24 h run from that checkout.
    const retried = await at(60 * 60_000, () => createPending(lapsing));
    expect(retried.statusCode).toBe(200);
    const db = t.database.db;
    const run = (ms: number) => purgeUnpaidRegistrations(db, new Date(DEFAULT_NOW.getTime() + ms));
    await run(CHECKOUT_LIFETIME_MS + 60 * 60_000 - 1);
    expect(await userByEmail(lapsing)).toBeDefined();
    expect(await run(CHECKOUT_LIFETIME_MS + 60 * 60_000)).toMatchObject({ ran: true });
    expect(await userByEmail(lapsing)).toBeUndefined();
    expect(await userByEmail(paid)).toMatchObject({ subscriptionStatus: 'active' });
    // Its checkouts keep their amounts but no longer name the registrant.
    const left = await db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, retried.json().sessionId));
    expect(left[0]).toMatchObject({ userId: null, registration: null, status: 'cancelled' });
    expect(left[0]!.email).toMatch(/^anonymised-checkout-/);
    // The address is free again.
    expect((await registerTrial(lapsing)).statusCode).toBe(201);
  });
});
