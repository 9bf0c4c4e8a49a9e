// @postgres: two senders at once claim mail FOR UPDATE SKIP LOCKED: none is sent twice
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema';
import { enqueueMail } from '../mail/outbox';
import { approvalMail, rejectionMail } from '../mail/templates';
import { createMailTransport } from '../mail/transport';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { freePort } from '../test/processes';
import { createMailSender, retryDelayMs } from './mail-sender';

type Received = { from: string; to: string[]; raw: string };

/** A real SMTP server on loopback that accepts everything and keeps what it got. */
async function startSmtp(port = 0) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString();
      });
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address() as AddressInfo;
  return {
    received,
    port: address.port,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe('mail delivery', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('sends through SMTP and marks a mail sent only after the server accepted it', async () => {
    const smtp = await startSmtp();
    const transport = createMailTransport({
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      dataDir: '/nonexistent',
    });
    const sender = createMailSender({
      db: t.database.db,
      transport,
      clock: t.clock,
      from: 'Jumpseat <no-reply@jumpseat.test>',
    });
    await enqueueMail(
      t.database.db,
      'member.one@ba.com',
      approvalMail('Member One', '4321', 'http://x/passcode'),
      t.clock.now(),
    );
    expect(await sender.runOnce()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(['member.one@ba.com']);
    expect(smtp.received[0]!.raw).toContain('Your Jumpseat PIN is 4321');
    expect(smtp.received[0]!.raw).toMatch(/Content-Type: text\/html/);
    const [row] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'member.one@ba.com'));
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    transport.close();
    await smtp.close();
  });

  it('loses nothing while the SMTP server is down, and delivers once it is back', async () => {
    const port = await freePort();
    const transport = createMailTransport({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      dataDir: '/nonexistent',
    });
    const sender = createMailSender({
      db: t.database.db,
      transport,
      clock: t.clock,
      from: 'no-reply@jumpseat.test',
    });
    await enqueueMail(
      t.database.db,
      'member.two@ba.com',
      rejectionMail('Two', 'Wrong domain'),
      t.clock.now(),
    );
    await sender.runOnce();
    let [row] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'member.two@ba.com'));
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.lastError).toMatch(/ECONNREFUSED/);
    expect(row!.nextAttemptAt.getTime() - t.clock.now().getTime()).toBe(retryDelayMs(1));

    // Not due yet: nothing is retried early.
    await sender.runOnce();
    [row] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'member.two@ba.com'));
    expect(row!.attempts).toBe(1);

    const smtp = await startSmtp(port);
    t.clock.advance(retryDelayMs(1));
    await sender.runOnce();
    [row] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'member.two@ba.com'));
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    expect(smtp.received.filter((m) => m.to.includes('member.two@ba.com'))).toHaveLength(1);
    transport.close();
    await smtp.close();
  });

  it('backs off exponentially, capped at 30 minutes', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(retryDelayMs(30)).toBe(30 * 60 * 1000);
  });

  it('writes .eml files without SMTP_URL, and no name can inject a header', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'jumpseat-mail-'));
    const transport = createMailTransport({ dataDir });
    const sender = createMailSender({
      db: t.database.db,
      transport,
      clock: t.clock,
      from: 'no-reply@jumpseat.test',
    });
    const hostile = 'Eve\r\nBcc: victim@evil.example\r\nSubject: pwned';
    await enqueueMail(
      t.database.db,
      'member.three@ba.com',
      approvalMail(hostile, '2222', 'http://x'),
      t.clock.now(),
    );
    await sender.runOnce();
    const files = readdirSync(path.join(dataDir, 'mail'));
    expect(files).toHaveLength(1);
    const eml = readFileSync(path.join(dataDir, 'mail', files[0]!), 'utf8');
    const headers = eml.split(/\r?\n\r?\n/)[0]!;
    expect(headers).not.toMatch(/^Bcc:/im);
    expect(headers.match(/^Subject:/gim)).toHaveLength(1);
    expect(eml).toContain('Your Jumpseat PIN is 2222');
    await expect(
      enqueueMail(
        t.database.db,
        'a@ba.com\r\nBcc: x@evil.example',
        approvalMail('x', '1', 'y'),
        t.clock.now(),
      ),
    ).rejects.toThrow();
  });

  it('never sends one mail twice when two senders run at once', async () => {
    const smtp = await startSmtp();
    const transport = createMailTransport({
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      dataDir: '/nonexistent',
    });
    const a = createMailSender({
      db: t.database.db,
      transport,
      clock: t.clock,
      from: 'no-reply@jumpseat.test',
    });
    const b = createMailSender({
      db: t.database.db,
      transport,
      clock: t.clock,
      from: 'no-reply@jumpseat.test',
    });
    for (let i = 0; i < 6; i++)
      await enqueueMail(
        t.database.db,
        `burst${i}@ba.com`,
        approvalMail('B', '1111', 'x'),
        t.clock.now(),
      );
    await Promise.all([a.runOnce(), b.runOnce()]);
    const burst = smtp.received.filter((m) => m.to[0]!.startsWith('burst'));
    expect(burst).toHaveLength(6);
    expect(new Set(burst.map((m) => m.to[0])).size).toBe(6);
    transport.close();
    await smtp.close();
  });
});
