import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { buildCrew } from '../../test/factories';
import { injectAs } from '../../test/inject-as';
import { devMailEnabled } from './enabled';

function eml(to: string, subject: string, body: string) {
  return [
    'From: Jumpseat <no-reply@jumpseat.local>',
    `To: ${to}`,
    `Subject: ${subject}`,
    'Date: Mon, 23 Nov 2026 12:00:00 +0000',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: quoted-printable',
    '',
    body,
    '',
  ].join('\n');
}

describe('GET /dev/mail', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'jumpseat-dev-mail-'));
    const dir = path.join(dataDir, 'mail');
    mkdirSync(dir);
    writeFileSync(
      path.join(dir, '1000-000001-amy@ba.com.eml'),
      eml('amy@ba.com', 'Old', 'Your Jumpseat PIN is 1111'),
    );
    writeFileSync(
      path.join(dir, '2000-000002-amy@ba.com.eml'),
      eml('amy@ba.com', 'New', 'Your Jumpseat PIN is 2222 =E2=9C=93'),
    );
    writeFileSync(
      path.join(dir, '3000-000003-bob@ba.com.eml'),
      eml('bob@ba.com', 'Bob', 'Your Jumpseat PIN is 3333'),
    );
    t = await buildTestApp({ config: { dataDir } });
  });
  afterAll(() => t.close());

  it("shows an admin the newest mails to an address, decoded, and no one else's", async () => {
    const admin = await injectAs(t.app, await buildCrew(t.database.db, { isAdmin: true }));
    const res = await admin({ method: 'GET', url: '/dev/mail?to=AMY@ba.com' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body.indexOf('PIN is 2222 ✓')).toBeGreaterThan(-1);
    expect(res.body.indexOf('PIN is 2222')).toBeLessThan(res.body.indexOf('PIN is 1111'));
    expect(res.body).not.toContain('3333');
  });

  it('refuses anyone signed out (401) and a crew member (403); a bad address is a 400', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/dev/mail' })).statusCode).toBe(401);
    const crew = await injectAs(t.app, await buildCrew(t.database.db));
    expect((await crew({ method: 'GET', url: '/dev/mail' })).statusCode).toBe(403);
    const admin = await injectAs(t.app, await buildCrew(t.database.db, { isAdmin: true }));
    expect((await admin({ method: 'GET', url: '/dev/mail?to=../../etc' })).statusCode).toBe(400);
  });

  it('does not exist in production, nor when mail goes out through SMTP', async () => {
    for (const config of [
      { env: 'production' as const, declaredProduction: true },
      { smtpUrl: 'smtp://127.0.0.1:2525' },
    ]) {
      const other = await buildTestApp({ config });
      try {
        expect(other.app.routeTable.map((r) => r.url)).not.toContain('/dev/mail');
        expect(t.app.routeTable.map((r) => r.url)).toContain('/dev/mail');
      } finally {
        await other.close();
      }
    }
  });

  it("exists on a fresh clone's npm start (NODE_ENV unset), not with NODE_ENV=production", () => {
    const secrets = {
      APP_SECRET: 'test-secret-'.padEnd(64, 'x'),
      STRIPE_WEBHOOK_SECRET: 'whsec_test_'.padEnd(64, 'x'),
    };
    expect(devMailEnabled(loadConfig(secrets))).toBe(true);
    expect(
      devMailEnabled(loadConfig({ ...secrets, NODE_ENV: 'production', LOCAL_CHECKOUT: 'true' })),
    ).toBe(false);
    expect(devMailEnabled(loadConfig({ ...secrets, SMTP_URL: 'smtp://127.0.0.1:2525' }))).toBe(
      false,
    );
  });
});
