import { randomUUID } from 'node:crypto';
import { and, eq, inArray, not, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import {
  assertNever,
  CLIENT_ID_MAX,
  type ClientFrame,
  type ClientRequestFrame,
  clientFrameSchema,
  exceedsJsonDepth,
  FLOODED_SOCKET_CLOSE_CODE,
  FLOODED_SOCKET_COOLDOWN_MS,
  FLOODED_SOCKET_REASON,
  FLOODED_SOCKET_REFUSALS,
  type LiveMessage,
  MAX_SOCKETS_PER_MEMBER,
  MESSAGE_MAX,
  type Message,
  messageClientIdOf,
  type PushPayload,
  type ServerFrame,
  storableInput,
  TOO_MANY_MESSAGES,
  TOO_MANY_SOCKETS_CLOSE_CODE,
  TOO_MANY_SOCKETS_REASON,
  UNAVAILABLE_CODE,
  UNAVAILABLE_MESSAGE,
  type Wave,
} from '../../../domain';
import { type Database, isDatabaseUnavailable } from '../../db/client';
import {
  type MessageRow,
  messages,
  sessions,
  type UserRow,
  users,
  type WaveRow,
  waves,
} from '../../db/schema';
import type { Bus, BusEvent } from '../../lib/bus';
import type { Clock } from '../../lib/clock';
import { HttpError } from '../../lib/errors';
import type { MemberThrottle } from '../../lib/member-throttle';
import { hiddenMembersFor } from '../blocks/queries';
import { presentMessage } from '../messages/presenter';
import type { PushSender } from '../push/sender';
import { isOnlineAt, isOnlineSql } from '../users/online';
import { presentMember } from '../users/presenter';
import { type Connection, createHub } from './hub';

const SWEEP_MS = 30_000;
const SWEEP_BATCH = 25;

function* batches<T>(items: T[]): Generator<T[]> {
  for (let i = 0; i < items.length; i += SWEEP_BATCH) yield items.slice(i, i + SWEEP_BATCH);
}

const yieldToIo = () => new Promise((resolve) => setImmediate(resolve));

/**
 * The `clientId` a parsed frame carries, if any: a refusal names the request it refuses (an
 * invalid one echoes it as sent, even one too long to be valid: domain/schemas/realtime.ts).
 */
function clientIdOf(value: unknown): { clientId?: string } {
  const clientId = (value as { clientId?: unknown } | null)?.clientId;
  return typeof clientId === 'string' ? { clientId } : {};
}

/**
 * A throttled frame's clientId, read only from a frame no larger than a real request (a message
 * of MESSAGE_MAX characters) and only if it is a real request id: refusing a flood must stay
 * cheaper than serving it, and a refusal must not echo back more than a few bytes.
 */
const THROTTLED_FRAME_READ_MAX = 2 * MESSAGE_MAX + 512;
function throttledClientId(data: Buffer): { clientId?: string } {
  // Bytes, before decoding: a 64 KB frame refused is never turned into text.
  if (data.length > THROTTLED_FRAME_READ_MAX * 3) return {};
  const raw = data.toString();
  if (raw.length > THROTTLED_FRAME_READ_MAX) return {};
  let found: { clientId?: string };
  try {
    found = clientIdOf(JSON.parse(raw));
  } catch {
    return {};
  }
  return found.clientId && found.clientId.length <= CLIENT_ID_MAX ? found : {};
}

/** What the socket can ask for: the same service functions and rules as the HTTP routes. */
type Viewer = { id: number; isAdmin: boolean; isDemoUser: boolean };

export type FrameHandlers = {
  sendMessage(
    user: Viewer,
    input: { waveId: number; content: string; clientId?: string },
  ): Promise<Message>;
  respondToWave(user: Viewer, waveId: number, status: 'accepted' | 'rejected'): Promise<Wave>;
};

/** A frame's bytes (ws hands fragments over as a list, ArrayBuffers only if asked to). */
const bytesOf = (data: RawData): Buffer =>
  Buffer.isBuffer(data)
    ? data
    : Array.isArray(data)
      ? Buffer.concat(data)
      : Buffer.from(data as ArrayBuffer);

/** Like every HTTP body, a frame's text must be storable before its own schema reads it. */
const clientFrame = storableInput(clientFrameSchema);

/**
 * The live channel: one hub of this instance's sockets, fed by the bus so an event published on
 * any instance reaches the recipient's sockets wherever they are connected.
 */
export function createRealtime(deps: {
  database: Database;
  clock: Clock;
  bus: Bus;
  log: FastifyBaseLogger;
  throttle: MemberThrottle;
  push: Pick<PushSender, 'notify'>;
  /** A member's own row changed here (presence): cached copies of it must go, on every instance. */
  onMemberRowChange?: (userId: number) => void;
}) {
  const { db } = deps.database;
  const hub = createHub();
  /** Names this process on the bus, so it can skip the events it has already delivered. */
  const instanceId = randomUUID();
  let handlers: FrameHandlers | null = null;
  let sweep: NodeJS.Timeout | null = null;
  /**
   * Set by `stop`. A client whose socket the stop just closed reconnects at once; taken in, that
   * socket was in no list `stop` closed, and its peer (a phone gone offline) never closed it: the
   * HTTP server's close then waited on it past the process's 15 s limit (exit 1).
   */
  let stopping = false;

  /**
   * The notification a wave event means for one of its two people (the receiver of a new wave,
   * the sender of an accepted one), the same on a socket and as a Web Push. Says nothing of who
   * waved: the reveal rules decide that, in the app.
   */
  function waveNotice(event: Extract<BusEvent, { e: 'wave' }>) {
    const [senderId, receiverId] = event.to;
    if (event.status === 'pending' && receiverId !== undefined)
      return {
        userId: receiverId,
        title: 'New Wave',
        message: 'A crew member waved at you',
        url: '/messages',
        tag: `wave-${event.id}`,
      };
    if (event.status === 'accepted' && senderId !== undefined)
      return {
        userId: senderId,
        title: 'Wave Accepted',
        message: 'Your wave was accepted: say hello!',
        url: `/messages?waveId=${event.id}`,
        tag: `wave-${event.id}`,
      };
    return null;
  }

  /**
   * A Web Push to the member's devices when no socket of theirs is open: none on this instance
   * and, with several instances (PostgreSQL bus), no recent socket heartbeat in the database
   * (an open socket refreshes it every 30 s; the last socket closing clears it). Decided here, on
   * the instance that committed the change, so the push is sent once.
   */
  function pushIfAway(userId: number, payload: PushPayload | (() => Promise<PushPayload>)) {
    if (hub.has(userId)) return;
    const away =
      deps.bus.kind === 'postgres'
        ? not(
            sql`exists (${db
              .select({ one: sql`1` })
              .from(users)
              .where(and(eq(users.id, userId), isOnlineSql(deps.clock.now())))})`,
          )
        : undefined;
    deps.push.notify(userId, payload, away);
  }

  function publish(event: BusEvent) {
    if (event.e === 'wave') {
      const notice = waveNotice(event);
      if (notice) {
        const { userId, message, ...rest } = notice;
        pushIfAway(userId, { ...rest, body: message });
      }
    }
    deps.bus.publish(event).catch((err: unknown) => deps.log.warn({ err }, 'event publish failed'));
  }

  /** A frame for these members' sockets (or every socket), on whichever instance they are. */
  function send(to: number[] | 'all', frame: ServerFrame) {
    publish({ e: 'frame', to, frame });
  }

  type SentMessage = { message: MessageRow; wave: WaveRow; sender: UserRow };

  /**
   * A new message to the sockets of its two people on this instance, each seeing the sender as
   * the reveal rules allow.
   */
  function deliverMessage({ message, wave, sender }: SentMessage, now: Date) {
    const recipientId = wave.senderId === sender.id ? wave.receiverId : wave.senderId;
    const data: Omit<LiveMessage, 'senderNickname'> = { ...presentMessage(message), recipientId };
    for (const userId of [sender.id, recipientId]) {
      const viewer = hub.viewerOf(userId);
      if (!viewer) continue;
      const senderName =
        userId === sender.id
          ? 'You'
          : presentMember(viewer, { ...sender, isOnline: isOnlineAt(sender, now) }, wave, now)
              .displayName;
      hub.send([userId], { type: 'message', data: { ...data, senderNickname: senderName } });
      if (userId === recipientId) {
        hub.send([userId], {
          type: 'push_notification',
          data: {
            title: 'New Message',
            message: `${senderName}: ${message.content.slice(0, 80)}`,
            url: `/messages?waveId=${wave.id}`,
          },
        });
      }
    }
  }

  /**
   * After a message committed: this instance's sockets get it at once from the rows in hand (no
   * query, no trip through the bus), and the other instances through the bus, which load it.
   */
  function publishMessage(sent: SentMessage) {
    const now = deps.clock.now();
    // On the next turn, so the sending socket reads its `message_ack` before its own `message`
    // frame: the other way round, the sender's screen showed the message twice (the pending copy
    // and the pushed one) until the ack arrived.
    setImmediate(() => {
      try {
        deliverMessage(sent, now);
      } catch (err) {
        // The message is committed: its sender must get their acknowledgement regardless.
        deps.log.warn({ err }, 'local message delivery failed');
      }
    });
    const { wave, sender } = sent;
    const recipientId = wave.senderId === sender.id ? wave.receiverId : wave.senderId;
    // The sender's name as the recipient may see it (reveal rules), read only if they have a
    // device to push to.
    pushIfAway(recipientId, async () => {
      const [recipient] = await db.select().from(users).where(eq(users.id, recipientId));
      const name = recipient
        ? presentMember(recipient, { ...sender, isOnline: isOnlineAt(sender, now) }, wave, now)
            .displayName
        : 'Crew member';
      return {
        title: 'New Message',
        body: `${name}: ${sent.message.content.slice(0, 80)}`,
        url: `/messages?waveId=${wave.id}`,
        tag: `chat-${wave.id}`,
      };
    });
    if (deps.bus.kind === 'postgres') {
      publish({
        e: 'message',
        id: sent.message.id,
        to: [sender.id, recipientId],
        from: instanceId,
      });
    }
  }

  async function deliver(event: BusEvent) {
    const now = deps.clock.now();
    switch (event.e) {
      case 'message': {
        // The sending instance delivered it already, from the rows it had in hand.
        if (event.from === instanceId) return;
        if (!event.to.some((id) => hub.has(id))) return;
        const [row] = await db
          .select({ message: messages, wave: waves, sender: users })
          .from(messages)
          .innerJoin(waves, eq(waves.id, messages.waveId))
          .innerJoin(users, eq(users.id, messages.senderId))
          .where(eq(messages.id, event.id));
        if (row) deliverMessage(row, now);
        return;
      }
      case 'wave':
        hub.send(event.to, {
          type: 'wave_update',
          data: { waveId: event.id, status: event.status },
        });
        {
          const notice = waveNotice(event);
          if (notice) {
            const { title, message, url } = notice;
            hub.send([notice.userId], {
              type: 'push_notification',
              data: { title, message, url },
            });
          }
        }
        return;
      case 'wave_deleted':
        hub.send(event.to, { type: 'wave_update', data: { waveId: event.id, status: 'deleted' } });
        return;
      case 'block':
        hub.setBlocked(event.pair[0], event.pair[1], event.blocked);
        for (const waveId of event.waveIds)
          hub.send(event.pair, { type: 'wave_update', data: { waveId, status: 'deleted' } });
        return;
      case 'revoke':
        hub.close(event.userId, event.tokenHash, 4401, 'session ended');
        return;
      case 'member': // For the session cache (app.ts), not for sockets.
      case 'crew': // For the home list's joined sets (app.ts).
        return;
      case 'frame':
        if (event.to === 'all') hub.broadcast(event.frame);
        else hub.send(event.to, event.frame);
        return;
      default:
        assertNever(event);
    }
  }

  deps.bus.subscribe((event) => {
    deliver(event).catch((err: unknown) => deps.log.warn({ err }, 'event delivery failed'));
  });

  /** The people who should see this member come and go: everyone they share a wave with. */
  async function wavePartners(userId: number) {
    const rows = await db
      .select({ senderId: waves.senderId, receiverId: waves.receiverId })
      .from(waves)
      .where(or(eq(waves.senderId, userId), eq(waves.receiverId, userId)));
    return [...new Set(rows.map((r) => (r.senderId === userId ? r.receiverId : r.senderId)))];
  }

  /**
   * Presence writes of each member, one after another on this instance. Each writes what the hub
   * holds when it runs, not what held when it was asked for: a socket that closed while its
   * opening's write waited (behind a block list read, or a busy database) must not be written
   * online after its close wrote it offline, which left the member 'online' for 90 s.
   */
  const presenceWrites = new Map<number, Promise<void>>();
  /** `refresh`: a heartbeat's write, which tells no one (the state it writes is not news). */
  function syncPresence(userId: number, refresh = false): Promise<void> {
    const write = (presenceWrites.get(userId) ?? Promise.resolve())
      .then(() => writePresence(userId, hub.has(userId), refresh))
      .catch((err: unknown) => deps.log.warn({ err }, 'presence write failed'));
    presenceWrites.set(userId, write);
    void write.then(() => {
      if (presenceWrites.get(userId) === write) presenceWrites.delete(userId);
    });
    return write;
  }

  async function writePresence(userId: number, online: boolean, refresh: boolean) {
    const now = deps.clock.now();
    await db
      .update(users)
      .set({ isOnline: online, lastHeartbeatAt: online ? now : null })
      .where(eq(users.id, userId));
    if (refresh) return;
    deps.onMemberRowChange?.(userId);
    const to = await wavePartners(userId);
    if (to.length) send(to, { type: 'presence', data: { userId, isOnline: online } });
  }

  /** An answer to this socket alone. */
  function reply(conn: Connection, frame: ServerFrame) {
    if (conn.socket.readyState === conn.socket.OPEN) conn.socket.send(JSON.stringify(frame));
  }

  /**
   * Members whose socket was closed for flooding, until when their upgrades are refused (429):
   * closing alone would only trade the flood for a reconnect loop, each opening a session
   * lookup, a block-list read and presence writes. Per instance, pruned as it grows.
   */
  const floodedUntil = new Map<number, number>();
  function socketRefusedUntil(userId: number): Date | null {
    const untilMs = floodedUntil.get(userId);
    if (untilMs === undefined) return null;
    if (untilMs > deps.clock.now().getTime()) return new Date(untilMs);
    floodedUntil.delete(userId);
    return null;
  }
  function closeFlooded(conn: Connection) {
    const nowMs = deps.clock.now().getTime();
    if (floodedUntil.size > 1000)
      for (const [id, until] of floodedUntil) if (until <= nowMs) floodedUntil.delete(id);
    floodedUntil.set(conn.userId, nowMs + FLOODED_SOCKET_COOLDOWN_MS);
    conn.socket.close(FLOODED_SOCKET_CLOSE_CODE, FLOODED_SOCKET_REASON);
    // A peer that keeps sending instead of answering the close is cut after a second.
    setTimeout(() => conn.socket.terminate(), 1000).unref();
  }

  /**
   * Every frame, binary or not, is charged to the member's budget before it is decoded. Over it,
   * the frame is refused from its length alone; FLOODED_SOCKET_REFUSALS refusals in a row close
   * the socket (1008), and it reads nothing more.
   */
  function onFrame(conn: Connection, data: RawData, isBinary: boolean, flood: { refused: number }) {
    if (flood.refused > FLOODED_SOCKET_REFUSALS) return;
    const bytes = bytesOf(data);
    if (!deps.throttle.take(conn.userId).ok) {
      flood.refused += 1;
      if (flood.refused > FLOODED_SOCKET_REFUSALS) return closeFlooded(conn);
      // With the request's clientId: the sender's pending message fails now, not at its timeout.
      const clientId = isBinary ? {} : throttledClientId(bytes);
      return reply(conn, { type: 'error', message: TOO_MANY_MESSAGES, ...clientId });
    }
    flood.refused = 0;
    if (isBinary) return reply(conn, { type: 'error', message: 'Binary frames are not supported' });
    void handleFrame(conn, bytes.toString());
  }

  async function handleFrame(conn: Connection, raw: string) {
    // Charged (onFrame) before anything is read; nested past the limit, it is neither parsed nor
    // scanned (the scan stops at the first character too deep).
    if (exceedsJsonDepth(raw)) {
      reply(conn, { type: 'error', message: 'Invalid frame' });
      return;
    }
    let json: unknown;
    let result: ReturnType<typeof clientFrame.safeParse>;
    try {
      json = JSON.parse(raw);
      result = clientFrame.safeParse(json);
    } catch {
      reply(conn, { type: 'error', message: 'Invalid frame' });
      return;
    }
    if (!result.success) {
      reply(conn, {
        type: 'error',
        message: result.error.issues[0]?.message ?? 'Invalid frame',
        ...clientIdOf(json),
      });
      return;
    }
    const parsed: ClientFrame = result.data;
    switch (parsed.type) {
      case 'ping':
        return reply(conn, { type: 'pong' });
      case 'heartbeat':
        // In line with the opening's and the close's writes (see syncPresence); partners
        // already know the member is online.
        return syncPresence(conn.userId, true);
      case 'auth':
        // Identity comes from the session cookie; the frame can only confirm it, never change it.
        return reply(
          conn,
          parsed.userId === conn.userId
            ? { type: 'auth_success', userId: conn.userId, cursor: deps.clock.now().toISOString() }
            : { type: 'auth_error', message: 'Failed to authenticate WebSocket connection' },
        );
      case 'new_message':
      case 'wave_update':
        return answerRequest(conn, parsed);
      default:
        assertNever(parsed);
    }
  }

  /** A request frame runs the HTTP route's service function; the answer carries its clientId. */
  async function answerRequest(conn: Connection, frame: ClientRequestFrame) {
    if (!handlers)
      return reply(conn, { type: 'error', message: 'Not available', clientId: frame.clientId });
    const user = conn.viewer;
    try {
      const data =
        frame.type === 'new_message'
          ? await handlers.sendMessage(user, {
              waveId: frame.waveId,
              content: frame.content,
              // A UUID tag is the message's client id: a resend of it answers the stored one.
              clientId: messageClientIdOf(frame.clientId),
            })
          : await handlers.respondToWave(user, frame.waveId, frame.status);
      reply(conn, { type: 'message_ack', clientId: frame.clientId, data });
    } catch (error) {
      reply(conn, { type: 'error', clientId: frame.clientId, ...refusalOf(error) });
    }
  }

  /**
   * What a failed request frame answers, as the HTTP error mapping would: a refusal with its
   * code (e.g. 'overloaded': retry later with the same clientId); a database that cannot be
   * reached as HTTP's 503, code 'unavailable' (retried by the client; one warn line, no stack);
   * anything else a generic error, logged.
   */
  function refusalOf(error: unknown): { message: string; code?: string } {
    if (error instanceof HttpError) {
      const code = error.extra.code;
      return { message: error.message, ...(code ? { code } : {}) };
    }
    if (isDatabaseUnavailable(error)) {
      deps.log.warn({ code: (error as { code?: unknown }).code }, 'database unavailable');
      return { message: UNAVAILABLE_MESSAGE, code: UNAVAILABLE_CODE };
    }
    deps.log.error({ err: error }, 'socket frame failed');
    return { message: 'Something went wrong. Please try again.' };
  }

  async function attach(
    socket: WebSocket,
    session: { user: { id: number; isAdmin: boolean; isDemoUser: boolean }; tokenHash: string },
  ) {
    // Defensive: the routes refuse upgrades once stopping (see `stopping`).
    if (stopping) {
      socket.terminate();
      return;
    }
    const { id, isAdmin, isDemoUser } = session.user;
    const conn: Connection = {
      socket,
      userId: id,
      viewer: { id, isAdmin, isDemoUser },
      tokenHash: session.tokenHash,
      alive: true,
    };
    const first = !hub.has(conn.userId);
    // Over the cap, the member's oldest sockets make room; they left the hub already, so their
    // close does not mark the member offline.
    for (const old of hub.add(conn, MAX_SOCKETS_PER_MEMBER)) {
      old.socket.close(TOO_MANY_SOCKETS_CLOSE_CODE, TOO_MANY_SOCKETS_REASON);
    }
    socket.on('pong', () => {
      conn.alive = true;
    });
    const flood = { refused: 0 };
    socket.on('message', (data, isBinary) => onFrame(conn, data, isBinary, flood));
    socket.on('close', () => {
      if (hub.remove(conn)) void syncPresence(conn.userId);
    });
    socket.on('error', () => socket.terminate());
    // The member's blocks, for the hub's filter (events keep it current from then on).
    if (first) {
      const hidden = await hiddenMembersFor(db, id).catch(() => new Set<number>());
      for (const other of hidden) hub.setBlocked(id, other, true);
    }
    if (first) await syncPresence(conn.userId);
  }

  /** Every 30 s: drop dead sockets, refresh presence, and close sockets whose session is gone. */
  async function runSweep() {
    const conns = [...hub.connections()];
    // In batches too: a ping is a socket write, and 2,000 of them in one turn held the event loop
    // for 80 ms (bench:chat), so every live message waited behind the sweep.
    for (const batch of batches(conns)) {
      for (const conn of batch) {
        if (!conn.alive) {
          conn.socket.terminate();
          continue;
        }
        conn.alive = false;
        conn.socket.ping();
      }
      await yieldToIo();
    }
    const userIds = hub.connectedUserIds();
    if (userIds.length === 0) return;
    // In batches, yielding between them: one statement over every connected member would hold
    // PGlite (one statement at a time) for long enough to delay live messages behind it.
    const now = deps.clock.now();
    for (const batch of batches(userIds)) {
      // Only members still connected now: one who left during the sweep stays offline.
      const connected = batch.filter((id) => hub.has(id));
      if (connected.length === 0) continue;
      await db
        .update(users)
        .set({ lastHeartbeatAt: now, isOnline: true })
        .where(inArray(users.id, connected));
      // One who left while this write ran may have had their offline write overtaken by it
      // (another pooled connection): written again, in line with their own writes.
      for (const id of connected) if (!hub.has(id)) void syncPresence(id);
      await yieldToIo();
    }
    const liveSet = new Set<string>();
    for (const batch of batches(conns.map((c) => c.tokenHash))) {
      const live = await db
        .select({ tokenHash: sessions.tokenHash })
        .from(sessions)
        .where(inArray(sessions.tokenHash, batch));
      for (const { tokenHash } of live) liveSet.add(tokenHash);
      await yieldToIo();
    }
    for (const conn of conns)
      if (!liveSet.has(conn.tokenHash)) conn.socket.close(4401, 'session ended');
  }

  return {
    hub,
    publish,
    send,
    publishMessage,
    attach,
    setHandlers(h: FrameHandlers) {
      handlers = h;
    },
    start() {
      sweep = setInterval(
        () =>
          void runSweep().catch((err: unknown) => deps.log.warn({ err }, 'socket sweep failed')),
        SWEEP_MS,
      );
      sweep.unref();
    },
    runSweep,
    /** True from `stop` on: new sockets are refused (the routes answer 503). */
    isStopping: () => stopping,
    /** Until when this member's new sockets are refused (closed for flooding), if they are. */
    socketRefusedUntil,
    async stop() {
      stopping = true;
      if (sweep) clearInterval(sweep);
      await closeSockets([...hub.connections()].map((conn) => conn.socket));
      await deps.bus.close();
    },
    /** Sockets of these users on this instance (for the push test tool). */
    countSockets: (userIds: number[]) =>
      userIds.reduce(
        (n, id) => n + [...hub.connections()].filter((c) => c.userId === id).length,
        0,
      ),
    stats: () => ({ sockets: hub.size(), users: hub.connectedUserIds().length }),
  };
}

export type Realtime = ReturnType<typeof createRealtime>;

/** How long a shutting-down server waits for peers to answer its close frame. */
export const CLOSE_GRACE_MS = 2000;
const OPEN_OR_CLOSING = new Set([0, 1, 2]);

/**
 * Says 1001 to every socket and waits for the peers' answers, at most CLOSE_GRACE_MS, then cuts
 * the rest. A peer that cannot answer (a phone that went offline, a dead network) would
 * otherwise hold its connection open for the library's 30 s close timeout, and with it the
 * HTTP server's close, past the process's 15 s limit for a clean stop.
 */
async function closeSockets(sockets: WebSocket[]) {
  const closed = sockets.map(
    (socket) =>
      new Promise<void>((resolve) => {
        if (!OPEN_OR_CLOSING.has(socket.readyState)) return resolve();
        socket.once('close', () => resolve());
        socket.close(1001, 'server shutting down');
      }),
  );
  let timer: NodeJS.Timeout | undefined;
  const grace = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, CLOSE_GRACE_MS);
  });
  await Promise.race([Promise.all(closed), grace]);
  clearTimeout(timer);
  for (const socket of sockets) if (OPEN_OR_CLOSING.has(socket.readyState)) socket.terminate();
}
