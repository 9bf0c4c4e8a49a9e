import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { Message, SendMessageRequest } from '../../../../domain';
import { ApiError, api } from '../../lib/api-client';
import { addMessage } from '../realtime';
import { waveKeys } from '../waves';
import { type OutboxRecord, outboxStore } from './outbox-store';

/**
 * The offline send queue (issue 21): a message written without a connection is kept here and
 * in IndexedDB, shown as 'Queued', and sent with its clientId when the connection returns —
 * also after the tab was closed and reopened. A message the server refuses (the chat closed at
 * departure, the conversation deleted) stays as 'failed' with the server's reason until the
 * member deletes it. Queued messages go by POST /api/messages: its status tells a refusal (4xx)
 * from a connection still down (network error), which a socket error frame does not.
 */

let records: OutboxRecord[] = [];
const listeners = new Set<() => void>();

function set(next: OutboxRecord[]) {
  records = next.sort((a, b) => a.createdAt - b.createdAt);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Storage failing (private mode) loses only the reload-proofing: the in-memory queue still works. */
const quietly = (work: Promise<unknown>) => void work.catch(() => undefined);

/** Reads the member's queue from IndexedDB (a tab opened again); another user's is left alone. */
export async function loadOutbox(userId: number): Promise<void> {
  const stored = await outboxStore.all().catch(() => [] as OutboxRecord[]);
  const known = new Set(records.map((r) => r.clientId));
  set([
    ...records.filter((r) => r.userId === userId),
    ...stored.filter((r) => r.userId === userId && !known.has(r.clientId)),
  ]);
}

/**
 * Keeps a message to send later; resolves once it is stored. `clientId`: the one a failed
 * attempt already used, so if that attempt did reach the server the resend is the same message.
 * 'Queued' shows only once IndexedDB committed the record: a member who closes the tab the
 * moment it shows still finds it in the next one (shown first, a close in that instant lost it).
 */
export async function enqueueMessage(
  userId: number,
  waveId: number,
  content: string,
  clientId: string = crypto.randomUUID(),
) {
  const record: OutboxRecord = {
    clientId,
    userId,
    waveId,
    content,
    createdAt: Date.now(),
    state: 'queued',
  };
  // Storage refused (private mode): the queue still holds it for this tab.
  await outboxStore.put(record).catch(() => undefined);
  set([...records, record]);
  return record;
}

/** 'Delete' on a failed (or still queued) message: it is never sent. */
export function removeFromOutbox(clientId: string) {
  set(records.filter((r) => r.clientId !== clientId));
  quietly(outboxStore.remove(clientId));
}

/**
 * The member's own messages the server already holds, by clientId: the queue's copies of them
 * are done. A send whose answer was lost after the server stored it (the connection dropped on
 * the way back) is queued anyway, and the thread then brings the stored copy — without this the
 * member sees it twice until the resend is answered.
 */
export function deliveredClientIds(messages: readonly Message[], userId: number): Set<string> {
  const ids = new Set<string>();
  for (const m of messages) if (m.senderId === userId && m.clientId) ids.add(m.clientId);
  return ids;
}

/** Drops the queue's copies of messages the server already holds (see deliveredClientIds). */
export function settleDelivered(delivered: ReadonlySet<string>) {
  const done = records.filter((r) => delivered.has(r.clientId));
  if (done.length === 0) return;
  set(records.filter((r) => !delivered.has(r.clientId)));
  for (const r of done) quietly(outboxStore.remove(r.clientId));
}

/** A refusal the member must see: the request arrived and the server said no for good. */
function isRefusal(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 408 &&
    error.status !== 429
  );
}

let flushing: Promise<void> | null = null;
let again = false;

/**
 * A send that has not answered in this long counts as the connection still down: on hotel
 * Wi-Fi a request can hang for minutes, and the queue waits on it (single-flight).
 */
export const SEND_TIMEOUT_MS = 15_000;
/**
 * While messages stay queued and the browser says online, the queue tries again on its own:
 * 5 s, then twice as long each time, at most a minute. The browser's 'online' event and the
 * socket's connect are chances too, but one can be missed (it came while a send was failing,
 * or the connection came back without either), and a message must not wait for the next.
 */
export const RETRY_FIRST_MS = 5_000;
const RETRY_MAX_MS = 60_000;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let retryDelay = RETRY_FIRST_MS;

function settleRetry(client: QueryClient, userId: number) {
  const waiting = records.some((r) => r.userId === userId && r.state === 'queued');
  if (!waiting) {
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
    retryDelay = RETRY_FIRST_MS;
    return;
  }
  if (retryTimer) return;
  retryTimer = setTimeout(() => {
    retryTimer = null;
    // Offline: the 'online' event is the next chance.
    if (navigator.onLine) void flushOutbox(client, userId);
  }, retryDelay);
  retryDelay = Math.min(retryDelay * 2, RETRY_MAX_MS);
}

const sendTimeout = () =>
  typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(SEND_TIMEOUT_MS) : undefined;

/**
 * Sends the member's queued messages, oldest first, one at a time (their order is the
 * conversation's). Stops at the first network failure: the rest waits for the next chance.
 * Single-flight: a call while one runs makes it go round once more — also when the round ends
 * on a network failure (the call is a new chance: the browser back online, the socket
 * connected, which the failing attempt predates).
 */
export function flushOutbox(client: QueryClient, userId: number): Promise<void> {
  if (flushing) {
    again = true;
    return flushing;
  }
  flushing = (async () => {
    do {
      again = false;
      for (const record of records.filter((r) => r.userId === userId && r.state === 'queued')) {
        // Deleted meanwhile: not sent.
        if (!records.some((r) => r.clientId === record.clientId)) continue;
        try {
          const body = {
            waveId: record.waveId,
            content: record.content,
            clientId: record.clientId,
          } satisfies SendMessageRequest;
          const signal = sendTimeout();
          const message = await api.post<Message>('/api/messages', body, signal ? { signal } : {});
          removeFromOutbox(record.clientId);
          addMessage(client, message);
          void client.invalidateQueries({ queryKey: waveKeys.all });
        } catch (error) {
          if (!isRefusal(error)) break;
          const failed: OutboxRecord = { ...record, state: 'failed', error: error.message };
          set(records.map((r) => (r.clientId === record.clientId ? failed : r)));
          quietly(outboxStore.put(failed));
        }
      }
    } while (again);
  })().finally(() => {
    flushing = null;
    settleRetry(client, userId);
  });
  return flushing;
}

/** The queued and failed messages of one conversation, oldest first. */
export function useOutbox(waveId: number): OutboxRecord[] {
  const all = useSyncExternalStore(
    subscribe,
    () => records,
    () => records,
  );
  return all.filter((r) => r.waveId === waveId);
}

/** For tests: forget the in-memory queue. */
export function resetOutboxForTests() {
  set([]);
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  retryDelay = RETRY_FIRST_MS;
}

/**
 * The send path's one hook into the queue: without a connection (the browser says offline, or
 * the request never reached the server) the message is queued instead and resolves null.
 * Without a signed-in member there is no queue to keep it in: the send fails as before.
 */
export async function sendOrQueue(
  userId: number | undefined,
  waveId: number,
  content: string,
  send: () => Promise<Message>,
  clientId?: string,
): Promise<Message | null> {
  if (userId !== undefined && !navigator.onLine) {
    await enqueueMessage(userId, waveId, content, clientId);
    return null;
  }
  try {
    return await send();
  } catch (error) {
    if (userId === undefined || !(error instanceof ApiError) || error.status !== 0) throw error;
    await enqueueMessage(userId, waveId, content, clientId);
    return null;
  }
}
