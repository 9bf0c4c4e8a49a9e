import { and, asc, eq, or } from 'drizzle-orm';
import { canMessage, type Message, type SendMessageRequest } from '../../../domain';
import type { AppDeps } from '../../app';
import { flights, type MessageRow, messages, type UserRow, waves } from '../../db/schema';
import { enforce, notFound } from '../../lib/errors';

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
    // Chat is the hot path: one read and one autocommitted insert, no explicit transaction.
    // Nothing can undo the checks in between: an accepted wave never changes status again, and
    // a wave deleted meanwhile fails the insert's foreign key (404).
    const [row] = await db
      .select({ wave: waves, flight: flights })
      .from(waves)
      .innerJoin(flights, eq(flights.id, waves.flightId))
      .where(ownWave(viewer.id, input.waveId));
    if (!row) throw notFound('Conversation not found');
    const { wave, flight } = row;
    enforce(canMessage(viewer, wave, flight, now));
    const [message] = await db
      .insert(messages)
      .values({ waveId: wave.id, senderId: viewer.id, content: input.content, createdAt: now })
      .returning();
    // New text is unread for the other person (messages from an admin included). In a running
    // conversation the flag is usually already down: skip the write then.
    const isSender = wave.senderId === viewer.id;
    if (isSender ? wave.receiverRead : wave.senderRead) {
      await db
        .update(waves)
        .set(isSender ? { receiverRead: false } : { senderRead: false })
        .where(eq(waves.id, wave.id));
    }
    // No counter row is touched: every message would queue on that one row's lock. The
    // all-time total is the messages id sequence (see stats/platform-counters.ts).
    const sent = {
      message: presentMessage(message!),
      recipientId: isSender ? wave.receiverId : wave.senderId,
    };
    deps.realtime.publish({ e: 'message', id: sent.message.id, to: [viewer.id, sent.recipientId] });
    return sent;
  }

  return { list, send };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
