// @postgres: the retention jobs’ advisory locks, concurrent purges and JSON (jsonb) matching; a PostgreSQL-only describe
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymisedEmail } from '../../domain';
import type { Db } from '../db/client';
import {
  auditLog,
  checkoutSessions,
  loginAttempts,
  messages,
  rateEvents,
  sessions,
  type UserRow,
  users,
} from '../db/schema';
import { audit } from '../lib/audit';
import { enqueueMail } from '../mail/outbox';
import { holdingAdvisoryLock } from '../test/advisory-lock';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import {
  buildAdmin,
  buildCrew,
  buildDeleted,
  buildFlight,
  buildWave,
  DEFAULT_NOW,
  joinFlight,
} from '../test/factories';
import { injectAs } from '../test/inject-as';
import {
  anonymiseInactiveAccounts,
  pruneOldLogs,
  purgeDeletedAccounts,
  RETENTION_JOB_LOCKS,
} from './retention';

const DAY = 24 * 60 * 60 * 1000;
const now = DEFAULT_NOW;
const at = (ms: number) => new Date(now.getTime() + ms);

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
const db = (): Db => t.database.db;

/**
 * Every text-like column of every table in the public schema (read from the catalogue, so a
 * table added later is scanned too), and the ones holding any of `needles`, case-insensitively.
 */
async function columnsMentioning(needles: string[]): Promise<string[]> {
  const columns = await db().execute<{ table_name: string; column_name: string }>(sql`
    select c.table_name, c.column_name
    from information_schema.columns c
    join information_schema.tables t
      on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
      and (c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb')
           or (c.data_type = 'ARRAY' and c.udt_name in ('_text', '_varchar')))`);
  expect(columns.rows.length).toBeGreaterThan(30);
  const hits: string[] = [];
  for (const { table_name, column_name } of columns.rows) {
    for (const needle of needles) {
      const found = await db().execute<{ n: number }>(
        sql`select count(*)::int as n from ${sql.identifier(table_name)}
            where position(${needle.toLowerCase()} in lower(${sql.identifier(column_name)}::text)) > 0`,
      );
      if (found.rows[0]!.n > 0) hits.push(`${table_name}.${column_name} ~ ${needle}`);
    }
  }
  return hits;
}

type Identity = { email: string; name: string; nickname: string; mobileNumber: string };
const needlesOf = (who: Identity) => [who.email, who.name, who.nickname, who.mobileNumber];

/**
 * A member with a life on the platform: a flight, waves both ways with messages, a failed
 * sign-in, a reset request (mail, rate-limit key, reset link), a cancellation request (and the
 * admins' notice), a checkout, an audit entry naming them, and a queued mail about them to
 * someone else.
 */
async function memberWithHistory(tag: string, fields: Parameters<typeof buildCrew>[1] = {}) {
  const who: Identity = {
    email: `${tag}.quillfeather@ba.com`,
    name: `${tag} Quillfeather`,
    nickname: `${tag}-qf`,
    mobileNumber: `+44 7700 ${tag.length}00${tag.length}23`,
  };
  const member = await buildCrew(db(), {
    ...who,
    contactEmail: `${tag}.home@example.org`,
    paymentEmail: `${tag}.pay@example.org`,
    membershipType: 'paid',
    trialExpiresAt: null,
    subscriptionExpiresAt: at(200 * DAY),
    ...fields,
  });
  const partner = await buildCrew(db(), { name: `Partner of ${tag}x` });
  const flight = await buildFlight(db(), { createdBy: member.id });
  await joinFlight(db(), member, flight, { note: `call me on ${who.mobileNumber}` });
  await joinFlight(db(), partner, flight);
  const wave = await buildWave(db(), member, partner, flight, { status: 'accepted' });
  await db()
    .insert(messages)
    .values([
      { waveId: wave.id, senderId: member.id, content: 'Coffee in Manhattan?' },
      // The partner's message names the member: it lives in their conversation, which goes
      // with the wave when the member is purged.
      { waveId: wave.id, senderId: partner.id, content: `Sure, ${who.name}!` },
    ]);
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: who.email, passcode: '0000' },
  });
  expect(login.statusCode).toBe(401);
  const reset = await t.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-passcode',
    payload: { email: who.email },
  });
  expect(reset.statusCode).toBe(200);
  const asMember = await injectAs(t.app, member);
  expect((await asMember({ method: 'POST', url: '/api/cancel-subscription' })).statusCode).toBe(
    200,
  );
  await db()
    .insert(checkoutSessions)
    .values({
      id: `cs_${tag}`,
      purpose: 'registration',
      plan: 'monthly',
      amount: 999,
      currency: 'gbp',
      email: who.email,
      userId: member.id,
      registration: { name: who.name, role: 'Main Crew' },
      createdAt: now,
    });
  await audit(db(), {
    action: 'user.update_email',
    detail: { oldEmail: `${tag}.old@ba.com`, newEmail: who.email, name: who.name },
    at: now,
  });
  await enqueueMail(
    db(),
    'admins@jumpseat.test',
    {
      subject: `New member ${who.nickname}`,
      text: `${who.name} <${who.email}> ${who.mobileNumber}`,
      html: `<p>${who.name}</p>`,
    },
    now,
  );
  return { member, partner, who, asMember };
}

