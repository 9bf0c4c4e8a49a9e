// @postgres: two server processes behind nginx on one PostgreSQL: sessions, the bus and job locks (PostgreSQL only)
import { randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createScratchDatabase } from '../scripts/scratch-database.mjs';
import { testConfig } from './config';
import { type Database, openDatabase } from './db/client';
import { auditLog, expiryReminders, loginAttempts, mailOutbox, type UserRow } from './db/schema';
import { buildCrew, buildDeleted, buildFlight, DEFAULT_PIN, joinFlight } from './test/factories';
import { nginxTestConfig } from './test/nginx-config';
import { freePort, type Spawned, spawnProcess, spawnServer } from './test/processes';
import { type Frame, SocketClient } from './test/socket-client';

/**
 * Two real server processes (`server/main.ts`, as `npm start` runs it) with TRUST_PROXY=1 on one
 * fresh PostgreSQL database, behind a real nginx from Debian running the configuration
 * docs/operations.md gives. Every request and socket goes through nginx; `X-Instance: a|b` pins
 * it to one instance. PostgreSQL pass only (one run per CI), and only where nginx is installed.
 */
const NGINX = '/usr/sbin/nginx';
const DAY = 24 * 60 * 60 * 1000;
const enabled =
  !!process.env.TEST_DATABASE_URL &&
  process.env.JUMPSEAT_TEST_DB === 'postgres' &&
  existsSync(NGINX);

