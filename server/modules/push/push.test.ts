// @postgres: 200 simultaneous subscriptions through a listening server (onConflictDoUpdate on the endpoint)
import { createDecipheriv, createECDH, createHmac, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import {
  MEMBER_LIMITS,
  PUSH_DEVICES_MAX,
  PUSH_SEND_CONCURRENCY,
  TEST_PUSH_TOO_MANY,
  TEST_PUSHES_PER_WINDOW,
} from '../../../domain';
import { pushSubscriptions, type UserRow } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { buildAdmin, buildCrew, buildFlight, buildWave, joinFlight } from '../../test/factories';
import { injectAs } from '../../test/inject-as';
import { freePort } from '../../test/processes';
import { openSocket, sessionCookie } from '../../test/socket-client';

/** A browser's side of a subscription: its own P-256 key pair and auth secret (RFC 8291). */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, auth: randomBytes(16) };
}
type Device = ReturnType<typeof browserKeys> & { endpoint: string };

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** Decrypts an aes128gcm Web Push body as the browser does (RFC 8291 §3.4, RFC 8188). */
function decrypt(body: Buffer, device: Device): unknown {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const serverPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const ecdhSecret = device.ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    device.ecdh.getPublicKey(),
    serverPublic,
  ]);
  const ikm = hmac(hmac(device.auth, ecdhSecret), Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(-16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, -16)), decipher.final()]);
  // The last record ends with the delimiter 2 and optional zero padding.
  let end = padded.length - 1;
  while (padded[end] === 0) end--;
  expect(padded[end]).toBe(2);
  return JSON.parse(padded.subarray(0, end).toString('utf8'));
}

type Received = { path: string; headers: Record<string, unknown>; body: Buffer };

