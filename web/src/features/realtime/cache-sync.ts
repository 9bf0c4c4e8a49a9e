import { matchQuery, type Query, type QueryClient, type QueryKey } from '@tanstack/react-query';
import {
  assertNever,
  type InvalidationKey,
  type Message,
  type PushNotification,
  type WaveWithParties,
} from '../../../../domain';
import { messageKeys, waveKeys } from '../waves';
import type { EventFrame } from './frames';

/**
 * Server pushes → the TanStack Query cache. While the socket is up nothing polls: these are
 * what keep the screens current. Only queries a screen is showing refetch (TanStack's
 * default for invalidation); the others are marked stale and refetch when next shown.
 */

/** Flight detail caches (features/flights/api.ts `flightKeys.detail`): crew cards carry wave states and online dots. */
const flightDetailKey = ['flights', 'detail'] as const;

/**
 * The query key prefixes each key of an `invalidate` frame stands for: 'flights' → every flight
 * list, stats and detail; 'stats' → both header counters; 'admin' → the approval screens;
 * 'waves' → the member's waves. A key added to the domain's union must be mapped here.
 */
const INVALIDATED_QUERIES: Record<InvalidationKey, QueryKey[]> = {
  flights: [['flights']],
  stats: [
    ['flights', 'stats'],
    ['users', 'stats'],
  ],
  admin: [['admin']],
  waves: [waveKeys.all],
};

export function keysToInvalidate(key: InvalidationKey): QueryKey[] {
  return INVALIDATED_QUERIES[key];
}

export type FrameEffects = {
  /** A push_notification: a browser notification or an in-app toast. */
  onPush: (data: PushNotification) => void;
  /** How an `invalidate` frame's keys are applied; by default at once. */
  invalidate?: (queryKey: QueryKey) => void;
  /** The signed-in member: their own messages change nothing in their wave list. */
  viewerId?: number;
};

/** Keys about the member's own data: refreshed the moment the server says so. */
const PERSONAL_KEYS = new Set(['waves', 'messages', 'auth']);
/** Shared screens (flight lists, stats) refresh at most once per this window. */
export const SHARED_REFRESH_WINDOW_MS = 30_000;

/**
 * Applies `invalidate` keys. Keys of the member's own data go at once. Keys of shared screens
 * (the server may tell everyone whenever any crew list changes) go at once the first time,
 * then at most once per window, at its end, so a busy platform never makes a member's screen
 * refetch more often than the spec's 30 s polling did, and the last change is never lost.
 */
export function createInvalidator(client: QueryClient, windowMs = SHARED_REFRESH_WINDOW_MS) {
  const shared = new Map<string, { last: number; timer?: ReturnType<typeof setTimeout> }>();
  const run = (queryKey: QueryKey) => void client.invalidateQueries({ queryKey });
  return {
    invalidate(queryKey: QueryKey) {
      if (PERSONAL_KEYS.has(String(queryKey[0]))) return run(queryKey);
      const id = JSON.stringify(queryKey);
      const now = Date.now();
      const entry = shared.get(id);
      if (!entry || now - entry.last >= windowMs) {
        shared.set(id, { last: now });
        return run(queryKey);
      }
      if (entry.timer !== undefined) return;
      entry.timer = setTimeout(
        () => {
          entry.timer = undefined;
          entry.last = Date.now();
          run(queryKey);
        },
        entry.last + windowMs - now,
      );
    },
    dispose() {
      for (const entry of shared.values()) clearTimeout(entry.timer);
      shared.clear();
    },
  };
}