describe.runIf(enabled)('two instances behind nginx on one PostgreSQL', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'jumpseat-nginx-'));
  const instances: Spawned[] = [];
  const dataDirs: string[] = [];
  let nginx: Spawned | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  let db: Database;
  let base = '';
  let origin = '';
  const seeded: {
    alice?: UserRow;
    bob?: UserRow;
    carol?: UserRow;
    reminded?: UserRow;
    flightId?: number;
  } = {};

  beforeAll(async () => {
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'jumpseat_nginx');
    dropDatabase = scratch.drop;
    const url = scratch.url;
    db = await openDatabase({ kind: 'postgres', url, max: 2 });
    // Migrated once here: the two instances then start together on a current schema.
    await db.migrate();

    // The chat journey's members, on one flight.
    const flight = await buildFlight(db.db);
    seeded.flightId = flight.id;
    seeded.alice = await buildCrew(db.db);
    seeded.bob = await buildCrew(db.db);
    seeded.carol = await buildCrew(db.db);
    await joinFlight(db.db, seeded.alice, flight);
    await joinFlight(db.db, seeded.bob, flight);
    // Work for the jobs each instance runs as it starts (real clock): a sign-in attempt past
    // the 90-day log retention, an account whose deletion grace ended, a trial ending in a day.
    const now = Date.now();
    await db.db.insert(loginAttempts).values({
      email: 'old@ba.com',
      ip: '192.0.2.1',
      success: false,
      createdAt: new Date(now - 100 * DAY),
    });
    await buildDeleted(db.db, { deletionScheduledAt: new Date(now - DAY) });
    seeded.reminded = await buildCrew(db.db, {
      trialStartedAt: new Date(now - 6 * DAY),
      trialExpiresAt: new Date(now + DAY),
    });

    const starting = [0, 1].map(() => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'jumpseat-instance-'));
      dataDirs.push(dataDir);
      const proc = spawnServer({
        DATA_DIR: dataDir,
        DATABASE_URL: url,
        APP_SECRET: testConfig().appSecret,
        TRUST_PROXY: '1',
      });
      instances.push(proc);
      return proc.ready;
    });
    const [portA, portB] = await Promise.all(starting);

    const port = await freePort();
    // nginx's workers drop to `nobody` when it runs as root: they must reach their temp paths.
    chmodSync(dir, 0o755);
    const conf = path.join(dir, 'nginx.conf');
    writeFileSync(conf, nginxTestConfig({ dir, port, upstreams: [portA!, portB!] }));
    nginx = spawnProcess(NGINX, ['-p', dir, '-c', conf, '-e', path.join(dir, 'error.log')], {
      env: { PATH: process.env.PATH },
    });
    base = `http://127.0.0.1:${port}`;
    origin = base;
    // nginx prints nothing when it is up: the first answer through it is the signal.
    const deadline = Date.now() + 10_000;
    for (;;) {
      const ok = await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline || nginx.child.exitCode !== null) {
        throw new Error(`nginx did not answer: ${nginx.output()}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }, 60_000);

  afterAll(async () => {
    // SIGTERM, not SIGQUIT: a graceful quit would wait for every open socket to end.
    await nginx?.stop('SIGTERM');
    await Promise.all(instances.map((proc) => proc.stop('SIGTERM')));
    await db?.close();
    await dropDatabase?.();
  });

  type Instance = 'a' | 'b';
  const call = (
    instance: Instance,
    method: string,
    url: string,
    options: { cookie?: string; body?: unknown } = {},
  ) =>
    fetch(`${base}${url}`, {
      method,
      headers: {
        'x-instance': instance,
        origin,
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...(options.body ? { 'content-type': 'application/json' } : {}),
      },
      body: options.body ? JSON.stringify(options.body) : undefined,
    });

  async function signIn(instance: Instance, user: UserRow) {
    const res = await call(instance, 'POST', '/api/auth/login', {
      body: { email: user.email, passcode: DEFAULT_PIN },
    });
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie()[0]?.split(';')[0];
    expect(cookie).toBeTruthy();
    return cookie!;
  }

  /** A socket through nginx, pinned to one instance; resolves once it answers a ping. */
  async function socket(instance: Instance, cookie: string) {
    const ws = new WebSocket(`${base.replace('http', 'ws')}/ws`, {
      headers: { origin, cookie, 'x-instance': instance },
    });
    const client = new SocketClient(ws);
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    client.send({ type: 'ping' });
    await client.next('pong');
    return client;
  }

  it('a session signed in through one instance works through the other; the client address is the one nginx saw', async () => {
    const alice = seeded.alice!;
    // From 127.0.0.2 (loopback), with an X-Forwarded-For the client wrote itself: nginx appends
    // the address it saw, and TRUST_PROXY=1 takes that one.
    const body = JSON.stringify({ email: alice.email, passcode: DEFAULT_PIN });
    const { status, cookie } = await new Promise<{ status: number; cookie: string }>(
      (resolve, reject) => {
        const req = http.request(
          `${base}/api/auth/login`,
          {
            method: 'POST',
            localAddress: '127.0.0.2',
            headers: {
              'content-type': 'application/json',
              'x-instance': 'a',
              'x-forwarded-for': '203.0.113.9',
            },
          },
          (res) => {
            res.resume();
            resolve({
              status: res.statusCode!,
              cookie: String(res.headers['set-cookie']?.[0]).split(';')[0]!,
            });
          },
        );
        req.once('error', reject);
        req.end(body);
      },
    );
    expect(status).toBe(200);
    const [attempt] = await db.db
      .select({ ip: loginAttempts.ip })
      .from(loginAttempts)
      .where(and(eq(loginAttempts.email, alice.email), eq(loginAttempts.success, true)));
    expect(attempt?.ip).toBe('127.0.0.2');

    const me = await call('b', 'GET', '/api/auth/me', { cookie });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ id: alice.id, email: alice.email });
  });

  it('the chat journey with the two members on different instances, live over sockets through nginx', async () => {
    const alice = seeded.alice!;
    const bob = seeded.bob!;
    const aliceCookie = await signIn('a', alice);
    const bobCookie = await signIn('b', bob);
    const aliceLive = await socket('a', aliceCookie);
    const bobLive = await socket('b', bobCookie);

    const waved = await call('a', 'POST', '/api/waves', {
      cookie: aliceCookie,
      body: { receiverId: bob.id, flightId: seeded.flightId },
    });
    expect(waved.status).toBe(201);
    const wave = (await waved.json()) as { id: number };
    // Bob, on B, hears of it live.
    const isWave = (status: string) => (f: Frame) =>
      f.type === 'wave_update' &&
      (f.data as { waveId: number; status: string }).waveId === wave.id &&
      (f.data as { status: string }).status === status;
    expect(await bobLive.received(1, isWave('pending'))).toBe(true);

    const accepted = await call('b', 'PUT', `/api/waves/${wave.id}/status`, {
      cookie: bobCookie,
      body: { status: 'accepted' },
    });
    expect(accepted.status).toBe(200);
    expect(await aliceLive.received(1, isWave('accepted'))).toBe(true);

    // Alice writes over her socket on A; it arrives on Bob's socket on B, once.
    const clientId = randomUUID();
    aliceLive.send({
      type: 'new_message',
      clientId,
      waveId: wave.id,
      content: 'Coffee at gate 5?',
    });
    expect(await aliceLive.next('message_ack')).toMatchObject({
      clientId,
      data: { waveId: wave.id, content: 'Coffee at gate 5?' },
    });
    const isMessage = (content: string) => (f: Frame) =>
      f.type === 'message' && (f.data as { content: string }).content === content;
    expect(await bobLive.received(1, isMessage('Coffee at gate 5?'))).toBe(true);
    // And Bob's reply, over HTTP through B, reaches Alice's socket on A.
    const reply = await call('b', 'POST', '/api/messages', {
      cookie: bobCookie,
      body: { waveId: wave.id, content: 'See you there' },
    });
    expect(reply.status).toBe(201);
    expect(await aliceLive.received(1, isMessage('See you there'))).toBe(true);
    // Each arrived once (each sender also gets a copy of its own, on its own instance). The
    // sender's copy comes on its own path, in no set order with the other's: waited for, too.
    for (const live of [aliceLive, bobLive]) {
      for (const content of ['Coffee at gate 5?', 'See you there'])
        expect(await live.received(1, isMessage(content))).toBe(true);
      expect(live.arrived.filter(isMessage('Coffee at gate 5?'))).toHaveLength(1);
      expect(live.arrived.filter(isMessage('See you there'))).toHaveLength(1);
    }
    aliceLive.close();
    bobLive.close();
  });

  it('a sign-out through one instance closes the member’s socket on the other', async () => {
    const carol = seeded.carol!;
    const cookie = await signIn('a', carol);
    const onB = await socket('b', cookie);
    expect((await call('a', 'POST', '/api/auth/logout', { cookie })).status).toBe(200);
    expect((await onB.waitClosed())?.code).toBe(4401);
    expect((await call('b', 'GET', '/api/auth/me', { cookie })).status).toBe(401);
  });

  it('each scheduled job does its work once across both instances', async () => {
    // Both ran every job as they started (before the tests above). A mail is claimed FOR UPDATE
    // SKIP LOCKED and marked sent in the transaction that delivered it, so once its row says
    // 'sent' no instance can deliver it again: the file count is final then.
    const reminded = seeded.reminded!;
    const deadline = Date.now() + 15_000;
    for (;;) {
      const rows = await db.db
        .select({ status: mailOutbox.status })
        .from(mailOutbox)
        .where(eq(mailOutbox.to, reminded.email));
      expect(rows).toHaveLength(1);
      if (rows[0]!.status === 'sent') break;
      if (Date.now() > deadline) throw new Error('the reminder was not sent within 15 s');
      await new Promise((r) => setTimeout(r, 100));
    }
    const delivered = dataDirs.flatMap((d) =>
      existsSync(path.join(d, 'mail'))
        ? readdirSync(path.join(d, 'mail')).filter((f) => f.includes(reminded.email))
        : [],
    );
    expect(delivered).toHaveLength(1);

    const audits = await db.db
      .select({ action: auditLog.action, detail: auditLog.detail })
      .from(auditLog)
      .where(sql`${auditLog.action} like 'retention.%'`);
    expect(audits.filter((a) => a.action === 'retention.prune_logs')).toEqual([
      { action: 'retention.prune_logs', detail: { loginAttempts: 1, auditEntries: 0 } },
    ]);
    expect(audits.filter((a) => a.action === 'retention.purge_deleted')).toEqual([
      { action: 'retention.purge_deleted', detail: { purged: 1 } },
    ]);
    const reminders = await db.db
      .select()
      .from(expiryReminders)
      .where(eq(expiryReminders.userId, reminded.id));
    expect(reminders).toHaveLength(1);
  });
});
