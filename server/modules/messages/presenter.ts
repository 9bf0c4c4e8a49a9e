import type { Message } from '../../../domain';
import type { MessageRow } from '../../db/schema';

/** THE message presenter: a chat message as the list, the send answer and live frames carry it. */
export function presentMessage(m: MessageRow): Message {
  return {
    id: m.id,
    waveId: m.waveId,
    senderId: m.senderId,
    content: m.content,
    read: m.read,
    createdAt: m.createdAt.toISOString(),
    clientId: m.clientId,
  };
}
