import { and, asc, eq, or, sql } from 'drizzle-orm';
import { canMessage, type Message, type SendMessageRequest } from '../../../domain';
import type { AppDeps } from '../../app';
import { flights, type MessageRow, messages, type UserRow, users, waves } from '../../db/schema';
import { enforce, notFound } from '../../lib/errors';
import { PG_FOREIGN_KEY_VIOLATION, pgErrorCode } from '../../plugins/error-mapping';
import { conversationCache } from './conversation-cache';

type Viewer = Pick<UserRow, 'id' | 'isAdmin' | 'isDemoUser'>;

export function presentMessage(m: MessageRow): Message {
  return {
    id: m.id,
    waveId: m.waveId,
    senderId: m.senderId,
    content: m.content,
    read: m.read,
    createdAt: m.createdAt.toISOString(),
  };
}

/**
 * Private 1:1 chat on an accepted wave. Only its two people read it; sending stops when the
 * flight departs (a closed chat stays readable). A message is acknowledged after it committed.
 */
export function createMessagesService(deps: AppDeps) {
  const { db } = deps.database;
  const ownWave = (viewerId: number, waveId: number) =>
    and(eq(waves.id, waveId), or(eq(waves.senderId, viewerId), eq(waves.receiverId, viewerId)));

  // Prepared once: on the chat hot path, building these through the query builder cost more
  // than running them. The sender's row comes along so delivery can present them without a query.
  const conversationOf = db
    .select({ wave: waves, flight: flights, sender: users })
    .from(waves)
    .innerJoin(flights, eq(flights.id, waves.flightId))
    .innerJoin(users, eq(users.id, sql.placeholder('viewerId')))
    .where(
      and(
        eq(waves.id, sql.placeholder('waveId')),
        or(
          eq(waves.senderId, sql.placeholder('viewerId')),
          eq(waves.receiverId, sql.placeholder('viewerId')),
        ),
      ),
    )
    .prepare('message_conversation');
  const insertMessage = db
    .insert(messages)
    .values({
      waveId: sql.placeholder('waveId'),
      senderId: sql.placeholder('senderId'),
      content: sql.placeholder('content'),
      createdAt: sql.placeholder('createdAt'),
    })
    .returning()
    .prepare('message_insert');
  // No-ops (no row matches) while the flag is already down, as in a running conversation.
  const markUnreadForReceiver = db
    .update(waves)
    .set({ receiverRead: false })
    .where(and(eq(waves.id, sql.placeholder('waveId')), eq(waves.receiverRead, true)))
    .prepare('message_unread_receiver');
  const markUnreadForSender = db
    .update(waves)
    .set({ senderRead: false })
    .where(and(eq(waves.id, sql.placeholder('waveId')), eq(waves.senderRead, true)))
    .prepare('message_unread_sender');
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
    // message (see conversation-cache.ts): a message is then one autocommitted insert and one
    // conditional update of the recipient's unread flag (matching no row while it is down).
    let conversation = conversations.get(input.waveId, viewer.id);
    if (!conversation) {
      const [row] = await conversationOf.execute({ waveId: input.waveId, viewerId: viewer.id });
      if (!row) throw notFound('Conversation not found');
      conversation = row;
    }
    const { wave, flight, sender } = conversation;
    enforce(canMessage(viewer, wave, flight, now));
    conversations.remember(conversation);
    let message: MessageRow;
    try {
      [message] = (await insertMessage.execute({
        waveId: wave.id,
        senderId: viewer.id,
        content: input.content,
        createdAt: now,
      })) as [MessageRow];
    } catch (error) {
      // The wave (or its flight) was deleted since: the conversation is gone.
      if (pgErrorCode(error) !== PG_FOREIGN_KEY_VIOLATION) throw error;
      conversations.forgetWave(wave.id);
      throw notFound('Conversation not found');
    }
    // New text is unread for the other person (messages from an admin included). The flag is
    // read and lowered in one statement, so a remembered conversation never decides it.
    const isSender = wave.senderId === viewer.id;
    await (isSender ? markUnreadForReceiver : markUnreadForSender).execute({ waveId: wave.id });
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