describe('Web Push', () => {
  let t: TestApp;
  let pushService: Server;
  let origin: string;
  const received: Received[] = [];
  /** What the stand-in answers per path (201 unless told). */
  const statusFor = new Map<string, number>();
  /** How long the stand-in takes to answer, as a real push service over the network does. */
  let latencyMs = 0;
  /** Requests the stand-in is answering right now, and the most there ever were at once. */
  const load = { inFlight: 0, max: 0 };
  /** A listed loopback port where nothing listens: its devices fail to connect. */
  let deadOrigin: string;
  const logLines: string[] = [];
  const vapid = webpush.generateVAPIDKeys();

  beforeAll(async () => {
    pushService = createServer((req, res) => {
      load.max = Math.max(load.max, ++load.inFlight);
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const path = req.url ?? '';
        received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
        const answer = () => {
          load.inFlight--;
          res.writeHead(statusFor.get(path) ?? 201).end();
          pushService.emit('push', path);
        };
        if (latencyMs > 0) setTimeout(answer, latencyMs);
        else answer();
      });
    });
    pushService.listen(0, '127.0.0.1');
    await once(pushService, 'listening');
    origin = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
    deadOrigin = `http://127.0.0.1:${await freePort()}`;
    t = await buildTestApp({
      config: {
        logLevel: 'warn',
        push: {
          subject: 'mailto:ops@jumpseat.example',
          vapid,
          endpointHosts: [origin, deadOrigin].map((o) => o.slice('http://'.length)),
        },
      },
      logStream: { write: (line) => void logLines.push(line) },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
    pushService.close();
  });
  beforeEach(() => {
    received.length = 0;
    logLines.length = 0;
    latencyMs = 0;
    load.max = 0;
  });

  let next = 0;
  const subscriptionOf = (device: Device) => ({
    endpoint: device.endpoint,
    keys: {
      p256dh: device.ecdh.getPublicKey('base64url'),
      auth: device.auth.toString('base64url'),
    },
  });
  async function subscribe(user: UserRow, at = origin): Promise<Device> {
    const device = { ...browserKeys(), endpoint: `${at}/push/${++next}` };
    const as = await injectAs(t.app, user);
    const res = await as({
      method: 'POST',
      url: '/api/push/subscriptions',
      payload: subscriptionOf(device),
    });
    expect(res.statusCode).toBe(200);
    return device;
  }
  const endpointsOf = async (user: UserRow) =>
    (
      await t.database.db
        .select({ endpoint: pushSubscriptions.endpoint })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, user.id))
        .orderBy(asc(pushSubscriptions.id))
    ).map((r) => r.endpoint);
  const testPush = async (user: UserRow) =>
    (await injectAs(t.app, user))({
      method: 'POST',
      url: '/api/test-cross-env-push',
      payload: { message: 'Ping' },
    });

  const pathOf = (d: Device) => new URL(d.endpoint).pathname;
  const pushesTo = (d: Device) => received.filter((r) => r.path === pathOf(d));
  const payloadOf = (d: Device) => decrypt(pushesTo(d)[0]!.body, d);

  async function onFlight(...members: UserRow[]) {
    const flight = await buildFlight(t.database.db);
    for (const m of members) await joinFlight(t.database.db, m, flight);
    return flight;
  }

  it('gives the VAPID public key to a signed-in member only', async () => {
    expect((await t.app.inject({ url: '/api/push/vapid-public-key' })).statusCode).toBe(401);
    const as = await injectAs(t.app, await buildCrew(t.database.db));
    const res = await as({ url: '/api/push/vapid-public-key' });
    expect(res.json()).toEqual({ publicKey: vapid.publicKey });
  });

  it('refuses an endpoint that is not an allowed push service, storing nothing', async () => {
    const user = await buildCrew(t.database.db);
    const as = await injectAs(t.app, user);
    const keys = {
      p256dh: browserKeys().ecdh.getPublicKey('base64url'),
      auth: randomBytes(16).toString('base64url'),
    };
    for (const endpoint of [
      'https://evil.example/push/1',
      'http://169.254.169.254/latest/meta-data',
      `${origin.replace('127.0.0.1', 'localhost')}/push/x`,
      'https://fcm.googleapis.com.evil.example/x',
    ]) {
      const res = await as({
        method: 'POST',
        url: '/api/push/subscriptions',
        payload: { endpoint, keys },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('This push service is not supported');
    }
    const rows = await t.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, user.id));
    expect(rows).toEqual([]);
  });

  it('pushes a new wave to every device of a receiver with no open socket, encrypted for each', async () => {
    const [sender, receiver] = [await buildCrew(t.database.db), await buildCrew(t.database.db)];
    const flight = await onFlight(sender, receiver);
    const phone = await subscribe(receiver);
    const laptop = await subscribe(receiver);
    const as = await injectAs(t.app, sender);
    const res = await as({
      method: 'POST',
      url: '/api/waves',
      payload: { receiverId: receiver.id, flightId: flight.id },
    });
    expect(res.statusCode).toBeLessThan(300);
    await t.app.deps.push.settled();
    const waveId = res.json().id as number;
    for (const device of [phone, laptop]) {
      expect(pushesTo(device)).toHaveLength(1);
      expect(payloadOf(device)).toEqual({
        title: 'New Wave',
        body: 'A crew member waved at you',
        url: '/messages',
        tag: `wave-${waveId}`,
      });
      const headers = pushesTo(device)[0]!.headers;
      expect(headers['content-encoding']).toBe('aes128gcm');
      expect(String(headers.authorization)).toMatch(`k=${vapid.publicKey}`);
    }
    // The sender is not notified of their own wave.
    expect(received).toHaveLength(2);
  });

  it('pushes an accepted wave to its sender', async () => {
    const [sender, receiver] = [await buildCrew(t.database.db), await buildCrew(t.database.db)];
    const flight = await onFlight(sender, receiver);
    const wave = await buildWave(t.database.db, sender, receiver, flight);
    const phone = await subscribe(sender);
    const as = await injectAs(t.app, receiver);
    const res = await as({
      method: 'PUT',
      url: `/api/waves/${wave.id}/status`,
      payload: { status: 'accepted' },
    });
    expect(res.statusCode).toBe(200);
    await t.app.deps.push.settled();
    expect(payloadOf(phone)).toEqual({
      title: 'Wave Accepted',
      body: 'Your wave was accepted: say hello!',
      url: `/messages?waveId=${wave.id}`,
      tag: `wave-${wave.id}`,
    });
  });

  it('pushes a new message, naming the sender only as the reveal rules allow', async () => {
    const shown = await buildCrew(t.database.db, { name: 'Jane Open', nickname: 'Janey' });
    const hidden = await buildCrew(t.database.db, {
      name: 'Secret Sam',
      nickname: 'Sammy',
      showNameAfterMatch: false,
    });
    const receiver = await buildCrew(t.database.db);
    const flight = await onFlight(shown, hidden, receiver);
    const phone = await subscribe(receiver);
    for (const sender of [shown, hidden]) {
      received.length = 0;
      const wave = await buildWave(t.database.db, sender, receiver, flight, { status: 'accepted' });
      const as = await injectAs(t.app, sender);
      const res = await as({
        method: 'POST',
        url: '/api/messages',
        payload: { waveId: wave.id, content: 'Coffee at the gate?' },
      });
      expect(res.statusCode).toBeLessThan(300);
      await t.app.deps.push.settled();
      const payload = payloadOf(phone) as { body: string; url: string; title: string };
      expect(payload.title).toBe('New Message');
      expect(payload.url).toBe(`/messages?waveId=${wave.id}`);
      expect(payload.body).toMatch(/: Coffee at the gate\?$/);
      // The presenter's rules: a nickname is public, the full name only with showNameAfterMatch.
      if (sender === hidden) expect(payload.body).not.toMatch(/Secret/);
      else expect(payload.body).toMatch(/Jan/);
    }
  });

  it('sends no push to a member with an open socket (looking at the chat)', async () => {
    const [sender, receiver] = [await buildCrew(t.database.db), await buildCrew(t.database.db)];
    const flight = await onFlight(sender, receiver);
    const wave = await buildWave(t.database.db, sender, receiver, flight, { status: 'accepted' });
    await subscribe(receiver);
    const socket = await openSocket(t.app, {
      cookie: await sessionCookie(t.app, receiver.id, t.clock.now()),
    });
    const as = await injectAs(t.app, sender);
    await as({ method: 'POST', url: '/api/messages', payload: { waveId: wave.id, content: 'hi' } });
    await socket.next('message');
    await t.app.deps.push.settled();
    expect(received).toEqual([]);
    socket.ws.close();
  });

  it('deletes a subscription the push service answers 410 (or 404) for', async () => {
    const [sender, receiver] = [await buildCrew(t.database.db), await buildCrew(t.database.db)];
    const flight = await onFlight(sender, receiver);
    const gone = await subscribe(receiver);
    const kept = await subscribe(receiver);
    statusFor.set(pathOf(gone), 410);
    const as = await injectAs(t.app, sender);
    await as({
      method: 'POST',
      url: '/api/waves',
      payload: { receiverId: receiver.id, flightId: flight.id },
    });
    await t.app.deps.push.settled();
    expect(pushesTo(gone)).toHaveLength(1);
    const rows = await t.database.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, receiver.id));
    expect(rows).toEqual([{ endpoint: kept.endpoint }]);
  });

  it('moves a re-posted endpoint to whoever is now signed in on the device, and forgets it on DELETE', async () => {
    const [first, second] = [await buildCrew(t.database.db), await buildCrew(t.database.db)];
    const device = await subscribe(first);
    const keys = {
      p256dh: device.ecdh.getPublicKey('base64url'),
      auth: device.auth.toString('base64url'),
    };
    const asSecond = await injectAs(t.app, second);
    await asSecond({
      method: 'POST',
      url: '/api/push/subscriptions',
      payload: { endpoint: device.endpoint, keys },
    });
    const owners = () =>
      t.database.db
        .select({ userId: pushSubscriptions.userId })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, device.endpoint));
    expect(await owners()).toEqual([{ userId: second.id }]);
    // Another member cannot remove it; its owner can.
    const asFirst = await injectAs(t.app, first);
    await asFirst({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      payload: { endpoint: device.endpoint },
    });
    expect(await owners()).toHaveLength(1);
    const res = await asSecond({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      payload: { endpoint: device.endpoint },
    });
    expect(res.statusCode).toBe(200);
    expect(await owners()).toEqual([]);
  });

  it('/api/test-cross-env-push reports the devices reached: members test themselves, admins anyone', async () => {
    const member = await buildCrew(t.database.db);
    const other = await buildCrew(t.database.db);
    const admin = await buildAdmin(t.database.db);
    const mine = await subscribe(member);
    await subscribe(other);
    await subscribe(other);
    const asMember = await injectAs(t.app, member);
    const self = await asMember({
      method: 'POST',
      url: '/api/test-cross-env-push',
      payload: { message: 'Ping' },
    });
    expect(self.json()).toEqual({
      success: true,
      results: { websocket: 0, email: false, webpush: 1 },
    });
    expect(payloadOf(mine)).toMatchObject({ title: 'Test Notification', body: 'Ping' });
    received.length = 0;
    const refused = await asMember({
      method: 'POST',
      url: '/api/test-cross-env-push',
      payload: { targetUserId: other.id },
    });
    expect(refused.statusCode).toBe(403);
    expect(received).toEqual([]);
    const asAdmin = await injectAs(t.app, admin);
    const byAdmin = await asAdmin({
      method: 'POST',
      url: '/api/test-cross-env-push',
      payload: { targetUserId: other.id },
    });
    expect(byAdmin.json().results.webpush).toBe(2);
    expect(received).toHaveLength(2);
  });

  describe('bounded per member (issue 39)', () => {
    it(`keeps at most ${PUSH_DEVICES_MAX} devices: one more replaces the least recently saved; a re-save counts once`, async () => {
      const member = await buildCrew(t.database.db);
      const devices: Device[] = [];
      for (let i = 0; i < PUSH_DEVICES_MAX; i++) {
        devices.push(await subscribe(member));
        t.clock.advance(60_000);
      }
      // The app re-saves its subscription on every open: the first device is in use again.
      const as = await injectAs(t.app, member);
      await as({
        method: 'POST',
        url: '/api/push/subscriptions',
        payload: subscriptionOf(devices[0]!),
      });
      expect(await endpointsOf(member)).toHaveLength(PUSH_DEVICES_MAX);
      t.clock.advance(60_000);
      const newest = await subscribe(member);
      const kept = await endpointsOf(member);
      expect(kept).toHaveLength(PUSH_DEVICES_MAX);
      expect(kept).not.toContain(devices[1]!.endpoint);
      expect(kept).toContain(devices[0]!.endpoint);
      expect(kept).toContain(newest.endpoint);
    });

    it('simultaneous saves of many devices by one member, through the listening server, leave the cap', async () => {
      const member = await buildCrew(t.database.db);
      const cookie = await sessionCookie(t.app, member.id, t.clock.now());
      const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      const statuses = await Promise.all(
        Array.from({ length: 200 }, async () => {
          const device = { ...browserKeys(), endpoint: `${origin}/push/${++next}` };
          const res = await fetch(`${base}/api/push/subscriptions`, {
            method: 'POST',
            headers: { cookie, 'content-type': 'application/json' },
            body: JSON.stringify(subscriptionOf(device)),
          });
          await res.body?.cancel();
          return res.status;
        }),
      );
      // The member's save limit admits its first saves (more than the cap) and refuses the rest
      // before any work; the admitted ones race for the cap.
      const admitted = MEMBER_LIMITS.pushSubscriptions.limit;
      expect(admitted).toBeGreaterThan(PUSH_DEVICES_MAX);
      expect(statuses.filter((s) => s === 200)).toHaveLength(admitted);
      expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
      expect(await endpointsOf(member)).toHaveLength(PUSH_DEVICES_MAX);
    });

    it(`allows ${TEST_PUSHES_PER_WINDOW} test pushes a minute per member; the next is 429 and sends nothing`, async () => {
      const member = await buildCrew(t.database.db);
      await subscribe(member);
      const first = t.clock.now();
      for (let i = 0; i < TEST_PUSHES_PER_WINDOW; i++) {
        expect((await testPush(member)).json().results.webpush).toBe(1);
        t.clock.advance(1_000);
      }
      received.length = 0;
      const socket = await openSocket(t.app, {
        cookie: await sessionCookie(t.app, member.id, t.clock.now()),
      });
      const refused = await testPush(member);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        message: TEST_PUSH_TOO_MANY,
        retryAt: new Date(first.getTime() + 60_000).toISOString(),
      });
      await t.app.deps.push.settled();
      expect(received).toEqual([]);
      // Nothing on the socket either: a later frame is the first one it gets.
      t.clock.set(new Date(first.getTime() + 60_000));
      expect((await testPush(member)).statusCode).toBe(200);
      expect(await socket.next('push_notification')).toMatchObject({
        data: { message: 'Ping' },
      });
      expect(socket.arrived.filter((f) => f.type === 'push_notification')).toHaveLength(1);
      socket.ws.close();
    });

    it(`posts to at most ${PUSH_SEND_CONCURRENCY} of a member's devices at once`, async () => {
      const member = await buildCrew(t.database.db);
      for (let i = 0; i < PUSH_DEVICES_MAX; i++) await subscribe(member);
      latencyMs = 30;
      expect((await testPush(member)).json().results.webpush).toBe(PUSH_DEVICES_MAX);
      expect(received).toHaveLength(PUSH_DEVICES_MAX);
      expect(load.max).toBeLessThanOrEqual(PUSH_SEND_CONCURRENCY);
      expect(load.max).toBeGreaterThan(1);
    });

    it(`sends to the newest ${PUSH_DEVICES_MAX} devices of a member who had more before the cap`, async () => {
      const member = await buildCrew(t.database.db);
      const devices = Array.from({ length: PUSH_DEVICES_MAX + 5 }, (_, i) => ({
        ...browserKeys(),
        endpoint: `${origin}/push/legacy-${member.id}-${i}`,
      }));
      await t.database.db.insert(pushSubscriptions).values(
        devices.map((d, i) => ({
          userId: member.id,
          ...subscriptionOf(d).keys,
          endpoint: d.endpoint,
          createdAt: new Date(Date.UTC(2030, 0, 1, 0, i)),
          updatedAt: new Date(Date.UTC(2030, 0, 1, 0, i)),
        })),
      );
      expect((await testPush(member)).json().results.webpush).toBe(PUSH_DEVICES_MAX);
      expect(received.map((r) => r.path).sort()).toEqual(devices.slice(5).map(pathOf).sort());
    });

    it('logs one line for a send whose devices fail, counting failures by status and error', async () => {
      const member = await buildCrew(t.database.db);
      const refusing: Device[] = [];
      for (let i = 0; i < 6; i++) refusing.push(await subscribe(member));
      const unreachable = [
        await subscribe(member, deadOrigin),
        await subscribe(member, deadOrigin),
      ];
      const gone = await subscribe(member);
      await subscribe(member);
      for (const d of refusing.slice(0, 4)) statusFor.set(pathOf(d), 500);
      for (const d of refusing.slice(4)) statusFor.set(pathOf(d), 429);
      statusFor.set(pathOf(gone), 410);
      expect((await testPush(member)).json().results.webpush).toBe(1);
      const pushLines = logLines.map((l) => JSON.parse(l)).filter((l) => /push/.test(l.msg));
      expect(pushLines).toHaveLength(1);
      expect(pushLines[0]).toMatchObject({
        level: 40,
        userId: member.id,
        devices: 10,
        failed: 8,
        removed: 1,
        statuses: { 500: 4, 429: 2 },
        errors: { ECONNREFUSED: unreachable.length },
      });
      expect(await endpointsOf(member)).not.toContain(gone.endpoint);
    });
  });
});
