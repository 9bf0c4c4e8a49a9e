import type { FlightRow, UserRow, WaveRow } from '../../db/schema';
import { perApp } from '../../lib/per-app';

/** How long a conversation's facts answer from memory before they are read again. */
export const CONVERSATION_CACHE_MS = 60_000;
const CONVERSATION_CACHE_MAX = 20_000;

export type Conversation = { wave: WaveRow; flight: FlightRow; sender: UserRow };

/**
 * What sending a message needs to know of an accepted conversation, by wave and sender. Safe to
 * remember because none of it decides anything that can change: an accepted wave never changes
 * status again, a flight's departure is never edited, and a wave or flight deleted meanwhile
 * fails the message insert's foreign key (the entry is dropped then). The read flags are not
 * taken from here (the insert path clears them in SQL). The sender's row is only used to show
 * their name in live frames, so a rename reaches those frames within CONVERSATION_CACHE_MS.
 */
export class ConversationCache {
  private entries = new Map<string, { conversation: Conversation; until: number }>();

  private key = (waveId: number, senderId: number) => `${waveId}:${senderId}`;

  get(waveId: number, senderId: number): Conversation | null {
    const key = this.key(waveId, senderId);
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (performance.now() >= entry.until) {
      this.entries.delete(key);
      return null;
    }
    return entry.conversation;
  }

  /** Only accepted conversations: a pending wave may still be answered. */
  remember(conversation: Conversation) {
    if (conversation.wave.status !== 'accepted') return;
    if (this.entries.size >= CONVERSATION_CACHE_MAX) this.entries.clear();
    this.entries.set(this.key(conversation.wave.id, conversation.sender.id), {
      conversation,
      until: performance.now() + CONVERSATION_CACHE_MS,
    });
  }

  forgetWave(waveId: number) {
    for (const key of this.entries.keys())
      if (key.startsWith(`${waveId}:`)) this.entries.delete(key);
  }
}

/** One per app: the HTTP route and the socket share it. */
export const conversationCache = perApp(() => new ConversationCache());
