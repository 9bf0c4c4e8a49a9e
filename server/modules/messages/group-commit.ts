import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { CHAT_OVERLOADED, CHAT_OVERLOADED_CODE, canMessage, isResendOf } from '../../../domain';
import { flights, type MessageRow, type UserRow, users, waves } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { accessRefusal, conflict, HttpError, notFound } from '../../lib/errors';
import { perApp } from '../../lib/per-app';
import { PG_FOREIGN_KEY_VIOLATION, pgErrorCode } from '../../plugins/error-mapping';
import { type Conversation, conversationCache } from './conversation-cache';

/** At most this many messages in one INSERT (5 parameters each; PostgreSQL allows 65,535). */
export const GROUP_COMMIT_MAX_BATCH = 500;
/**
 * Messages waiting for the next commit beyond this are refused with 503 'overloaded' (the
 * sender retries with the same clientId): past the ceiling, a queue without a bound only
 * turns into latency and memory, and every message in it would arrive late anyway.
 */
export const GROUP_COMMIT_MAX_QUEUE = 2_000;
/** PostgreSQL's deadlock and serialization codes: the batch is simply run again. */
const RETRYABLE = new Set(['40P01', '40001']);

type Viewer = { id: number; isAdmin: boolean; isDemoUser: boolean };
export type SendInput = { waveId: number; content: string; clientId?: string };
export type Sent = {
  message: MessageRow;
  conversation: Conversation;
  sender: UserRow;
  /** False when the clientId had been stored already: answered, not delivered again. */
  created: boolean;
};

type Item = {
  viewer: Viewer;
  input: SendInput;
  /** The sender's id or one made here, so every row of a batch is found again by key. */
  clientId: string;
  at: Date;
  resolve(sent: Sent): void;
  reject(error: unknown): void;
};

export const overloaded = () =>
  new HttpError(503, CHAT_OVERLOADED, { code: CHAT_OVERLOADED_CODE, error: 'overloaded' });

type Row = {
  id: number;
  wave_id: number;
  sender_id: number;
  content: string;
  read: boolean;
  created_at: Date | string;
  client_id: string;
};
const toMessage = (row: Row): MessageRow => ({
  id: Number(row.id),
  waveId: Number(row.wave_id),
  senderId: Number(row.sender_id),
  content: row.content,
  read: row.read,
  createdAt: new Date(row.created_at),
  clientId: row.client_id,
});
const keyOf = (senderId: number, clientId: string) => `${senderId}:${clientId}`;

/**
 * Group commit for chat messages. Messages that arrive while a commit is running wait for the
 * next one, and then all go in one multi-row INSERT (one round trip, one commit, one WAL flush
 * on PostgreSQL; one turn of PGlite's single connection). Each is acknowledged only after the
 * statement that stored it committed. An idle server commits a lone message on the next turn,
 * so at low load nothing waits for a timer.
 *
 * The rules of each message are checked in the batch too: the conversations not in memory are
 * read in one query for all waves of the batch.
 */
