import { and, asc, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { canMessage, type Message, type SendMessageRequest } from '../../../domain';
import { flights, type MessageRow, messages, type UserRow, users, waves } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { enforce, notFound } from '../../lib/errors';
import { PG_FOREIGN_KEY_VIOLATION, pgErrorCode } from '../../plugins/error-mapping';
import { conversationCache } from './conversation-cache';
import { presentMessage } from './presenter';

type Viewer = Pick<UserRow, 'id' | 'isAdmin' | 'isDemoUser'>;

/**
 * Private 1:1 chat on an accepted wave. Only its two people read it; sending stops when the
 * flight departs (a closed chat stays readable). A message is acknowledged after it committed.
 */
export function createMessagesService(deps: AppDeps) {
  const { db } = deps.database;
  const ownWave = (viewerId: number, waveId: number) =>
    and(eq(waves.id, waveId), or(eq(waves.senderId, viewerId), eq(waves.receiverId, viewerId)));

  // Prepared once: on the chat hot path, building this through the query builder cost more
  // than running it. Both people's rows come along, so either can send next from memory and
  // delivery can present the sender without a query.
  const waveSender = alias(users, 'wave_sender');
  const waveReceiver = alias(users, 'wave_receiver');
  const conversationOf = db
    .select({ wave: waves, flight: flights, sender: waveSender, receiver: waveReceiver })
    .from(waves)
    .innerJoin(flights, eq(flights.id, waves.flightId))
    .innerJoin(waveSender, eq(waveSender.id, waves.senderId))
    .innerJoin(waveReceiver, eq(waveReceiver.id, waves.receiverId))
    .where(eq(waves.id, sql.placeholder('waveId')))
    .prepare('message_conversation');

  /**
   * The insert, and the recipient's unread flag lowered in the same statement when it is up (a
   * running conversation matches no wave row then). One statement: one round trip, one commit.
   */
  async function insertMessage(waveId: number, senderId: number, content: string, at: Date) {
    const { rows } = await db.execute<{
      id: number;
      wave_id: number;
      sender_id: number;
      content: string;
      read: boolean;
      created_at: Date | string;
    }>(sql`
      with unread as (
        update waves set
          receiver_read = case when sender_id = ${senderId} then false else receiver_read end,
          sender_read = case when receiver_id = ${senderId} then false else sender_read end
        where id = ${waveId}
          and ((sender_id = ${senderId} and receiver_read) or (receiver_id = ${senderId} and sender_read))
      )
      insert into messages (wave_id, sender_id, content, created_at)
      values (${waveId}, ${senderId}, ${content}, ${at.toISOString()}::timestamptz)
      returning id, wave_id, sender_id, content, read, created_at`);
    const row = rows[0]!;
    return {
      id: Number(row.id),
      waveId: Number(row.wave_id),
      senderId: Number(row.sender_id),
      content: row.content,
      read: row.read,
      createdAt: new Date(row.created_at),
    } satisfies MessageRow;
  }

  const conversations = conversationCache(deps);

  async function list(viewer: Viewer, waveId: number): Promise<Message[]> {
    const [wave] = await db.select({ id: waves.id }).from(waves).where(ownWave(viewer.id, waveId));
    if (!wave) throw notFound('Conversation not found');
    const rows = await db
      .select()
      .from(messages)
      .where(eq(messages.waveId, waveId))
      .orderBy(asc(messages.createdAt), asc(messages.id));
    return rows.map(presentMessage);
  }

  async function send(
    viewer: Viewer,
    input: SendMessageRequest,
  ): Promise<{ message: Message; recipientId: number }> {
    const now = deps.clock.now();
    // Chat is the hot path: an accepted conversation's facts come from memory after its first
    // message (see conversation-cache.ts); a message is then one autocommitted statement.
    let conversation = conversations.get(input.waveId);
    let loaded = false;
    if (!conversation) {
      const [row] = await conversationOf.execute({ waveId: input.waveId });
      if (!row) throw notFound('Conversation not found');
      conversation = { wave: row.wave, flight: row.flight, parties: [row.sender, row.receiver] };
      loaded = true;
    }
    const { wave, flight, parties } = conversation;
    // Not one of its two people: the conversation does not exist for them.
    const sender = parties.find((p) => p.id === viewer.id);
    if (!sender) throw notFound('Conversation not found');
    enforce(canMessage(viewer, wave, flight, now));
    // Remembered from when it was read, not refreshed by use: the rows are at most that old.
    if (loaded) conversations.remember(conversation);
    let message: MessageRow;
    try {
      message = await insertMessage(wave.id, viewer.id, input.content, now);
    } catch (error) {
      // The wave (or its flight) was deleted since: the conversation is gone.
      if (pgErrorCode(error) !== PG_FOREIGN_KEY_VIOLATION) throw error;
      conversations.forgetWave(wave.id);
      throw notFound('Conversation not found');
    }
    const isSender = wave.senderId === viewer.id;
    // No counter row is touched: every message would queue on that one row's lock. The
    // all-time total is the messages id sequence (see stats/platform-counters.ts).
    deps.realtime.publishMessage({ message, wave, sender });
    return {
      message: presentMessage(message),
      recipientId: isSender ? wave.receiverId : wave.senderId,
    };
  }

  return { list, send };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
