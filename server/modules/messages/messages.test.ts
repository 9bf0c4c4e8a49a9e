// @postgres: the send rate limit under simultaneous requests through a listening server (group commit)
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, waves } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import {
  buildCrew,
  buildDemo,
  buildFlight,
  buildWave,
  DEFAULT_NOW,
  joinFlight,
} from '../../test/factories';
import { type Injector, injectAs } from '../../test/inject-as';
import { sessionCookie } from '../../test/socket-client';
import { conversationCache } from './conversation-cache';
import { createMessagesService } from './service';

describe('messages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const post = (as: Injector, waveId: number, content: string) =>
    as({ method: 'POST', url: '/api/messages', payload: { waveId, content } });

  async function pair(waveOverrides = {}, flightOverrides = {}) {
    t.clock.set(DEFAULT_NOW);
    const a = await buildCrew(t.database.db);
    const b = await buildCrew(t.database.db);
    const flight = await buildFlight(t.database.db, flightOverrides);
    await joinFlight(t.database.db, a, flight);
    await joinFlight(t.database.db, b, flight);
    const wave = await buildWave(t.database.db, a, b, flight, {
      status: 'accepted',
      ...waveOverrides,
    });
    return { a, b, flight, wave, asA: await injectAs(t.app, a), asB: await injectAs(t.app, b) };
  }

  it('sends trimmed text (201) and both people read it in order', async () => {
    const { wave, asA, asB, a } = await pair();
    const first = await post(asA, wave.id, '  Hello there  ');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      waveId: wave.id,
      senderId: a.id,
      content: 'Hello there',
      read: false,
    });
    t.clock.advance(1000);
    await post(asB, wave.id, '<script>alert(1)</script>');
    const list = (await asA({ method: 'GET', url: `/api/messages/${wave.id}` })).json();
    expect(list.map((m: { content: string }) => m.content)).toEqual([
      'Hello there',
      '<script>alert(1)</script>',
    ]);
  });

  it.each([
    ['', 'Message cannot be empty'],
    ['   \n ', 'Message cannot be empty'],
    ['x'.repeat(2001), 'Message must be 2000 characters or fewer'],
  ])('refuses %j', async (content, message) => {
    const { wave, asA } = await pair();
    const res = await post(asA, wave.id, content);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('accepts exactly 2000 characters', async () => {
    const { wave, asA } = await pair();
    expect((await post(asA, wave.id, 'y'.repeat(2000))).statusCode).toBe(201);
  });

  it('needs an accepted wave', async () => {
    const { wave, asA } = await pair({ status: 'pending' });
    const res = await post(asA, wave.id, 'hi');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Messaging is available once the wave is accepted');
  });

  it('closes sending at departure but keeps the chat readable', async () => {
    const { wave, asA } = await pair({}, { daysAhead: 0, time: '18:00' });
    t.clock.set('2030-06-15T17:59:59Z');
    expect((await post(asA, wave.id, 'boarding')).statusCode).toBe(201);
    t.clock.set('2030-06-15T18:00:01Z');
    const res = await post(asA, wave.id, 'too late');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('This flight has departed. Messaging is no longer available.');
    const list = (await asA({ method: 'GET', url: `/api/messages/${wave.id}` })).json();
    expect(list.map((m: { content: string }) => m.content)).toEqual(['boarding']);
  });

  it('a conversation deleted after its first message answers 404 and stores nothing', async () => {
    const { wave, asA } = await pair();
    expect((await post(asA, wave.id, 'first')).statusCode).toBe(201);
    // Deleted behind the remembered conversation's back (as by the other person, elsewhere).
    await t.database.db.delete(waves).where(eq(waves.id, wave.id));
    const res = await post(asA, wave.id, 'into the void');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Conversation not found');
    const left = await t.database.db.select().from(messages).where(eq(messages.waveId, wave.id));
    expect(left).toHaveLength(0);
  });

  it("a member's own write drops their remembered conversations (name, privacy)", async () => {
    const { wave, a, b, asB } = await pair();
    const cache = conversationCache(t.app.deps);
    // The socket path: the service itself, no HTTP write around it.
    await createMessagesService(t.app.deps).send(a, { waveId: wave.id, content: 'hi' });
    expect(
      cache
        .get(wave.id)
        ?.parties.map((p) => p.id)
        .sort(),
    ).toEqual([a.id, b.id].sort());
    const put = await asB({
      method: 'PUT',
      url: '/api/users/profile',
      payload: { nickname: 'New' },
    });
    expect(put.statusCode).toBe(200);
    expect(cache.get(wave.id)).toBeNull();
  });

  it('checks departure on every message, also for a remembered conversation', async () => {
    const { wave, asA, asB } = await pair({}, { daysAhead: 0, time: '18:00' });
    t.clock.set('2030-06-15T17:00:00Z');
    expect((await post(asA, wave.id, 'one')).statusCode).toBe(201);
    expect((await post(asB, wave.id, 'two')).statusCode).toBe(201);
    t.clock.set('2030-06-15T18:00:01Z');
    expect((await post(asA, wave.id, 'late')).statusCode).toBe(403);
    expect((await post(asB, wave.id, 'late')).statusCode).toBe(403);
  });

  it('never lets a third member send on a conversation someone else has open', async () => {
    const { wave, asA } = await pair();
    await post(asA, wave.id, 'hi');
    const outsider = await injectAs(t.app, await buildCrew(t.database.db));
    const res = await post(outsider, wave.id, 'sneaky');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Conversation not found');
  });

  it('refuses demo users with the spec text, and unknown waves with 404', async () => {
    const { wave } = await pair();
    const demo = await injectAs(t.app, await buildDemo(t.database.db));
    const res = await post(demo, wave.id, 'hi');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Demo mode - Message sending not available');
    const { asA } = await pair();
    expect((await asA({ method: 'GET', url: '/api/messages/999999' })).statusCode).toBe(404);
    expect((await asA({ method: 'GET', url: '/api/messages/abc' })).statusCode).toBe(400);
  });

  it('21 messages fired at once in one second: 20 are sent, the 21st is 429', async () => {
    const { a, wave, asA } = await pair();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const cookie = await sessionCookie(t.app, a.id, t.clock.now());
    const send = (content: string) =>
      fetch(`${origin}/api/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, origin },
        body: JSON.stringify({ waveId: wave.id, content }),
      });
    const responses = await Promise.all(Array.from({ length: 21 }, (_, i) => send(`m${i}`)));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([...Array(20).fill(201), 429]);
    const refused = responses.find((r) => r.status === 429)!;
    expect(await refused.json()).toEqual({
      message: 'Too many messages. Please slow down.',
      retryAt: new Date(t.clock.now().getTime() + 1000).toISOString(),
    });
    const stored = await t.database.db.select().from(messages).where(eq(messages.waveId, wave.id));
    expect(stored).toHaveLength(20);
    // The next second has a fresh budget.
    t.clock.advance(1000);
    expect((await post(asA, wave.id, 'again')).statusCode).toBe(201);
  });
});