export function createGroupCommit(deps: AppDeps) {
  const { db } = deps.database;
  const conversations = conversationCache(deps);
  const waveSender = alias(users, 'wave_sender');
  const waveReceiver = alias(users, 'wave_receiver');
  let queue: Item[] = [];
  let running = false;
  const settings = { maxQueue: GROUP_COMMIT_MAX_QUEUE, maxBatch: GROUP_COMMIT_MAX_BATCH };
  const stats = { batches: 0, messages: 0, refused: 0, largestBatch: 0 };

  function send(viewer: Viewer, input: SendInput): Promise<Sent> {
    if (queue.length >= settings.maxQueue) {
      stats.refused += 1;
      return Promise.reject(overloaded());
    }
    return new Promise<Sent>((resolve, reject) => {
      queue.push({
        viewer,
        input,
        clientId: input.clientId ?? randomUUID(),
        at: deps.clock.now(),
        resolve,
        reject,
      });
      if (!running) {
        running = true;
        // The next turn: whatever else this turn's socket reads carry joins the same batch.
        setImmediate(drain);
      }
    });
  }

  async function drain() {
    while (queue.length > 0) {
      const batch = queue.slice(0, settings.maxBatch);
      queue = queue.slice(batch.length);
      stats.batches += 1;
      stats.largestBatch = Math.max(stats.largestBatch, batch.length);
      try {
        await commit(batch);
      } catch (error) {
        for (const item of batch) item.reject(error);
      }
    }
    running = false;
  }

  /** The conversations of these waves, from memory or one query for all those missing. */
  async function load(waveIds: number[]) {
    const found = new Map<number, Conversation>();
    const missing: number[] = [];
    for (const id of new Set(waveIds)) {
      const known = conversations.get(id);
      if (known) found.set(id, known);
      else missing.push(id);
    }
    if (missing.length > 0) {
      const rows = await db
        .select({ wave: waves, flight: flights, sender: waveSender, receiver: waveReceiver })
        .from(waves)
        .innerJoin(flights, eq(flights.id, waves.flightId))
        .innerJoin(waveSender, eq(waveSender.id, waves.senderId))
        .innerJoin(waveReceiver, eq(waveReceiver.id, waves.receiverId))
        .where(inArray(waves.id, missing));
      for (const row of rows) {
        const conversation: Conversation = {
          wave: row.wave,
          flight: row.flight,
          parties: [row.sender, row.receiver],
        };
        // Remembered from when it was read, not refreshed by use: the rows are at most that old.
        conversations.remember(conversation);
        found.set(row.wave.id, conversation);
      }
    }
    return found;
  }

  /**
   * The insert, and each recipient's unread flag lowered in the same statement where it is up
   * (a running conversation matches no wave row then). A clientId already stored for its sender
   * inserts nothing: that row is read back by the caller.
   */
  async function insert(items: Item[]) {
    const values = items.map(
      (i) =>
        sql`(${i.input.waveId}::int, ${i.viewer.id}::int, ${i.input.content}, ${i.clientId}::uuid, ${i.at.toISOString()}::timestamptz)`,
    );
    const { rows } = await db.execute<Row>(sql`
      with ins as (
        insert into messages (wave_id, sender_id, content, client_id, created_at)
        values ${sql.join(values, sql`, `)}
        on conflict (sender_id, client_id) do nothing
        returning id, wave_id, sender_id, content, read, created_at, client_id
      ), unread as (
        update waves w set
          receiver_read = case when exists (
            select 1 from ins where ins.wave_id = w.id and ins.sender_id = w.sender_id
          ) then false else w.receiver_read end,
          sender_read = case when exists (
            select 1 from ins where ins.wave_id = w.id and ins.sender_id = w.receiver_id
          ) then false else w.sender_read end
        where w.id in (select wave_id from ins) and (w.receiver_read or w.sender_read)
      )
      select * from ins`);
    return rows.map(toMessage);
  }

  /** Messages already stored under these (sender, clientId) keys. */
  async function stored(items: Item[]) {
    if (items.length === 0) return new Map<string, MessageRow>();
    const keys = items.map((i) => sql`(${i.viewer.id}::int, ${i.clientId}::uuid)`);
    const { rows } = await db.execute<Row>(sql`
      select id, wave_id, sender_id, content, read, created_at, client_id from messages
      where (sender_id, client_id) in (${sql.join(keys, sql`, `)})`);
    return new Map(rows.map(toMessage).map((m) => [keyOf(m.senderId, m.clientId ?? ''), m]));
  }

  async function commit(batch: Item[], attempt = 0): Promise<void> {
    const found = await load(batch.map((i) => i.input.waveId));
    const allowed: Item[] = [];
    const refused = new Map<Item, HttpError>();
    for (const item of batch) {
      const conversation = found.get(item.input.waveId);
      const isParty = conversation?.parties.some((p) => p.id === item.viewer.id);
      if (!conversation || !isParty) {
        // Not one of its two people: the conversation does not exist for them.
        refused.set(item, notFound('Conversation not found'));
        continue;
      }
      const rule = canMessage(item.viewer, conversation.wave, conversation.flight, item.at);
      if (!rule.ok) refused.set(item, accessRefusal(rule.reason));
      else allowed.push(item);
    }
    let inserted: MessageRow[];
    try {
      inserted = allowed.length > 0 ? await insert(allowed) : [];
    } catch (error) {
      const code = pgErrorCode(error);
      // A wave deleted since it was remembered (its foreign key), or a deadlock with another
      // instance's batch: read the conversations again and run the batch once more.
      if (attempt === 0 && (code === PG_FOREIGN_KEY_VIOLATION || RETRYABLE.has(code ?? ''))) {
        for (const item of batch) conversations.forgetWave(item.input.waveId);
        return commit(batch, attempt + 1);
      }
      throw error;
    }
    const fresh = new Map(inserted.map((m) => [keyOf(m.senderId, m.clientId ?? ''), m]));
    // Not inserted: stored before (a retry), or refused now though it may have been stored
    // before (a retry arriving after departure must still get its message back).
    const earlier = await stored(
      batch.filter((i) => i.input.clientId && !fresh.has(keyOf(i.viewer.id, i.clientId))),
    );
    const published = new Set<number>();
    for (const item of batch) {
      const key = keyOf(item.viewer.id, item.clientId);
      const message = fresh.get(key) ?? earlier.get(key);
      const conversation = found.get(item.input.waveId);
      if (!message || !conversation) {
        item.reject(refused.get(item) ?? notFound('Conversation not found'));
        continue;
      }
      const same = isResendOf(message, item.input);
      if (!same.ok) {
        item.reject(conflict(same.reason, { error: 'conflict' }));
        continue;
      }
      const sender = conversation.parties.find((p) => p.id === item.viewer.id)!;
      // The same clientId twice in one batch: one row, delivered once, both answered with it.
      const created = fresh.has(key) && !published.has(message.id);
      published.add(message.id);
      item.resolve({ message, conversation, sender, created });
    }
  }

  return { send, settings, stats, queued: () => queue.length };
}

/** One per app: the HTTP route and the socket feed the same batches. */
export const groupCommit = perApp(createGroupCommit);
export type GroupCommit = ReturnType<typeof createGroupCommit>;
