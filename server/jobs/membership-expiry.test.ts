// @postgres: the job advisory lock and concurrent runs (onConflictDoNothing reminders); a PostgreSQL-only describe
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { expiryReminders, mailOutbox, users } from '../db/schema';
import { holdingAdvisoryLock } from '../test/advisory-lock';
import { buildAdmin, buildCrew, buildDemo, buildPending, DEFAULT_NOW } from '../test/factories';
import { mailTo } from '../test/mailbox';
import { createTestDatabase } from '../test/test-database';
import {
  expireSubscriptions,
  expireTrials,
  MEMBERSHIP_JOB_LOCKS,
  sendExpiryReminders,
} from './membership-expiry';

const DAY = 24 * 60 * 60 * 1000;
const SECOND = 1000;
const now = DEFAULT_NOW;
const at = (ms: number) => new Date(now.getTime() + ms);
const URL = 'https://jumpseat.test';

let database: Database & { url?: string };
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
const db = () => database.db;
const statusOf = async (id: number) =>
  (await db().select().from(users).where(eq(users.id, id)))[0]!.subscriptionStatus;
const paid = (subscriptionExpiresAt: Date | null, fields: Parameters<typeof buildCrew>[1] = {}) =>
  buildCrew(db(), {
    membershipType: 'paid',
    trialExpiresAt: null,
    subscriptionExpiresAt,
    ...fields,
  });

describe('trial expiry', () => {
  it('expires an approved trial at its end, not a second before', async () => {
    const justBefore = await buildCrew(db(), { trialExpiresAt: at(SECOND) });
    const atEnd = await buildCrew(db(), { trialExpiresAt: now });
    const legacy = await buildCrew(db(), { trialExpiresAt: null, subscriptionExpiresAt: at(-DAY) });
    const untouched = [
      await buildPending(db(), { trialExpiresAt: at(-DAY), subscriptionStatus: 'active' }),
      await buildDemo(db(), { trialExpiresAt: at(-DAY) }),
      await buildCrew(db(), { trialExpiresAt: at(-DAY), subscriptionStatus: 'suspended' }),
      await paid(at(DAY), { trialExpiresAt: at(-DAY) }),
    ];
    const run = await expireTrials(db(), now);
    expect(run.ran).toBe(true);
    expect(await statusOf(justBefore.id)).toBe('active');
    expect(await statusOf(atEnd.id)).toBe('expired');
    expect(await statusOf(legacy.id)).toBe('expired');
    for (const user of untouched) expect(await statusOf(user.id)).toBe(user.subscriptionStatus);
    // A second later the other one lapses too; runs after that change nothing.
    await expireTrials(db(), at(SECOND));
    expect(await statusOf(justBefore.id)).toBe('expired');
    expect(await expireTrials(db(), at(SECOND))).toEqual({ ran: true, count: 0 });
  });
});

describe('subscription expiry', () => {
  it('expires active paid members at their expiry; testers and lifetime without one never', async () => {
    const justBefore = await paid(at(SECOND));
    const atEnd = await paid(now);
    const tester = await paid(null, { membershipType: 'tester' });
    const lifetime = await paid(null, { membershipType: 'lifetime' });
    const admin = await buildAdmin(db(), { subscriptionExpiresAt: at(-DAY) });
    const trial = await buildCrew(db(), {
      subscriptionExpiresAt: at(-DAY),
      trialExpiresAt: at(DAY),
    });
    const cancelled = await paid(at(-DAY), { subscriptionStatus: 'cancelled' });
    await expireSubscriptions(db(), now);
    expect(await statusOf(justBefore.id)).toBe('active');
    expect(await statusOf(atEnd.id)).toBe('expired');
    for (const user of [tester, lifetime, admin, trial])
      expect(await statusOf(user.id)).toBe('active');
    expect(await statusOf(cancelled.id)).toBe('cancelled');
    await expireSubscriptions(db(), at(SECOND));
    expect(await statusOf(justBefore.id)).toBe('expired');
  });
});

