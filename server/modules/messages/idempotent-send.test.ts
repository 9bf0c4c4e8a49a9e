// @postgres: simultaneous sends with one clientId (on conflict do nothing) through a listening server
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHAT_OVERLOADED,
  CHAT_OVERLOADED_CODE,
  CLIENT_ID_REUSED,
  INVALID_CLIENT_ID,
} from '../../../domain';
import { messages, type UserRow } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { buildCrew, buildFlight, buildWave, DEFAULT_NOW, joinFlight } from '../../test/factories';
import { injectAs } from '../../test/inject-as';
import { type Frame, openSocket, sessionCookie } from '../../test/socket-client';
import { groupCommit } from './group-commit';

/** Issue 21 item 1: a send retried with its clientId is stored once and answered the same. */
describe('idempotent sends (clientId)', () => {
  let t: TestApp;
  let origin: string;
  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  async function pair() {
    // A fresh second each time: the per-member budget (20 a second) is not what is tested here.
    t.clock.set(new Date(DEFAULT_NOW.getTime() + Math.floor(Math.random() * 1e6) * 1000));
    const a = await buildCrew(t.database.db);
    const b = await buildCrew(t.database.db);
    const flight = await buildFlight(t.database.db, { daysAhead: 30 });
    await joinFlight(t.database.db, a, flight);
    await joinFlight(t.database.db, b, flight);
    const wave = await buildWave(t.database.db, a, b, flight, { status: 'accepted' });
    return { a, b, flight, wave };
  }

  const httpSend = async (user: UserRow, body: Record<string, unknown>) => {
    const cookie = await sessionCookie(t.app, user.id, t.clock.now());
    return fetch(`${origin}/api/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin },
      body: JSON.stringify(body),
    });
  };
  const rowsOf = (waveId: number) =>
    t.database.db.select().from(messages).where(eq(messages.waveId, waveId));

  it('POST twice with one clientId: one row, the same message both times', async () => {
    const { a, wave } = await pair();
    const clientId = randomUUID();
    const as = await injectAs(t.app, a);
    const send = () =>
      as({
        method: 'POST',
        url: '/api/messages',
        payload: { waveId: wave.id, content: 'hi', clientId },
      });
    const first = await send();
    const second = await send();
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(first.json()).toMatchObject({ clientId, content: 'hi' });
    expect(await rowsOf(wave.id)).toHaveLength(1);
  });

  it('20 concurrent POSTs and 20 socket frames with one clientId store one row', async () => {
    const { a, b, wave } = await pair();
    const clientId = randomUUID();
    const body = { waveId: wave.id, content: 'once', clientId };
    const answers = await Promise.all(Array.from({ length: 20 }, () => httpSend(a, body)));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(201));
    const ids = new Set(await Promise.all(answers.map(async (r) => (await r.json()).id)));
    expect(ids.size).toBe(1);
    // The next second: a fresh budget for the socket's 20.
    t.clock.advance(1000);
    const recipient = await openSocket(t.app, {
      cookie: await sessionCookie(t.app, b.id, t.clock.now()),
    });
    const socket = await openSocket(t.app, {
      cookie: await sessionCookie(t.app, a.id, t.clock.now()),
    });
    for (let i = 0; i < 20; i++) socket.send({ type: 'new_message', ...body });
    expect(await socket.received(20, (f) => f.type === 'message_ack')).toBe(true);
    const acks = socket.frames.filter((f) => f.type === 'message_ack');
    expect(new Set(acks.map((f) => (f.data as { id: number }).id))).toEqual(ids);
    expect(acks.every((f) => f.clientId === clientId)).toBe(true);
    expect(await rowsOf(wave.id)).toHaveLength(1);
    // A resend is answered, not delivered again: the recipient saw the message only from the
    // first send, before this socket opened.
    t.clock.advance(1000);
    socket.send({ type: 'new_message', waveId: wave.id, content: 'next', clientId: randomUUID() });
    expect(await recipient.received(1, (f) => f.type === 'message')).toBe(true);
    expect(recipient.frames.filter((f: Frame) => f.type === 'message')).toHaveLength(1);
    expect(recipient.frames.find((f) => f.type === 'message')?.data).toMatchObject({
      content: 'next',
    });
    socket.close();
    recipient.close();
  });

  it('an upper-case clientId is the same id, by HTTP and socket: stored once, answered each time', async () => {
    const { a, wave } = await pair();
    const clientId = randomUUID();
    const upper = clientId.toUpperCase();
    const body = { waveId: wave.id, content: 'shout', clientId: upper };
    const first = await httpSend(a, body);
    expect(first.status).toBe(201);
    const stored = await first.json();
    expect(stored.clientId).toBe(clientId);
    const again = await httpSend(a, { ...body, clientId });
    expect(again.status).toBe(201);
    expect((await again.json()).id).toBe(stored.id);
    t.clock.advance(1000);
    const socket = await openSocket(t.app, {
      cookie: await sessionCookie(t.app, a.id, t.clock.now()),
    });
    socket.send({ type: 'new_message', ...body });
    const ack = await socket.next('message_ack');
    // The ack carries the tag as the frame had it; the message, its one stored id.
    expect(ack.clientId).toBe(upper);
    expect(ack.data).toMatchObject({ id: stored.id, clientId });
    expect(await rowsOf(wave.id)).toHaveLength(1);
    socket.close();
  });

  it('the same clientId from the other person is a different message', async () => {
    const { a, b, wave } = await pair();
    const clientId = randomUUID();
    const fromA = await httpSend(a, { waveId: wave.id, content: 'hello', clientId });
    const fromB = await httpSend(b, { waveId: wave.id, content: 'hello', clientId });
    expect([fromA.status, fromB.status]).toEqual([201, 201]);
    expect((await fromA.json()).id).not.toBe((await fromB.json()).id);
    expect(await rowsOf(wave.id)).toHaveLength(2);
  });

  it('a clientId reused for other text or another wave is refused 409, nothing stored', async () => {
    const { a, b, flight, wave } = await pair();
    const c = await buildCrew(t.database.db);
    await joinFlight(t.database.db, c, flight);
    const other = await buildWave(t.database.db, a, c, flight, { status: 'accepted' });
    const clientId = randomUUID();
    expect((await httpSend(a, { waveId: wave.id, content: 'one', clientId })).status).toBe(201);
    for (const body of [
      { waveId: wave.id, content: 'two', clientId },
      { waveId: other.id, content: 'one', clientId },
    ]) {
      const res = await httpSend(a, body);
      expect(res.status).toBe(409);
      expect((await res.json()).message).toBe(CLIENT_ID_REUSED);
    }
    expect(await rowsOf(wave.id)).toHaveLength(1);
    expect(await rowsOf(other.id)).toHaveLength(0);
    void b;
  });

  it('a retry after departure still gets its stored message back', async () => {
    const { a, wave } = await pair();
    const clientId = randomUUID();
    const first = await httpSend(a, { waveId: wave.id, content: 'boarding', clientId });
    expect(first.status).toBe(201);
    // Well after the flight (30 days ahead of DEFAULT_NOW) departed.
    t.clock.set(new Date(DEFAULT_NOW.getTime() + 40 * 86_400_000));
    const retry = await httpSend(a, { waveId: wave.id, content: 'boarding', clientId });
    expect(retry.status).toBe(201);
    expect((await retry.json()).id).toBe((await first.json()).id);
    const fresh = await httpSend(a, { waveId: wave.id, content: 'late', clientId: randomUUID() });
    expect(fresh.status).toBe(403);
  });

  it('refuses a clientId that is not a UUID (400), storing nothing', async () => {
    const { a, wave } = await pair();
    const res = await httpSend(a, { waveId: wave.id, content: 'hi', clientId: 'abc' });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(INVALID_CLIENT_ID);
    expect(await rowsOf(wave.id)).toHaveLength(0);
  });

  it('past the queue bound, sends are refused as retryable; every acknowledged one is stored', async () => {
    const { a, wave } = await pair();
    const commits = groupCommit(t.app.deps);
    const bound = commits.settings.maxQueue;
    commits.settings.maxQueue = 2;
    try {
      const socket = await openSocket(t.app, {
        cookie: await sessionCookie(t.app, a.id, t.clock.now()),
      });
      const ids = Array.from({ length: 10 }, () => randomUUID());
      for (const clientId of ids)
        socket.send({ type: 'new_message', waveId: wave.id, content: clientId, clientId });
      expect(await socket.received(10, (f) => f.type === 'message_ack' || f.type === 'error')).toBe(
        true,
      );
      const refused = socket.frames.filter((f) => f.type === 'error');
      expect(refused.length).toBeGreaterThan(0);
      for (const f of refused)
        expect(f).toMatchObject({ message: CHAT_OVERLOADED, code: CHAT_OVERLOADED_CODE });
      const acked = socket.frames.filter((f) => f.type === 'message_ack').map((f) => f.clientId);
      const stored = (await rowsOf(wave.id)).map((m) => m.clientId);
      expect(stored.sort()).toEqual([...acked].sort());
      // Over HTTP: 503 with the same code.
      commits.settings.maxQueue = 0;
      const res = await httpSend(a, { waveId: wave.id, content: 'x', clientId: randomUUID() });
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ code: CHAT_OVERLOADED_CODE });
      socket.close();
    } finally {
      commits.settings.maxQueue = bound;
    }
  });
});