export function applyServerFrame(client: QueryClient, frame: EventFrame, effects: FrameEffects) {
  switch (frame.type) {
    case 'message': {
      const { recipientId: _recipient, senderNickname: _nickname, ...message } = frame.data;
      addMessage(client, message);
      // Unread counts move for the recipient only.
      if (message.senderId !== effects.viewerId)
        void client.invalidateQueries({ queryKey: waveKeys.all });
      return;
    }
    case 'wave_update': {
      const { waveId, status } = frame.data;
      if (status === 'deleted') {
        client.setQueryData<WaveWithParties[]>(waveKeys.list, (list) =>
          list?.filter((wave) => wave.id !== waveId),
        );
        client.removeQueries({ queryKey: messageKeys.thread(waveId) });
      }
      void client.invalidateQueries({ queryKey: waveKeys.all });
      void client.invalidateQueries({ queryKey: flightDetailKey });
      return;
    }
    case 'presence': {
      const { userId, isOnline } = frame.data;
      // The other person's dot on wave cards and in the chat header: set in place, no refetch.
      client.setQueryData<WaveWithParties[]>(waveKeys.list, (list) =>
        list?.map((wave) => {
          if (wave.sender.id === userId && wave.sender.isOnline !== isOnline)
            return { ...wave, sender: { ...wave.sender, isOnline } };
          if (wave.receiver.id === userId && wave.receiver.isOnline !== isOnline)
            return { ...wave, receiver: { ...wave.receiver, isOnline } };
          return wave;
        }),
      );
      // Crew lists show the dot and the 'N of M crew online' count: the open one refetches.
      void client.invalidateQueries({ queryKey: flightDetailKey });
      return;
    }
    case 'invalidate': {
      const invalidate =
        effects.invalidate ?? ((queryKey: QueryKey) => void client.invalidateQueries({ queryKey }));
      for (const key of frame.data.keys) {
        for (const queryKey of keysToInvalidate(key)) invalidate(queryKey);
      }
      return;
    }
    case 'push_notification':
      effects.onPush(frame.data);
      return;
    default:
      assertNever(frame);
  }
}

/**
 * Adds a message to its thread's cache, once (the sender's own message comes back both as the
 * ack and as a `message` frame). A thread nobody has loaded is left alone: it is fetched whole
 * when opened. A thread being fetched right now is fetched again: the answer on its way may
 * have been read before this message was written, and would land without it (the sender's own
 * message vanished when sent while the chat was still loading).
 */
export function addMessage(client: QueryClient, message: Message) {
  const key = messageKeys.thread(message.waveId);
  client.setQueryData<Message[]>(key, (list) => {
    if (!list || list.some((m) => m.id === message.id)) return list;
    return [...list, message].sort((a, b) => a.id - b.id);
  });
  // Cancel first: invalidating alone would join a first load in flight, not replace it.
  if (client.getQueryState(key)?.fetchStatus === 'fetching') {
    void client
      .cancelQueries({ queryKey: key, exact: true })
      .then(() => client.invalidateQueries({ queryKey: key, exact: true }));
  }
}

/** What pushes keep current: the `invalidate` frames' queries, the waves and the chat threads. */
const PUSHED_QUERIES: QueryKey[] = [
  ...Object.values(INVALIDATED_QUERIES).flat(),
  waveKeys.all,
  messageKeys.all,
];

/**
 * The socket's first connection: what the screen fetched before the server had this socket may
 * have missed a push sent in between (an answer to a wave given in that second stayed 'Pending'
 * until a reload). The queries pushes keep current are fetched once more: those a screen shows
 * at once, the others when next shown, and one still loading without a screen again (its answer
 * may predate the socket). Queries no push changes (profile, payments, calendar) are left alone.
 */
export async function refreshAfterFirstConnect(client: QueryClient) {
  const pushed = (query: Query) =>
    PUSHED_QUERIES.some((queryKey) => matchQuery({ queryKey }, query));
  const loading = (query: Query) => pushed(query) && query.state.fetchStatus === 'fetching';
  // Cancelled first: a refetch would join a first load in flight rather than replace it.
  const unscreened = client.getQueryCache().findAll({ predicate: loading, type: 'inactive' });
  await client.cancelQueries({ predicate: loading });
  await Promise.all([
    client.invalidateQueries({ predicate: pushed }),
    ...unscreened.map((query) => query.fetch().catch(() => undefined)),
  ]);
}

/**
 * After the socket comes back from a gap, pushes may have been missed: everything on screen
 * refetches once (the session excepted) — crew lists, counters, the waves list (a wave deleted
 * meanwhile is not in GET /api/sync). Chat threads too, unless `threadsSynced`: then GET
 * /api/sync brings their missed messages instead (features/messages/sync.ts).
 */
export function refreshAfterGap(client: QueryClient, threadsSynced = false) {
  void client.invalidateQueries({
    predicate: (query) =>
      query.queryKey[0] !== 'auth' && !(threadsSynced && query.queryKey[0] === 'messages'),
  });
}