describe('expiry reminders', () => {
  it('mails once, from 3 days before the end until it, for paid members and trials', async () => {
    const tooEarly = await paid(at(3 * DAY + SECOND));
    const paidDue = await paid(at(3 * DAY));
    const trialDue = await buildCrew(db(), { trialExpiresAt: at(DAY) });
    const ended = await paid(now);
    const tester = await paid(null, { membershipType: 'tester' });

    await sendExpiryReminders(db(), now, URL);
    expect(await sendExpiryReminders(db(), now, URL)).toEqual({ ran: true, count: 0 });

    expect(await mailTo(db(), tooEarly.email)).toEqual([]);
    expect(await mailTo(db(), ended.email)).toEqual([]);
    expect(await mailTo(db(), tester.email)).toEqual([]);
    const [paidMail, ...paidMore] = await mailTo(db(), paidDue.email);
    expect(paidMore).toEqual([]);
    expect(paidMail!.subject).toBe('Your Jumpseat membership ends soon');
    expect(paidMail!.text).toContain('ends on Tuesday, 18 June 2030');
    expect(paidMail!.text).toContain(`${URL}/renew?email=${encodeURIComponent(paidDue.email)}`);
    const [trialMail, ...trialMore] = await mailTo(db(), trialDue.email);
    expect(trialMore).toEqual([]);
    expect(trialMail!.subject).toBe('Your Jumpseat trial ends soon');
    expect(trialMail!.text).toContain(`${URL}/convert-trial`);

    // A second later the early one enters the window, and gets its one mail.
    await sendExpiryReminders(db(), at(SECOND), URL);
    await sendExpiryReminders(db(), at(DAY), URL);
    expect(await mailTo(db(), tooEarly.email)).toHaveLength(1);
    expect(await mailTo(db(), paidDue.email)).toHaveLength(1);
  });

  it('a renewed period gets its own reminder', async () => {
    const member = await paid(at(2 * DAY));
    await sendExpiryReminders(db(), now, URL);
    const renewedTo = at(32 * DAY);
    await db()
      .update(users)
      .set({ subscriptionExpiresAt: renewedTo })
      .where(eq(users.id, member.id));
    await sendExpiryReminders(db(), at(29 * DAY), URL);
    await sendExpiryReminders(db(), at(30 * DAY), URL);
    expect(await mailTo(db(), member.email)).toHaveLength(2);
    expect(
      (await db().select().from(expiryReminders).where(eq(expiryReminders.userId, member.id))).map(
        (r) => r.periodEnd,
      ),
    ).toEqual([at(2 * DAY), renewedTo]);
  });

  it('runs started at once send each reminder once', async () => {
    const members = await Promise.all(
      Array.from({ length: 5 }, (_, i) => paid(at(DAY + i * SECOND))),
    );
    const runs = await Promise.all(
      Array.from({ length: 8 }, () => sendExpiryReminders(db(), now, URL)),
    );
    const sent = runs.reduce((n, r) => n + (r.ran ? r.count : 0), 0);
    expect(sent).toBe(5);
    const mails = await db()
      .select()
      .from(mailOutbox)
      .where(
        inArray(
          mailOutbox.to,
          members.map((m) => m.email),
        ),
      );
    expect(mails).toHaveLength(5);
  });
});

// PGlite runs one transaction at a time, so a lock held in another session only exists on
// PostgreSQL.
describe.runIf(process.env.JUMPSEAT_TEST_DB === 'postgres')('the job lock', () => {
  it.each([
    ['trial expiry', MEMBERSHIP_JOB_LOCKS.trialExpiry, () => expireTrials(db(), at(30 * DAY))],
    [
      'subscription expiry',
      MEMBERSHIP_JOB_LOCKS.subscriptionExpiry,
      () => expireSubscriptions(db(), at(400 * DAY)),
    ],
    [
      'reminders',
      MEMBERSHIP_JOB_LOCKS.expiryReminders,
      () => sendExpiryReminders(db(), at(DAY), URL),
    ],
  ])('%s: while another instance holds its lock, a run does nothing', async (_job, lock, run) => {
    const member = await buildCrew(db(), { trialExpiresAt: at(2 * DAY) });
    const other = await paid(at(2 * DAY));
    const holder = await holdingAdvisoryLock(db(), lock);
    expect(await run()).toEqual({ ran: false });
    await holder.release();
    expect(await statusOf(member.id)).toBe('active');
    expect(await statusOf(other.id)).toBe('active');
    expect(await mailTo(db(), member.email)).toEqual([]);
    expect((await run()).ran).toBe(true);
  });
});
