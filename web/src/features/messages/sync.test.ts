import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Message, SyncResponse } from '../../../../domain';
import { aMessage } from '../../test/messages';
import { messageKeys } from '../waves';
import { applySync } from './sync';

const message = (id: number, waveId = 10): Message =>
  aMessage({
    id,
    waveId,
    senderId: 1,
    content: `Message ${id}`,
    createdAt: `2030-06-01T09:00:0${id}.000Z`,
  });
const sync = (messages: Message[]): SyncResponse => ({
  cursor: '2030-06-01T09:01:00.000Z',
  messages,
  waves: [],
  complete: true,
});

describe('applySync', () => {
  it('adds each missed message once, even when the answer repeats what the thread has', () => {
    const client = new QueryClient();
    client.setQueryData(messageKeys.thread(10), [message(1)]);
    // Inclusive of the cursor: message 1 comes again; and the same answer applied twice.
    applySync(client, sync([message(1), message(2), message(3), message(4)]));
    applySync(client, sync([message(2), message(3), message(4)]));
    expect(client.getQueryData<Message[]>(messageKeys.thread(10))?.map((m) => m.id)).toEqual([
      1, 2, 3, 4,
    ]);
  });

  it('leaves a thread nobody loaded alone (it is fetched whole when opened)', () => {
    const client = new QueryClient();
    applySync(client, sync([message(1, 20)]));
    expect(client.getQueryData(messageKeys.thread(20))).toBeUndefined();
  });
});
