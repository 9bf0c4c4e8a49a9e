// @postgres: the daily report cap under simultaneous requests through a listening server (upserts)
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODERATION_MESSAGES, REPORTS_PER_DAY } from '../../../domain';
import {
  auditLog,
  messages,
  reportEvidence,
  reports,
  sessions,
  type UserRow,
  users,
  waves,
} from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { buildCrew, buildFlight, buildWave, DEFAULT_PIN, joinFlight } from '../../test/factories';
import { type Injector, injectAs, signedInAdmin } from '../../test/inject-as';
import { mailTo } from '../../test/mailbox';
import { sessionCookie } from '../../test/socket-client';

const DAY = 24 * 60 * 60 * 1000;
let addr = 0;

/** Issue 22: reports, the decision ladder with its effects and mails, and the appeal. */
describe('moderation', () => {
  let t: TestApp;
  let admin: Injector;
  beforeAll(async () => {
    t = await buildTestApp();
    ({ as: admin } = await signedInAdmin(t));
  });
  afterAll(() => t.close());
  const db = () => t.database.db;

  /** Two members on one flight with an accepted wave and a message each way. */
  async function pair() {
    const reporter = await buildCrew(db());
    // A membership that outlasts a suspension, so signing in after one is not refused for the trial.
    const reported = await buildCrew(db(), {
      trialExpiresAt: new Date(t.clock.now().getTime() + 365 * DAY),
    });
    const flight = await buildFlight(db());
    await joinFlight(db(), reporter, flight);
    await joinFlight(db(), reported, flight);
    const wave = await buildWave(db(), reported, reporter, flight, { status: 'accepted' });
    const [fromReported] = await db()
      .insert(messages)
      .values({ waveId: wave.id, senderId: reported.id, content: 'meet me or else' })
      .returning();
    const [fromReporter] = await db()
      .insert(messages)
      .values({ waveId: wave.id, senderId: reporter.id, content: 'please stop' })
      .returning();
    return {
      reporter,
      reported,
      flight,
      wave,
      fromReported: fromReported!,
      fromReporter: fromReporter!,
    };
  }
  const report = async (as: UserRow, payload: Record<string, unknown>) =>
    (await injectAs(t.app, as))({ method: 'POST', url: '/api/reports', payload });
  const login = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, passcode: DEFAULT_PIN },
      remoteAddress: `10.77.0.${++addr}`,
    });
  const decide = (reportId: number, action: string, reason = 'Repeated unwanted messages') =>
    admin({
      method: 'POST',
      url: `/api/admin/moderation/reports/${reportId}/decision`,
      payload: { action, reason },
    });
  async function openReport() {
    const p = await pair();
    const res = await report(p.reporter, { userId: p.reported.id, reason: 'harassment' });
    expect(res.statusCode).toBe(201);
    return { ...p, reportId: res.json().reportId as number };
  }
  const appealTokenIn = (text: string) => {
    const match = /appeal\?token=([A-Za-z0-9_%-]+)/.exec(text);
    if (!match) throw new Error(`no appeal link in: ${text}`);
    return decodeURIComponent(match[1]!);
  };

  describe('reporting', () => {
    it('refuses oneself, a stranger, a bad reason, and a message or wave not between the two; nothing is stored', async () => {
      const p = await pair();
      const stranger = await buildCrew(db());
      const other = await pair();
      const cases: [Record<string, unknown>, number, string][] = [
        [{ userId: p.reporter.id, reason: 'spam' }, 400, MODERATION_MESSAGES.reportSelf],
        [{ userId: stranger.id, reason: 'spam' }, 404, MODERATION_MESSAGES.reportNotFound],
        [{ userId: 99_999_999, reason: 'spam' }, 404, MODERATION_MESSAGES.reportNotFound],
        [{ userId: p.reported.id, reason: 'rude' }, 400, 'Please choose a reason'],
        // The reporter's own message is not the reported member's.
        [
          { userId: p.reported.id, messageId: p.fromReporter.id, reason: 'spam' },
          404,
          MODERATION_MESSAGES.reportNotFound,
        ],
        // A message of another conversation, or a wave the reporter is not part of.
        [
          { userId: p.reported.id, messageId: other.fromReported.id, reason: 'spam' },
          404,
          MODERATION_MESSAGES.reportNotFound,
        ],
        [
          { userId: p.reported.id, waveId: other.wave.id, reason: 'spam' },
          404,
          MODERATION_MESSAGES.reportNotFound,
        ],
        [
          {
            userId: p.reported.id,
            waveId: other.wave.id,
            messageId: p.fromReported.id,
            reason: 'spam',
          },
          404,
          MODERATION_MESSAGES.reportNotFound,
        ],
        [
          { userId: p.reported.id, reason: 'spam', details: 'x'.repeat(1001) },
          400,
          'Details can be at most 1000 characters',
        ],
      ];
      for (const [payload, status, message] of cases) {
        const res = await report(p.reporter, payload);
        expect({ payload, status: res.statusCode }).toEqual({ payload, status });
        expect(JSON.stringify(res.json())).toContain(message);
      }
      expect(
        await db().select().from(reports).where(eq(reports.reporterId, p.reporter.id)),
      ).toEqual([]);
    });

    it('a reported message is kept as evidence after the conversation is deleted, and the reported member hears nothing', async () => {
      const p = await pair();
      const res = await report(p.reporter, {
        userId: p.reported.id,
        messageId: p.fromReported.id,
        reason: 'harassment',
        details: 'Threatening me',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        success: true,
        message: MODERATION_MESSAGES.reportReceived,
      });
      await db().delete(waves).where(eq(waves.id, p.wave.id));
      const queue = (await admin({ method: 'GET', url: '/api/admin/moderation/reports' })).json();
      const item = queue.reports.find((r: { id: number }) => r.id === res.json().reportId);
      expect(item).toMatchObject({
        reason: 'harassment',
        details: 'Threatening me',
        waveId: p.wave.id,
        messageId: p.fromReported.id,
        reporter: { id: p.reporter.id },
        reportedMember: { id: p.reported.id },
        evidence: [
          { messageId: p.fromReported.id, fromReportedMember: true, content: 'meet me or else' },
        ],
        flags: [],
      });
      const [kept] = await db()
        .select()
        .from(reportEvidence)
        .where(eq(reportEvidence.reportId, item.id));
      expect(kept!.purgeAfter).toEqual(new Date(t.clock.now().getTime() + 90 * DAY));
      expect(await mailTo(db(), p.reported.email)).toEqual([]);
    });

    it('reporting from the chat header copies the conversation; crew on a shared flight can be reported without a wave', async () => {
      const p = await pair();
      const res = await report(p.reporter, {
        userId: p.reported.id,
        waveId: p.wave.id,
        reason: 'spam',
      });
      expect(res.statusCode).toBe(201);
      const evidence = await db()
        .select()
        .from(reportEvidence)
        .where(eq(reportEvidence.reportId, res.json().reportId));
      expect(evidence.map((e) => e.content).sort()).toEqual(['meet me or else', 'please stop']);
      const crewmate = await buildCrew(db());
      await joinFlight(db(), crewmate, p.flight);
      expect(
        (await report(p.reporter, { userId: crewmate.id, reason: 'fake_or_not_crew' })).statusCode,
      ).toBe(201);
    });

    it(`admits exactly ${REPORTS_PER_DAY} reports a day from one member, however many arrive at once`, async () => {
      const p = await pair();
      const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
      try {
        const cookie = await sessionCookie(t.app, p.reporter.id, t.clock.now());
        const responses = await Promise.all(
          Array.from({ length: REPORTS_PER_DAY + 8 }, () =>
            fetch(`${url}/api/reports`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', cookie },
              body: JSON.stringify({ userId: p.reported.id, reason: 'spam' }),
            }),
          ),
        );
        const counts: Record<number, number> = {};
        for (const r of responses) counts[r.status] = (counts[r.status] ?? 0) + 1;
        expect(counts).toEqual({ 201: REPORTS_PER_DAY, 429: 8 });
      } finally {
        await t.app.server.close();
      }
    });
  });

  describe('the decision ladder', () => {
    it('the queue and its decisions are for admins only', async () => {
      const { reporter, reportId } = await openReport();
      const asMember = await injectAs(t.app, reporter);
      expect(
        (await asMember({ method: 'GET', url: '/api/admin/moderation/reports' })).statusCode,
      ).toBe(403);
      const res = await asMember({
        method: 'POST',
        url: `/api/admin/moderation/reports/${reportId}/decision`,
        payload: { action: 'ban', reason: 'x' },
      });
      expect(res.statusCode).toBe(403);
      expect((await decide(reportId, 'ban', '   ')).statusCode).toBe(400);
      expect((await decide(reportId, 'jail')).statusCode).toBe(400);
    });

    it('dismiss: the report closes, the member is not told', async () => {
      const { reported, reportId } = await openReport();
      const res = await decide(reportId, 'dismiss');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ decision: { action: 'dismiss' }, reportsClosed: 1 });
      expect((await decide(reportId, 'warn')).statusCode).toBe(409);
      expect(await mailTo(db(), reported.email)).toEqual([]);
      const queue = (await admin({ method: 'GET', url: '/api/admin/moderation/reports' })).json();
      expect(queue.reports.some((r: { id: number }) => r.id === reportId)).toBe(false);
    });

    it('warn: a mail with the reason and an appeal link, audited; nothing else changes', async () => {
      const { reported, reportId } = await openReport();
      expect((await decide(reportId, 'warn', 'Be kind')).statusCode).toBe(200);
      const [mail] = await mailTo(db(), reported.email);
      expect(mail!.subject).toBe('A warning about your Jumpseat account');
      expect(mail!.text).toContain('Reason: Be kind');
      expect(mail!.text).not.toContain('harassment');
      appealTokenIn(mail!.text);
      const [entry] = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'moderation.decision'), eq(auditLog.targetId, reported.id)));
      expect(entry!.detail).toMatchObject({ action: 'warn', reason: 'Be kind', reportId });
      expect((await login(reported.email)).statusCode).toBe(200);
    });

    it('restrict: no waves and no new chats for 7 days, with the clear text; then allowed again', async () => {
      const { reported, reportId } = await openReport();
      expect((await decide(reportId, 'restrict')).statusCode).toBe(200);
      const [mail] = await mailTo(db(), reported.email);
      expect(mail!.text).toContain('restricted until 22 Jun 2030');
      const crewmate = await buildCrew(db());
      const flight = await buildFlight(db(), { daysAhead: 20 });
      await joinFlight(db(), reported, flight);
      await joinFlight(db(), crewmate, flight);
      const wave = async () =>
        (await injectAs(t.app, reported))({
          method: 'POST',
          url: '/api/waves',
          payload: { receiverId: crewmate.id, flightId: flight.id },
        });
      const refused = await wave();
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(
        'Your account is restricted until 22 Jun 2030: you cannot send waves or start chats.',
      );
      // Accepting a wave starts a chat: refused too.
      const incoming = await buildWave(db(), crewmate, reported, await buildFlight(db()));
      const accept = await (await injectAs(t.app, reported))({
        method: 'PUT',
        url: `/api/waves/${incoming.id}/status`,
        payload: { status: 'accepted' },
      });
      expect(accept.statusCode).toBe(403);
      expect(await db().select().from(waves).where(eq(waves.senderId, reported.id))).toHaveLength(
        1,
      );
      t.clock.advance(7 * DAY);
      try {
        expect((await wave()).statusCode).toBe(201);
      } finally {
        t.clock.advance(-7 * DAY);
      }
    });

    it('suspend: sessions end at once, sign-in is refused with the date for 30 days', async () => {
      const { reported, reportId } = await openReport();
      const asReported = await injectAs(t.app, reported);
      expect((await asReported({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
      expect((await decide(reportId, 'suspend', 'Threats')).statusCode).toBe(200);
      expect(await db().select().from(sessions).where(eq(sessions.userId, reported.id))).toEqual(
        [],
      );
      expect((await asReported({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
      const refused = await login(reported.email);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        errorType: 'account_suspended',
        message: 'Your account is suspended until 15 Jul 2030: you cannot sign in until then.',
      });
      const [mail] = await mailTo(db(), reported.email);
      expect(mail!.text).toContain('Reason: Threats');
      t.clock.advance(30 * DAY);
      try {
        expect((await login(reported.email)).statusCode).toBe(200);
      } finally {
        t.clock.advance(-30 * DAY);
      }
    });

    it('ban: sign-in refused for good, and the e-mail cannot register again even once the account is gone', async () => {
      const { reported, reportId } = await openReport();
      expect((await decide(reportId, 'ban', 'Safety')).statusCode).toBe(200);
      const refused = await login(reported.email);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        errorType: 'account_banned',
        message: MODERATION_MESSAGES.banned,
      });
      expect((await mailTo(db(), reported.email))[0]!.subject).toBe(
        'Your Jumpseat account is banned',
      );
      await db().delete(users).where(eq(users.id, reported.id));
      const register = await t.app.inject({
        method: 'POST',
        url: '/api/register/initiate',
        payload: {
          email: reported.email.toUpperCase(),
          name: 'Again',
          role: 'IFL',
          membership: 'trial',
        },
        remoteAddress: '10.77.9.1',
      });
      expect(register.statusCode).toBe(403);
      expect(register.json().message).toBe(MODERATION_MESSAGES.bannedEmail);
    });
  });

  describe('appeals', () => {
    it('appealable once through the mailed link; an overturn lifts the restriction and is mailed', async () => {
      const { reported, reportId } = await openReport();
      await decide(reportId, 'restrict');
      const token = appealTokenIn((await mailTo(db(), reported.email))[0]!.text);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/appeals?token=nope' })).statusCode,
      ).toBe(404);
      const info = await t.app.inject({
        method: 'GET',
        url: `/api/appeals?token=${encodeURIComponent(token)}`,
      });
      expect(info.json()).toMatchObject({ decision: { action: 'restrict' }, appealed: false });
      const appeal = (message: string) =>
        t.app.inject({ method: 'POST', url: '/api/appeals', payload: { token, message } });
      expect((await appeal('   ')).statusCode).toBe(400);
      expect((await appeal('It was a misunderstanding')).statusCode).toBe(201);
      const again = await appeal('Please');
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(MODERATION_MESSAGES.appealTwice);

      const list = (await admin({ method: 'GET', url: '/api/admin/moderation/appeals' })).json();
      const item = list.appeals.find(
        (a: { member: { id: number } }) => a.member?.id === reported.id,
      );
      expect(item).toMatchObject({
        message: 'It was a misunderstanding',
        decision: { action: 'restrict' },
      });
      const asReported = await injectAs(t.app, reported);
      expect(
        (
          await asReported({
            method: 'POST',
            url: `/api/admin/moderation/appeals/${item.id}/decision`,
            payload: { outcome: 'overturn' },
          })
        ).statusCode,
      ).toBe(403);
      const decided = await admin({
        method: 'POST',
        url: `/api/admin/moderation/appeals/${item.id}/decision`,
        payload: { outcome: 'overturn' },
      });
      expect(decided.json()).toEqual({ success: true, status: 'overturned' });
      const [row] = await db().select().from(users).where(eq(users.id, reported.id));
      expect(row!.restrictedUntil).toBeNull();
      const mails = await mailTo(db(), reported.email);
      expect(mails.at(-1)!.text).toContain('overturned the decision');
      expect(
        (
          await admin({
            method: 'POST',
            url: `/api/admin/moderation/appeals/${item.id}/decision`,
            payload: { outcome: 'uphold' },
          })
        ).statusCode,
      ).toBe(409);
    });
  });
});