describe('purging self-deleted accounts', () => {
  it('keeps the account through day 29 and erases every trace of it on day 30', async () => {
    const { member, partner, who, asMember } = await memberWithHistory('zephyrine');
    const deleted = await asMember({ method: 'POST', url: '/api/auth/delete-account' });
    expect(deleted.statusCode).toBe(200);
    const untouched = await buildDeleted(db(), { deletionScheduledAt: at(31 * DAY) });

    // The scan sees the member everywhere before the purge: it would see a trace left behind.
    const before = await columnsMentioning(needlesOf(who));
    expect(before.length).toBeGreaterThan(8);

    expect(await purgeDeletedAccounts(db(), at(30 * DAY - 1000))).toEqual({ ran: true, count: 0 });
    expect(await columnsMentioning(needlesOf(who))).toEqual(before);

    expect(await purgeDeletedAccounts(db(), at(30 * DAY))).toEqual({ ran: true, count: 1 });
    expect(await columnsMentioning(needlesOf(who))).toEqual([]);
    expect(await db().select().from(users).where(eq(users.id, member.id))).toEqual([]);
    // The other side of the conversation is still here; the one not yet due too.
    expect(await db().select().from(users).where(eq(users.id, partner.id))).toHaveLength(1);
    expect(await db().select().from(users).where(eq(users.id, untouched.id))).toHaveLength(1);
    // The checkout stays for its amount, without the person.
    const [checkout] = await db()
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, 'cs_zephyrine'));
    expect(checkout).toMatchObject({ amount: 999, registration: null, userId: null });
    const entries = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'retention.purge_deleted'));
    expect(entries).toEqual([
      expect.objectContaining({ actorId: null, detail: { purged: 1 }, createdAt: at(30 * DAY) }),
    ]);
  });

  it('two runs at once purge each account once', async () => {
    const due = await Promise.all(
      [1, 2, 3].map(() => buildDeleted(db(), { deletionScheduledAt: at(-DAY) })),
    );
    const runs = await Promise.all([
      purgeDeletedAccounts(db(), now),
      purgeDeletedAccounts(db(), now),
    ]);
    expect(runs.reduce((n, r) => n + (r.ran ? r.count : 0), 0)).toBe(3);
    for (const user of due) {
      expect(await db().select().from(users).where(eq(users.id, user.id))).toEqual([]);
    }
    const entries = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'retention.purge_deleted'), eq(auditLog.createdAt, now)));
    expect(entries.map((e) => e.detail)).toEqual([{ purged: 3 }]);
  });
});

