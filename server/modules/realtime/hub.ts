import type { WebSocket } from 'ws';
import type { ServerFrame } from '../../../domain';

export type Connection = {
  socket: WebSocket;
  userId: number;
  /** What the rules need of the member; the full row is not kept per socket. */
  viewer: { id: number; isAdmin: boolean; isDemoUser: boolean };
  tokenHash: string;
  alive: boolean;
};

/**
 * The member a frame comes from, for the block filter: a message's sender, whose presence it is.
 * Frames about no other member (wave updates by id, invalidations, answers) have none.
 */
export function frameOrigin(frame: ServerFrame): number | null {
  if (frame.type === 'message') return frame.data.senderId;
  if (frame.type === 'presence') return frame.data.userId;
  return null;
}

const pairKey = (a: number, b: number) => `${Math.min(a, b)}:${Math.max(a, b)}`;

/** The sockets of this instance, by user: a member may have several tabs and devices. */
export function createHub() {
  const byUser = new Map<number, Set<Connection>>();
  /** Blocked pairs (either way) involving members connected here: their frames never cross. */
  const blockedPairs = new Set<string>();

  return {
    /**
     * Adds the socket; when the member would have more than `max` here, their oldest leave the
     * hub and are returned for the caller to close.
     */
    add(conn: Connection, max = Number.POSITIVE_INFINITY): Connection[] {
      let set = byUser.get(conn.userId);
      if (!set) {
        set = new Set();
        byUser.set(conn.userId, set);
      }
      const evicted: Connection[] = [];
      // A Set iterates in insertion order: the first is the oldest.
      for (const old of set) {
        if (set.size - evicted.length < max) break;
        evicted.push(old);
      }
      for (const old of evicted) set.delete(old);
      set.add(conn);
      return evicted;
    },
    /** Returns true when that was the user's last socket here. */
    remove(conn: Connection): boolean {
      const set = byUser.get(conn.userId);
      if (!set) return false;
      set.delete(conn);
      if (set.size === 0) {
        byUser.delete(conn.userId);
        return true;
      }
      return false;
    },
    /** Sends to every socket of each user; returns how many sockets it reached. */
    send(userIds: Iterable<number>, frame: ServerFrame): number {
      const text = JSON.stringify(frame);
      const origin = frameOrigin(frame);
      let reached = 0;
      for (const id of new Set(userIds)) {
        if (origin !== null && blockedPairs.has(pairKey(origin, id))) continue;
        for (const conn of byUser.get(id) ?? []) {
          if (conn.socket.readyState === conn.socket.OPEN) {
            conn.socket.send(text);
            reached += 1;
          }
        }
      }
      return reached;
    },
    broadcast(frame: ServerFrame): number {
      return this.send(byUser.keys(), frame);
    },
    close(userId: number, tokenHash: string | undefined, code: number, reason: string) {
      for (const conn of byUser.get(userId) ?? []) {
        if (!tokenHash || conn.tokenHash === tokenHash) conn.socket.close(code, reason);
      }
    },
    setBlocked(a: number, b: number, blocked: boolean) {
      if (blocked) blockedPairs.add(pairKey(a, b));
      else blockedPairs.delete(pairKey(a, b));
    },
    connectedUserIds: () => [...byUser.keys()],
    has: (userId: number) => byUser.has(userId),
    viewerOf: (userId: number) => byUser.get(userId)?.values().next().value?.viewer,
    connections: function* () {
      for (const set of byUser.values()) yield* set;
    },
    size: () => {
      let n = 0;
      for (const set of byUser.values()) n += set.size;
      return n;
    },
  };
}

export type Hub = ReturnType<typeof createHub>;
