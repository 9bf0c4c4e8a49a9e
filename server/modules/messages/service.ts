import { and, asc, eq, or } from 'drizzle-orm';
import type { Message, SendMessageRequest } from '../../../domain';
import { messages, type UserRow, waves } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { notFound } from '../../lib/errors';
import { groupCommit } from './group-commit';
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

  const commits = groupCommit(deps);

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

  /**
   * Stored by group commit (group-commit.ts) and answered only after that commit. A retried
   * clientId answers the message already stored, which is not delivered a second time.
   */
  async function send(
    viewer: Viewer,
    input: SendMessageRequest,
  ): Promise<{ message: Message; recipientId: number }> {
    const { message, conversation, sender, created } = await commits.send(viewer, input);
    const { wave } = conversation;
    // No counter row is touched: every message would queue on that one row's lock. The
    // all-time total is the messages id sequence (see stats/platform-counters.ts).
    if (created) deps.realtime.publishMessage({ message, wave, sender });
    return {
      message: presentMessage(message),
      recipientId: wave.senderId === viewer.id ? wave.receiverId : wave.senderId,
    };
  }

  return { list, send };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
