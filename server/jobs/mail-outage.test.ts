import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { buildCrew, buildPending } from '../test/factories';
import { signedInAdmin } from '../test/inject-as';
import { freePort } from '../test/processes';

type Delivery = { to: string[]; subject: string };

/**
 * A real SMTP server on a TCP port, the app's real nodemailer transport in front of it. Plain
 * SMTP without AUTH or STARTTLS: what matters here is whether it is listening.
 */
function smtpServer(deliveries: Delivery[]) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString();
      });
      stream.on('end', () => {
        const subject = /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '';
        deliveries.push({ to: session.envelope.rcptTo.map((r) => r.address), subject });
        callback();
      });
    },
  });
  return {
    listen: (port: number) =>
      new Promise<number>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () =>
          resolve((server.server.address() as AddressInfo).port),
        );
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The SMTP server is down for two minutes while admins approve members and members ask for PIN
 * resets; once it is back, every mail arrives exactly once. The outbox job is driven tick by
 * tick on the injected clock (every 5 s of app time, as the scheduler would), not by waiting.
 */
describe('a two-minute mail outage', () => {
  let t: TestApp;
  const deliveries: Delivery[] = [];
  let port: number;

  beforeAll(async () => {
    // A free port where nothing listens yet: the app is configured against it.
    port = await freePort();
    t = await buildTestApp({ config: { smtpUrl: `smtp://127.0.0.1:${port}` } });
  });
  afterAll(() => t.close());

  const tick = async () => {
    t.clock.advance(5_000);
    await t.app.deps.mail.runOnce();
  };
  const pending = async () =>
    (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.status, 'pending'))).length;

  it('delivers every approval and reset mail once after the server returns', async () => {
    const admin = await signedInAdmin(t);
    const applicants = [await buildPending(t.database.db), await buildPending(t.database.db)];
    const forgetful = [await buildCrew(t.database.db), await buildCrew(t.database.db)];
    const downFor = 2 * 60_000;
    const downUntil = t.clock.now().getTime() + downFor;

    for (const [i, member] of applicants.entries()) {
      const res = await admin.as({ method: 'POST', url: `/api/admin/approve-user/${member.id}` });
      expect(res.statusCode).toBe(200);
      const reset = await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-passcode',
        payload: { email: forgetful[i]!.email },
        remoteAddress: `10.9.0.${i + 1}`,
      });
      expect(reset.statusCode).toBe(200);
      await tick();
    }
    // The rest of the two minutes, the job ticking against a closed port.
    while (t.clock.now().getTime() < downUntil) await tick();
    const queued = await t.database.db.select().from(mailOutbox);
    expect(queued.length).toBeGreaterThanOrEqual(4);
    expect(deliveries).toEqual([]);
    expect(queued.every((m) => m.status === 'pending' && m.attempts >= 2)).toBe(true);

    const smtp = smtpServer(deliveries);
    await smtp.listen(port);
    try {
      // Until the outbox is empty, at most an hour of app time (the backoff is well below it).
      for (let i = 0; i < 720 && (await pending()) > 0; i += 1) await tick();
    } finally {
      await smtp.close();
    }

    const rows = await t.database.db.select().from(mailOutbox);
    expect(rows.every((m) => m.status === 'sent')).toBe(true);
    const expected = rows.map((m) => `${m.to} | ${m.subject}`).sort();
    const arrived = deliveries.map((d) => `${d.to.join(',')} | ${d.subject}`).sort();
    console.info(
      `mail outage: ${rows.length} queued, ${deliveries.length} delivered, ${
        deliveries.length - new Set(arrived).size
      } duplicated, attempts ${rows.map((m) => m.attempts).join(',')}`,
    );
    // Exactly once each: the same list, no more, no less.
    expect(arrived).toEqual(expected);
    for (const member of [...applicants, ...forgetful]) {
      expect(deliveries.filter((d) => d.to.includes(member.email))).toHaveLength(1);
    }
  });
});
