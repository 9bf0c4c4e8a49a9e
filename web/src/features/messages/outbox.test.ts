import { QueryClient } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_REASONS, type Message } from '../../../../domain';
import { aMessage } from '../../test/messages';
import { messageKeys } from '../waves';
import {
  enqueueMessage,
  flushOutbox,
  RETRY_FIRST_MS,
  removeFromOutbox,
  resetOutboxForTests,
  useOutbox,
} from './outbox';
import { outboxStore } from './outbox-store';

const CLIENT_ID = '0b5b2c1e-7d1a-4c56-9a3e-2f1d5e6a7b8c';
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * `message` queued by member 7 in conversation 10 (empty thread), with a server whose first
 * answer is a network failure and whose second stores it.
 */
async function queuedBehindOneFailure(message: Message) {
  const fetch = vi
    .fn()
    .mockRejectedValueOnce(new TypeError('Failed to fetch'))
    .mockResolvedValueOnce(json(201, message));
  vi.stubGlobal('fetch', fetch);
  const client = new QueryClient();
  client.setQueryData(messageKeys.thread(10), []);
  await enqueueMessage(7, 10, message.content, CLIENT_ID);
  const { result } = renderHook(() => useOutbox(10));
  return { fetch, client, result };
}

afterEach(() => {
  resetOutboxForTests();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

// Issue 21 item 4: what the offline queue does with the server's answer once it can send.
describe('the offline queue', () => {
  it('a refused message turns into a failed one with the reason, is not sent again, and Delete drops it', async () => {
    const fetch = vi.fn(async () => json(403, { message: ACCESS_REASONS.chatClosed }));
    vi.stubGlobal('fetch', fetch);
    await enqueueMessage(7, 10, 'See you at the gate', CLIENT_ID);
    const { result } = renderHook(() => useOutbox(10));
    expect(result.current).toEqual([expect.objectContaining({ state: 'queued' })]);

    await act(() => flushOutbox(new QueryClient(), 7));
    expect(result.current).toEqual([
      expect.objectContaining({ state: 'failed', error: ACCESS_REASONS.chatClosed }),
    ]);
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({
      waveId: 10,
      content: 'See you at the gate',
      clientId: CLIENT_ID,
    });

    await act(() => flushOutbox(new QueryClient(), 7));
    expect(fetch).toHaveBeenCalledTimes(1);
    act(() => removeFromOutbox(CLIENT_ID));
    expect(result.current).toEqual([]);
  });

  it('a connection still down keeps it queued; the next chance sends it once, into the thread', async () => {
    const { fetch, client, result } = await queuedBehindOneFailure(
      aMessage({ id: 41, content: 'See you at the gate' }),
    );

    await act(() => flushOutbox(client, 7));
    expect(result.current).toEqual([expect.objectContaining({ state: 'queued' })]);

    await act(() => flushOutbox(client, 7));
    expect(result.current).toEqual([]);
    expect(client.getQueryData<Message[]>(messageKeys.thread(10))?.map((m) => m.id)).toEqual([41]);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('a chance that comes while a send is failing is not lost: it goes round once more and sends', async () => {
    // The e2e journey's race: a tab's first send is failing (the connection still down) when
    // the browser comes back online; that 'online' must not be swallowed by the failing round.
    const stored = aMessage({ id: 42, content: 'Written at 35,000 feet' });
    let failFirst!: (error: Error) => void;
    const fetch = vi
      .fn()
      .mockImplementationOnce(
        () =>
          new Promise((_, reject) => {
            failFirst = reject;
          }),
      )
      .mockResolvedValueOnce(json(201, stored));
    vi.stubGlobal('fetch', fetch);
    const client = new QueryClient();
    client.setQueryData(messageKeys.thread(10), []);
    await enqueueMessage(7, 10, 'Written at 35,000 feet', CLIENT_ID);
    const { result } = renderHook(() => useOutbox(10));

    const first = flushOutbox(client, 7);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    // Back online while the first attempt is still out.
    const second = flushOutbox(client, 7);
    failFirst(new TypeError('Failed to fetch'));
    await act(() => Promise.all([first, second]));

    expect(fetch).toHaveBeenCalledTimes(2);
    expect(result.current).toEqual([]);
    expect(client.getQueryData<Message[]>(messageKeys.thread(10))?.map((m) => m.id)).toEqual([42]);
  });

  it("shows 'Queued' only once the message is stored: a tab closed at that moment keeps it", async () => {
    // The e2e journey's race: 'Queued' shown before IndexedDB committed, the tab closed, and
    // the next tab had nothing to send.
    let commit!: () => void;
    vi.spyOn(outboxStore, 'put').mockImplementation(
      () =>
        new Promise<undefined>((resolve) => {
          commit = () => resolve(undefined);
        }),
    );
    const { result } = renderHook(() => useOutbox(10));
    const queued = enqueueMessage(7, 10, 'Written at 35,000 feet', CLIENT_ID);
    await vi.waitFor(() => expect(outboxStore.put).toHaveBeenCalledTimes(1));
    expect(result.current).toEqual([]);

    await act(async () => {
      commit();
      await queued;
    });
    expect(result.current).toEqual([
      expect.objectContaining({ clientId: CLIENT_ID, state: 'queued' }),
    ]);
  });

  it('storage that refuses (private mode) still queues it for this tab', async () => {
    vi.spyOn(outboxStore, 'put').mockRejectedValue(
      new DOMException('refused', 'InvalidStateError'),
    );
    const { result } = renderHook(() => useOutbox(10));
    await act(() => enqueueMessage(7, 10, 'Written at 35,000 feet', CLIENT_ID));
    expect(result.current).toEqual([
      expect.objectContaining({ clientId: CLIENT_ID, state: 'queued' }),
    ]);
  });

  it('tries again on its own while a message stays queued: 5 s after a failed round, then it is sent', async () => {
    // The e2e journey's stall: back online, yet nothing more happened (no event came that the
    // queue saw) and the message stayed 'Queued'.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { fetch, client, result } = await queuedBehindOneFailure(
      aMessage({ id: 43, content: 'Written at 35,000 feet' }),
    );

    await act(() => flushOutbox(client, 7));
    expect(result.current).toEqual([expect.objectContaining({ state: 'queued' })]);
    await act(() => vi.advanceTimersByTimeAsync(RETRY_FIRST_MS - 1));
    expect(fetch).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    await vi.waitFor(() => expect(result.current).toEqual([]));
    // Sent: nothing more is tried.
    await act(() => vi.advanceTimersByTimeAsync(10 * RETRY_FIRST_MS));
    expect(fetch).toHaveBeenCalledTimes(2);
    vi.useRealTimers();
  });

  it("never sends another member's queue", async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    await enqueueMessage(8, 10, 'Not yours', CLIENT_ID);
    await act(() => flushOutbox(new QueryClient(), 7));
    expect(fetch).not.toHaveBeenCalled();
  });
});
