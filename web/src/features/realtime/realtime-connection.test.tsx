import { QueryClientProvider, QueryObserver } from '@tanstack/react-query';
import { act, cleanup, render, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Message, Wave } from '../../../../domain';
import { Toaster } from '../../components/ui/toast';
import { createQueryClient } from '../../lib/query-client';
import { aMessage } from '../../test/messages';
import { shownToast } from '../../test/toasts';
import { sessionQueryKey, useSession } from '../auth/use-session';
import { useRespondToWave } from '../waves/api';
import { isRealtimeConnected } from '../waves/polling';
import { connectedRealtimeClient } from './connection';
import { FakeSocket } from './fake-socket';
import { RealtimeConnection } from './realtime-connection';

const user = { id: 7, email: 'a@ba.com', name: 'A', nickname: null, isAdmin: false };

function setup() {
  const client = createQueryClient();
  render(
    <QueryClientProvider client={client}>
      <RealtimeConnection createSocket={FakeSocket.create} />
      <Toaster />
    </QueryClientProvider>,
  );
  return client;
}

/** A member screen: it loads (and observes) the session. */
function Session() {
  useSession();
  return null;
}

/** Cache events reach the connection in a microtask. */
const settle = () => act(async () => await Promise.resolve());

describe('<RealtimeConnection>', () => {
  beforeEach(() => {
    FakeSocket.reset();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('connects once the session has a user, and closes on sign-out', async () => {
    const client = setup();
    await settle();
    expect(FakeSocket.created).toHaveLength(0);

    act(() => client.setQueryData(sessionQueryKey, user));
    await settle();
    const socket = FakeSocket.latest();
    expect(socket.url).toBe(`ws://${window.location.host}/ws`);
    act(() => socket.accept());
    expect(socket.sent[0]).toEqual({ type: 'auth', userId: 7 });
    expect(isRealtimeConnected()).toBe(true);
    expect(connectedRealtimeClient()?.userId).toBe(7);

    // Sign-out clears the cache, then writes no user.
    act(() => {
      client.clear();
      client.setQueryData(sessionQueryKey, null);
    });
    await settle();
    expect(socket.closedWith).toBe(1000);
    expect(isRealtimeConnected()).toBe(false);
    expect(connectedRealtimeClient()).toBeNull();
  });

  it("answers a wave with the spec's wave_update frame while connected, by HTTP otherwise", async () => {
    const wave: Wave = {
      id: 4,
      senderId: 8,
      receiverId: 7,
      flightId: 2,
      status: 'accepted',
      senderRead: false,
      receiverRead: true,
      createdAt: '2030-01-01T10:00:00.000Z',
    };
    const fetchMock = vi.fn(async (_path: string, _init?: RequestInit) => ({
      ok: true,
      status: 200,
      statusText: '',
      text: async () => JSON.stringify({ ...wave, status: 'rejected' }),
    }));
    vi.stubGlobal('fetch', fetchMock);
    const writes = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');
    const client = setup();
    act(() => client.setQueryData(sessionQueryKey, user));
    await settle();
    const socket = FakeSocket.latest();
    act(() => socket.accept());
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useRespondToWave(), { wrapper });

    let answered!: Promise<Wave>;
    act(() => {
      answered = result.current.mutateAsync({ waveId: 4, status: 'accepted' });
    });
    await settle();
    const frame = socket.sentOf('wave_update')[0]!;
    expect(frame).toMatchObject({ type: 'wave_update', waveId: 4, status: 'accepted' });
    act(() => socket.receive({ type: 'message_ack', clientId: frame.clientId, data: wave }));
    await expect(answered).resolves.toEqual(wave);
    expect(writes()).toEqual([]);

    // The socket is down: the same answer goes by PUT /api/waves/{id}/status.
    act(() => socket.drop());
    await act(() => result.current.mutateAsync({ waveId: 5, status: 'rejected' }));
    expect(writes().map(([path, init]) => [path, init?.body])).toEqual([
      ['/api/waves/5/status', JSON.stringify({ status: 'rejected' })],
    ]);
    expect(socket.sentOf('wave_update')).toHaveLength(1);
  });

  it('puts pushed messages into the open thread', async () => {
    const client = setup();
    act(() => client.setQueryData(sessionQueryKey, user));
    await settle();
    const socket = FakeSocket.latest();
    act(() => socket.accept());
    client.setQueryData<Message[]>(['messages', 3], []);
    const message = aMessage({
      id: 1,
      waveId: 3,
      senderId: 8,
      content: 'Hello',
      createdAt: '2030-01-01T10:00:00.000Z',
    });
    act(() =>
      socket.receive({
        type: 'message',
        data: { ...message, recipientId: 7, senderNickname: 'Sam' },
      }),
    );
    expect(client.getQueryData(['messages', 3])).toEqual([message]);
  });

  it('fetches the screen again once the socket is first up: a push may have come before it', async () => {
    const client = setup();
    let answers = 0;
    const observer = new QueryObserver(client, {
      queryKey: ['flights', 'list'],
      queryFn: async () => ++answers,
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(answers).toBe(1));
    act(() => client.setQueryData(sessionQueryKey, user));
    await settle();
    act(() => FakeSocket.latest().open());
    await settle();
    expect(answers).toBe(1);
    act(() => FakeSocket.latest().accept());
    await vi.waitFor(() => expect(client.getQueryData(['flights', 'list'])).toBe(2));
    // The session is not fetched again for it (it is what started the socket).
    expect(client.getQueryState(sessionQueryKey)?.isInvalidated).toBe(false);
    unsubscribe();
  });

  it('says so when the socket cannot be authenticated, and checks the session', async () => {
    const client = setup();
    act(() => client.setQueryData(sessionQueryKey, user));
    await settle();
    const spy = vi.spyOn(client, 'invalidateQueries');
    const socket = FakeSocket.latest();
    act(() => {
      socket.open();
      socket.receive({
        type: 'auth_error',
        message: 'Failed to authenticate WebSocket connection',
      });
    });
    expect(await shownToast('Connection Error')).toMatchObject({
      type: 'error',
      description: 'Failed to authenticate WebSocket connection',
    });
    expect(spy).toHaveBeenCalledWith({ queryKey: sessionQueryKey });
    expect(isRealtimeConnected()).toBe(false);
  });

  it('after the server ends the session (4401): signs out, or reconnects if it is still valid', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let signedIn = true;
      vi.stubGlobal(
        'fetch',
        vi.fn(async () =>
          signedIn
            ? new Response(JSON.stringify(user), { status: 200 })
            : new Response('{"message":"Authentication required"}', { status: 401 }),
        ),
      );
      const client = createQueryClient();
      render(
        <QueryClientProvider client={client}>
          <Session />
          <RealtimeConnection createSocket={FakeSocket.create} />
        </QueryClientProvider>,
      );
      await vi.waitFor(() => expect(FakeSocket.created).toHaveLength(1));
      act(() => FakeSocket.latest().accept());

      // Still signed in (a sweep raced a refresh, say): a fresh socket a little later.
      act(() => FakeSocket.latest().drop(4401));
      expect(isRealtimeConnected()).toBe(false);
      await act(async () => await vi.advanceTimersByTimeAsync(5_000));
      expect(FakeSocket.created).toHaveLength(2);
      act(() => FakeSocket.latest().accept());
      expect(isRealtimeConnected()).toBe(true);

      // Signed out elsewhere: the session empties and nothing reconnects.
      signedIn = false;
      act(() => FakeSocket.latest().drop(4401));
      await vi.waitFor(() => expect(client.getQueryData(sessionQueryKey)).toBeNull());
      await act(async () => await vi.advanceTimersByTimeAsync(60_000));
      expect(FakeSocket.created).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
