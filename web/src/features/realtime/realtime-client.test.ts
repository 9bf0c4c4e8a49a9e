import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Message } from '../../../../domain';
import { aMessage } from '../../test/messages';
import { FakeSocket } from './fake-socket';
import type { ServerFrame } from './frames';
import {
  AUTH_TIMEOUT_MS,
  NOT_CONNECTED,
  PONG_TIMEOUT_MS,
  RealtimeClient,
  type RealtimeClientOptions,
  realtimeUrl,
  reconnectDelay,
} from './realtime-client';

const message = (id: number): Message => aMessage({ id, waveId: 4, content: 'Hi' });

function makeClient(overrides: Partial<RealtimeClientOptions> = {}) {
  const frames: ServerFrame[] = [];
  const states: boolean[] = [];
  const client = new RealtimeClient({
    url: 'ws://jumpseat.test/ws',
    userId: 7,
    createSocket: FakeSocket.create,
    random: () => 1,
    onFrame: (frame) => frames.push(frame),
    onConnectedChange: (connected) => states.push(connected),
    ...overrides,
  });
  return { client, frames, states };
}

describe('RealtimeClient', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.reset();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens /ws, authenticates with the user id, and is connected only after auth_success', () => {
    const { client, states } = makeClient();
    client.start();
    const socket = FakeSocket.latest();
    expect(socket.url).toBe('ws://jumpseat.test/ws');
    socket.open();
    expect(socket.sent).toEqual([{ type: 'auth', userId: 7 }]);
    expect(client.connected).toBe(false);
    expect(states).toEqual([]);
    socket.receive({ type: 'auth_success', userId: 7 });
    expect(client.connected).toBe(true);
    expect(states).toEqual([true]);
  });

  it('builds the address from the page: wss on https', () => {
    expect(realtimeUrl({ protocol: 'https:', host: 'jumpseat.app' })).toBe('wss://jumpseat.app/ws');
    expect(realtimeUrl({ protocol: 'http:', host: 'localhost:5000' })).toBe(
      'ws://localhost:5000/ws',
    );
  });

  it('reconnects with exponential backoff, 1 s, 2 s, 4 s … capped at 30 s', () => {
    const { client, states } = makeClient();
    client.start();
    FakeSocket.latest().accept();
    FakeSocket.latest().drop();
    expect(states).toEqual([true, false]);

    const waits: number[] = [];
    for (let i = 0; i < 7; i++) {
      const before = FakeSocket.created.length;
      let waited = 0;
      while (FakeSocket.created.length === before) {
        vi.advanceTimersByTime(100);
        waited += 100;
      }
      waits.push(waited);
      FakeSocket.latest().drop(); // the server is still away
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);

    // Back: connected again, and the next drop starts over at 1 s.
    vi.advanceTimersByTime(30_000);
    FakeSocket.latest().accept();
    expect(client.connected).toBe(true);
    const count = FakeSocket.created.length;
    FakeSocket.latest().drop();
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.created.length).toBe(count + 1);
  });

  it('spreads retries with jitter between half and the whole step', () => {
    expect(reconnectDelay(0, () => 0)).toBe(500);
    expect(reconnectDelay(0, () => 1)).toBe(1000);
    expect(reconnectDelay(3, () => 0.5)).toBe(6000);
    expect(reconnectDelay(20, () => 1)).toBe(30_000);
    expect(reconnectDelay(20, () => 0)).toBe(15_000);
  });

  it('tells when it comes back after a gap, so missed pushes can be refetched', () => {
    const onResumed = vi.fn();
    const { client } = makeClient({ onResumed });
    client.start();
    FakeSocket.latest().accept();
    expect(onResumed).not.toHaveBeenCalled();
    FakeSocket.latest().drop();
    vi.advanceTimersByTime(1000);
    FakeSocket.latest().accept();
    expect(onResumed).toHaveBeenCalledTimes(1);
  });

  it('tells of its first connection once, apart from a resumption after a gap', () => {
    const onFirstConnected = vi.fn();
    const onResumed = vi.fn();
    const { client } = makeClient({ onFirstConnected, onResumed });
    client.start();
    FakeSocket.latest().open();
    expect(onFirstConnected).not.toHaveBeenCalled();
    FakeSocket.latest().accept();
    expect(onFirstConnected).toHaveBeenCalledTimes(1);
    expect(onResumed).not.toHaveBeenCalled();
    FakeSocket.latest().drop();
    vi.advanceTimersByTime(1000);
    FakeSocket.latest().accept();
    expect(onFirstConnected).toHaveBeenCalledTimes(1);
    expect(onResumed).toHaveBeenCalledTimes(1);
  });

  it('gives up an attempt that gets no auth answer, and retries', () => {
    const onAttemptFailed = vi.fn();
    makeClient({ onAttemptFailed }).client.start();
    FakeSocket.latest().open();
    vi.advanceTimersByTime(AUTH_TIMEOUT_MS);
    expect(FakeSocket.latest().closedWith).toBe(4000);
    expect(onAttemptFailed).toHaveBeenCalledWith(1);
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.created).toHaveLength(2);
  });

  it('stops on auth_error and reports it', () => {
    const onAuthError = vi.fn();
    const { client, states } = makeClient({ onAuthError });
    client.start();
    const socket = FakeSocket.latest();
    socket.open();
    socket.receive({
      type: 'auth_error',
      message: 'Failed to authenticate WebSocket connection',
    });
    expect(onAuthError).toHaveBeenCalledWith('Failed to authenticate WebSocket connection');
    expect(socket.closedWith).toBe(1000);
    vi.advanceTimersByTime(120_000);
    expect(FakeSocket.created).toHaveLength(1);
    expect(states).toEqual([]);
  });

  it('stops when the server ends the session (4401)', () => {
    const onSessionEnded = vi.fn();
    const { client, states } = makeClient({ onSessionEnded });
    client.start();
    FakeSocket.latest().accept();
    FakeSocket.latest().drop(4401);
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
    expect(client.connected).toBe(false);
    expect(states).toEqual([true, false]);
    vi.advanceTimersByTime(120_000);
    expect(FakeSocket.created).toHaveLength(1);
  });

  it('does not reconnect after the server closed it for a newer connection (4008)', () => {
    const { client, states } = makeClient();
    client.start();
    FakeSocket.latest().accept();
    FakeSocket.latest().drop(4008);
    expect(client.connected).toBe(false);
    expect(states).toEqual([true, false]);
    vi.advanceTimersByTime(120_000);
    expect(FakeSocket.created).toHaveLength(1);
  });

  it('stop() closes the socket for good', () => {
    const { client, states } = makeClient();
    client.start();
    const socket = FakeSocket.latest();
    socket.accept();
    client.stop();
    expect(socket.closedWith).toBe(1000);
    expect(states).toEqual([true, false]);
    vi.advanceTimersByTime(120_000);
    expect(FakeSocket.created).toHaveLength(1);
  });

  it('hands every other server frame to onFrame and ignores what it cannot read', () => {
    const { client, frames } = makeClient();
    client.start();
    const socket = FakeSocket.latest();
    socket.accept();
    socket.onmessage?.(new MessageEvent('message', { data: 'not json' }));
    socket.receive({ type: 'mystery' });
    socket.receive({ type: 'wave_update', data: { waveId: 3, status: 'accepted' } });
    socket.receive({ type: 'presence', data: { userId: 9, isOnline: false } });
    expect(frames).toEqual([
      { type: 'wave_update', data: { waveId: 3, status: 'accepted' } },
      { type: 'presence', data: { userId: 9, isOnline: false } },
    ]);
  });

  it('ignores frames of a known type whose fields do not match the contract', () => {
    const { client, frames } = makeClient();
    client.start();
    const socket = FakeSocket.latest();
    socket.accept();
    const malformed = [
      { type: 'presence', data: { userId: '9', isOnline: 'no' } },
      { type: 'presence' },
      { type: 'wave_update', data: { waveId: 3, status: 'exploded' } },
      { type: 'message', data: { id: 1, waveId: 3, content: 'no sender' } },
      { type: 'invalidate', data: { keys: ['everything'] } },
      { type: 'push_notification', data: { title: 42 } },
      [{ type: 'presence', data: { userId: 9, isOnline: true } }],
      null,
    ];
    expect(() => {
      for (const frame of malformed) socket.receive(frame);
    }).not.toThrow();
    expect(frames).toEqual([]);
    // A request's answer must match it too: a malformed ack settles nothing.
    const sent = client.request({ type: 'new_message', waveId: 4, content: 'Hi' });
    const { clientId } = socket.sentOf('new_message')[0]!;
    socket.receive({ type: 'message_ack', clientId, data: { id: 'not a message' } });
    vi.advanceTimersByTime(10_000);
    return expect(sent).rejects.toThrow(NOT_CONNECTED);
  });

  it('opens only paths of this app from a notification: another site becomes home', () => {
    const { client, frames } = makeClient();
    client.start();
    const socket = FakeSocket.latest();
    socket.accept();
    for (const url of ['/messages?waveId=3', 'https://evil.example', '//evil.example'])
      socket.receive({ type: 'push_notification', data: { title: 'T', message: 'M', url } });
    expect(frames.map((f) => f.type === 'push_notification' && f.data.url)).toEqual([
      '/messages?waveId=3',
      '/home',
      '/home',
    ]);
  });

  it('sends heartbeats only while connected', () => {
    const { client } = makeClient();
    client.start();
    expect(client.heartbeat()).toBe(false);
    const socket = FakeSocket.latest();
    socket.accept();
    expect(client.heartbeat()).toBe(true);
    expect(socket.sentOf('heartbeat')).toHaveLength(1);
  });

  it('drops a socket that does not answer a ping, and reconnects', () => {
    const { client, states } = makeClient();
    client.start();
    const socket = FakeSocket.latest();
    socket.accept();
    client.checkAlive();
    expect(socket.sentOf('ping')).toHaveLength(1);
    socket.receive({ type: 'pong' });
    vi.advanceTimersByTime(PONG_TIMEOUT_MS);
    expect(client.connected).toBe(true);

    client.checkAlive();
    vi.advanceTimersByTime(PONG_TIMEOUT_MS);
    expect(socket.closedWith).toBe(4000);
    expect(states).toEqual([true, false]);
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.created).toHaveLength(2);
  });

  describe('requests with a clientId', () => {
    it('resolve on message_ack with the same clientId', async () => {
      const { client } = makeClient();
      client.start();
      const socket = FakeSocket.latest();
      socket.accept();
      const sent = client.request({ type: 'new_message', waveId: 4, content: 'Hi' });
      const frame = socket.sentOf('new_message')[0]!;
      expect(frame).toMatchObject({ type: 'new_message', waveId: 4, content: 'Hi' });
      expect(typeof frame.clientId).toBe('string');
      socket.receive({ type: 'message_ack', clientId: 'someone-else', data: message(1) });
      socket.receive({ type: 'message_ack', clientId: frame.clientId, data: message(99) });
      await expect(sent).resolves.toEqual(message(99));
    });

    it('reject on error with the server message', async () => {
      const { client } = makeClient();
      client.start();
      const socket = FakeSocket.latest();
      socket.accept();
      const sent = client.request({ type: 'new_message', waveId: 4, content: 'Hi' });
      const { clientId } = socket.sentOf('new_message')[0]!;
      socket.receive({
        type: 'error',
        clientId,
        message: 'This flight has departed. Messaging is no longer available.',
      });
      await expect(sent).rejects.toThrow(
        'This flight has departed. Messaging is no longer available.',
      );
    });

    it('reject when not connected, when the socket drops, and without an answer', async () => {
      const { client } = makeClient();
      client.start();
      await expect(
        client.request({ type: 'new_message', waveId: 4, content: 'Hi' }),
      ).rejects.toThrow(NOT_CONNECTED);

      FakeSocket.latest().accept();
      const dropped = client.request({ type: 'new_message', waveId: 4, content: 'Hi' });
      FakeSocket.latest().drop();
      await expect(dropped).rejects.toThrow(NOT_CONNECTED);

      vi.advanceTimersByTime(1000);
      FakeSocket.latest().accept();
      const unanswered = client.request({ type: 'new_message', waveId: 4, content: 'Hi' });
      vi.advanceTimersByTime(10_000);
      await expect(unanswered).rejects.toThrow(NOT_CONNECTED);
    });
  });
});