describe('anonymising inactive accounts', () => {
  it('after 12 months without use: identity gone everywhere, sessions ended; admins never', async () => {
    const lastActive = new Date(Date.UTC(2029, 5, 15, 11, 59, 59)); // 12 months and 1 s ago
    const { member, who, asMember } = await memberWithHistory('ingrid', { lastActive });
    const recent = await buildCrew(db(), { lastActive: new Date(Date.UTC(2029, 5, 15, 12, 0, 1)) });
    const idleAdmin = await buildAdmin(db(), { lastActive: at(-800 * DAY) });
    expect((await columnsMentioning(needlesOf(who))).length).toBeGreaterThan(8);

    const run = await anonymiseInactiveAccounts(db(), now);
    // Other factory members, created by the database's clock years before the test's 2030,
    // are inactive too: the count covers them, so only this member's traces are judged.
    expect(run.ran).toBe(true);
    expect(await columnsMentioning(needlesOf(who))).toEqual([]);
    // The conversation stays for the other side, with the member's name taken out.
    const contents = (await db().select().from(messages)).map((m) => m.content);
    expect(contents).toContain('Sure, [removed]!');
    const [row] = await db().select().from(users).where(eq(users.id, member.id));
    expect(row).toMatchObject({
      email: anonymisedEmail(member.id),
      name: null,
      nickname: null,
      mobileNumber: null,
      contactEmail: null,
      paymentEmail: null,
      profilePictureUrl: null,
      passcodeEncrypted: null,
    });
    expect(await db().select().from(sessions).where(eq(sessions.userId, member.id))).toEqual([]);
    expect((await asMember({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    const [stillRecent] = await db().select().from(users).where(eq(users.id, recent.id));
    expect(stillRecent!.email).toBe(recent.email);
    const [admin] = await db().select().from(users).where(eq(users.id, idleAdmin.id));
    expect(admin!.email).toBe(idleAdmin.email);
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'retention.anonymise_inactive'));
    expect(entry).toMatchObject({ actorId: null, detail: { anonymised: run.ran ? run.count : 0 } });
    // A second run finds nobody new: the anonymised account is not anonymised again.
    expect(await anonymiseInactiveAccounts(db(), now)).toEqual({ ran: true, count: 0 });
  });
});

describe('pruning old logs', () => {
  it('removes sign-in attempts and audit entries older than 90 days, and says how many', async () => {
    const old = at(-90 * DAY - 1000);
    const kept = at(-90 * DAY + 1000);
    await db()
      .insert(loginAttempts)
      .values([
        { email: 'old@ba.com', success: false, createdAt: old },
        { email: 'kept@ba.com', success: false, createdAt: kept },
      ]);
    await audit(db(), { action: 'user.approve', detail: { mark: 'old' }, at: old });
    await audit(db(), { action: 'user.approve', detail: { mark: 'kept' }, at: kept });
    const before = await db().select({ n: sql<number>`count(*)::int` }).from(auditLog);

    const run = await pruneOldLogs(db(), now);
    expect(run.ran).toBe(true);
    const emails = (await db().select().from(loginAttempts)).map((a) => a.email);
    expect(emails).toContain('kept@ba.com');
    expect(emails).not.toContain('old@ba.com');
    const marks = (await db().select().from(auditLog)).map(
      (e) => (e.detail as { mark?: string })?.mark,
    );
    expect(marks).toContain('kept');
    expect(marks).not.toContain('old');
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'retention.prune_logs'));
    expect(entry).toMatchObject({ actorId: null, detail: { loginAttempts: 1, auditEntries: 1 } });
    const after = await db().select({ n: sql<number>`count(*)::int` }).from(auditLog);
    expect(after[0]!.n).toBe(before[0]!.n); // one removed, one (the job's own) added
  });
});

describe('pruning rate-limit events', () => {
  it('drops counted calls older than two days, which no window reaches, and keeps the rest', async () => {
    const key = `user:prune-${Date.now()}`;
    await db()
      .insert(rateEvents)
      .values([
        { bucket: 'member:profile', key, createdAt: at(-2 * DAY - 1) },
        { bucket: 'member:profile', key, createdAt: at(-DAY) },
      ]);
    await pruneOldLogs(db(), now);
    const left = await db().select().from(rateEvents).where(eq(rateEvents.key, key));
    expect(left.map((e) => e.createdAt)).toEqual([at(-DAY)]);
  });
});

// PGlite runs one transaction at a time, so a lock held in another session only exists on
// PostgreSQL.
describe.runIf(process.env.JUMPSEAT_TEST_DB === 'postgres')('the retention job locks', () => {
  it.each([
    ['purge', RETENTION_JOB_LOCKS.purgeDeleted, () => purgeDeletedAccounts(db(), at(400 * DAY))],
    [
      'anonymise',
      RETENTION_JOB_LOCKS.anonymiseInactive,
      () => anonymiseInactiveAccounts(db(), at(800 * DAY)),
    ],
    ['prune', RETENTION_JOB_LOCKS.pruneLogs, () => pruneOldLogs(db(), at(800 * DAY))],
  ])('%s: while another instance holds its lock, a run does nothing', async (_job, lock, run) => {
    const deleted: UserRow = await buildDeleted(db(), { deletionScheduledAt: now });
    const other = await holdingAdvisoryLock(db(), lock);
    expect(await run()).toEqual({ ran: false });
    await other.release();
    expect(await db().select().from(users).where(eq(users.id, deleted.id))).toHaveLength(1);
    expect((await run()).ran).toBe(true);
  });
});
