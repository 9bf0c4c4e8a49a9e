import { type QueryClient, type QueryKey, QueryObserver } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveMessage, Message, ServerFrameOf, WaveWithParties } from '../../../../domain';
import { createQueryClient } from '../../lib/query-client';
import { aMessage } from '../../test/messages';
import { person, waveFixture } from '../waves/test-waves';
import {
  applyServerFrame,
  createInvalidator,
  keysToInvalidate,
  refreshAfterFirstConnect,
  refreshAfterGap,
  SHARED_REFRESH_WINDOW_MS,
} from './cache-sync';

const message = (id: number, waveId = 10): Message =>
  aMessage({ id, waveId, senderId: 1, content: `Message ${id}` });
/** The message as the `message` frame carries it, to each of its two people. */
const live = (m: Message): LiveMessage => ({ ...m, recipientId: 2, senderNickname: 'Jane' });

describe('server frames → query cache', () => {
  let client: QueryClient;
  let invalidated: unknown[][];
  const onPush = vi.fn();
  const apply = (frame: Parameters<typeof applyServerFrame>[1]) =>
    applyServerFrame(client, frame, { onPush });

  beforeEach(() => {
    client = createQueryClient();
    invalidated = [];
    onPush.mockReset();
    const original = client.invalidateQueries.bind(client);
    vi.spyOn(client, 'invalidateQueries').mockImplementation((filters, options) => {
      if (filters?.queryKey) invalidated.push([...filters.queryKey]);
      return original(filters, options);
    });
  });

  it('appends a pushed message to its thread once, and refreshes the wave list', () => {
    client.setQueryData<Message[]>(['messages', 10], [message(1)]);
    const frame = {
      type: 'message' as const,
      data: live(message(2)),
    };
    apply(frame);
    apply(frame);
    expect(client.getQueryData<Message[]>(['messages', 10])).toEqual([message(1), message(2)]);
    expect(invalidated).toContainEqual(['waves']);
  });

  it("does not refetch the wave list for the member's own message", () => {
    client.setQueryData<Message[]>(['messages', 10], []);
    applyServerFrame(client, { type: 'message', data: live(message(3)) }, { onPush, viewerId: 1 });
    expect(client.getQueryData<Message[]>(['messages', 10])).toEqual([message(3)]);
    expect(invalidated).toEqual([]);
  });

  it('leaves a thread nobody loaded alone (it is fetched whole when opened)', () => {
    apply({ type: 'message', data: live(message(5, 11)) });
    expect(client.getQueryData(['messages', 11])).toBeUndefined();
    expect(client.getQueryCache().find({ queryKey: ['messages', 11] })).toBeUndefined();
  });

  it('fetches a thread again when a message lands while it is being fetched', async () => {
    // The first answer was read before message 7 was written and arrives after its push/ack.
    let answerFirst: (list: Message[]) => void = () => undefined;
    const answers = [
      new Promise<Message[]>((resolve) => {
        answerFirst = resolve;
      }),
      Promise.resolve([message(7)]),
    ];
    const observer = new QueryObserver(client, {
      queryKey: ['messages', 10],
      queryFn: () => answers.shift()!,
    });
    const unsubscribe = observer.subscribe(() => undefined);
    apply({ type: 'message', data: live(message(7)) });
    answerFirst([]);
    await vi.waitFor(() =>
      expect(client.getQueryData<Message[]>(['messages', 10])).toEqual([message(7)]),
    );
    unsubscribe();
  });

  it('refreshes waves and flight detail on a wave update', () => {
    apply({ type: 'wave_update', data: { waveId: 10, status: 'accepted' } });
    expect(invalidated).toEqual([['waves'], ['flights', 'detail']]);
  });

  it('drops a deleted wave and its messages at once', () => {
    client.setQueryData<WaveWithParties[]>(['waves', 'list'], [waveFixture({ id: 10 })]);
    client.setQueryData<Message[]>(['messages', 10], [message(1)]);
    apply({ type: 'wave_update', data: { waveId: 10, status: 'deleted' } });
    expect(client.getQueryData(['waves', 'list'])).toEqual([]);
    expect(client.getQueryCache().find({ queryKey: ['messages', 10] })).toBeUndefined();
  });

  it('sets the online dot of a wave partner in place', () => {
    client.setQueryData<WaveWithParties[]>(
      ['waves', 'list'],
      [
        waveFixture({ id: 10, sender: person(1, { isOnline: true }) }),
        waveFixture({
          id: 11,
          senderId: 2,
          receiverId: 1,
          receiver: person(1, { isOnline: true }),
        }),
      ],
    );
    apply({ type: 'presence', data: { userId: 1, isOnline: false } });
    const [a, b] = client.getQueryData<WaveWithParties[]>(['waves', 'list'])!;
    expect(a!.sender.isOnline).toBe(false);
    expect(b!.receiver.isOnline).toBe(false);
    expect(invalidated).toEqual([['flights', 'detail']]);
  });

  it('invalidates the query key prefixes each key of an invalidate frame stands for', () => {
    apply({ type: 'invalidate', data: { keys: ['waves', 'flights', 'admin', 'stats'] } });
    expect(invalidated).toEqual([
      ['waves'],
      ['flights'],
      ['admin'],
      ['flights', 'stats'],
      ['users', 'stats'],
    ]);
  });

  it('reads "stats" as both header counters', () => {
    expect(keysToInvalidate('stats')).toEqual([
      ['flights', 'stats'],
      ['users', 'stats'],
    ]);
  });

  /**
   * Screens showing these queries (an observer makes a query active, as a mounted screen does),
   * with cached data; `fetched` lists each refetch by its key.
   */
  function showScreens(keys: QueryKey[]) {
    const fetched: string[] = [];
    const unsubscribers = keys.map((key) => {
      client.setQueryData(key, 0);
      const observer = new QueryObserver(client, {
        queryKey: key,
        queryFn: async () => fetched.push(key.join('/')),
        staleTime: Number.POSITIVE_INFINITY,
      });
      return observer.subscribe(() => undefined);
    });
    const close = () => {
      for (const unsubscribe of unsubscribers) unsubscribe();
    };
    return { fetched, close };
  }

  it('refetches a flight screen named by prefix, and nothing else', async () => {
    const screens = showScreens([
      ['flights', 'list'],
      ['flights', 'stats'],
      ['users', 'stats'],
    ]);
    apply({ type: 'invalidate', data: { keys: ['flights'] } });
    await vi.waitFor(() =>
      expect(screens.fetched.sort()).toEqual(['flights/list', 'flights/stats']),
    );
    screens.close();
  });

  it('hands push notifications on', () => {
    const data = { title: 'New Wave', message: 'A crew member waved at you', url: '/messages' };
    apply({ type: 'push_notification', data });
    expect(onPush).toHaveBeenCalledWith(data);
  });

  it('on the first connection refetches what pushes keep current, and nothing else', async () => {
    const screens = showScreens([
      ['waves', 'list'],
      ['messages', 10],
      ['flights', 'detail', 3],
      ['users', 'stats'],
      ['profile', 'me'],
      ['auth', 'me'],
    ]);
    // One still loading with no screen (a route's preload): its answer may predate the socket.
    let preloads = 0;
    void client.prefetchQuery({
      queryKey: ['flights', 'list'],
      queryFn: () => new Promise((resolve) => setTimeout(() => resolve(++preloads), 20)),
    });
    void refreshAfterFirstConnect(client);
    await vi.waitFor(() =>
      expect(screens.fetched.sort()).toEqual([
        'flights/detail/3',
        'messages/10',
        'users/stats',
        'waves/list',
      ]),
    );
    await vi.waitFor(() => expect(client.getQueryData(['flights', 'list'])).toBe(2));
    screens.close();
  });

  it('after a gap refreshes everything but the session', () => {
    const spy = vi.spyOn(client, 'invalidateQueries');
    refreshAfterGap(client);
    const filters = spy.mock.calls[0]![0]!;
    const predicate = filters.predicate!;
    expect(predicate({ queryKey: ['auth', 'me'] } as never)).toBe(false);
    expect(predicate({ queryKey: ['waves', 'list'] } as never)).toBe(true);
  });

  it('refreshes shared screens at most once per window, never losing the last change', () => {
    vi.useFakeTimers();
    try {
      const invalidator = createInvalidator(client);
      const flights = () => invalidated.filter((k) => k[0] === 'flights').length;
      const frame: ServerFrameOf<'invalidate'> = {
        type: 'invalidate',
        data: { keys: ['flights', 'waves'] },
      };
      const effects = { onPush, invalidate: invalidator.invalidate };
      applyServerFrame(client, frame, effects);
      expect(flights()).toBe(1);
      for (let i = 0; i < 5; i++) {
        vi.advanceTimersByTime(2_000);
        applyServerFrame(client, frame, effects);
      }
      // The member's own waves went every time; flights wait for the window's end.
      expect(invalidated.filter((k) => k[0] === 'waves')).toHaveLength(6);
      expect(flights()).toBe(1);
      vi.advanceTimersByTime(SHARED_REFRESH_WINDOW_MS - 10_000);
      expect(flights()).toBe(2);
      vi.advanceTimersByTime(SHARED_REFRESH_WINDOW_MS * 2);
      expect(flights()).toBe(2);
      invalidator.dispose();
    } finally {
      vi.useRealTimers();
    }
  });
});
