import type { FlightRow, UserRow, WaveRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { perApp } from '../../lib/per-app';

/** How long a conversation's facts answer from memory before they are read again. */
export const CONVERSATION_CACHE_MS = 60_000;
const CONVERSATION_CACHE_MAX = 20_000;

/** An accepted wave, its flight, and its two people's rows. */
export type Conversation = { wave: WaveRow; flight: FlightRow; parties: [UserRow, UserRow] };

/**
 * What sending a message needs to know of an accepted conversation, by wave. Safe to
 * remember because none of it decides anything that can change: an accepted wave never changes
 * status again, a flight's departure is never edited, and a wave or flight deleted meanwhile
 * fails the message insert's foreign key (the entry is dropped then). The read flags are not
 * taken from here (the insert lowers them in SQL). The people's rows are only used to show
 * the sender's name in live frames, so a rename reaches those frames within CONVERSATION_CACHE_MS.
 */
export class ConversationCache {
  private entries = new Map<number, { conversation: Conversation; until: number }>();

  get(waveId: number): Conversation | null {
    const entry = this.entries.get(waveId);
    if (!entry) return null;
    if (performance.now() >= entry.until) {
      this.entries.delete(waveId);
      return null;
    }
    return entry.conversation;
  }

  /** Only accepted conversations: a pending wave may still be answered. */
  remember(conversation: Conversation) {
    if (conversation.wave.status !== 'accepted') return;
    if (this.entries.size >= CONVERSATION_CACHE_MAX) this.entries.clear();
    this.entries.set(conversation.wave.id, {
      conversation,
      until: performance.now() + CONVERSATION_CACHE_MS,
    });
  }

  forgetWave(waveId: number) {
    this.entries.delete(waveId);
  }

  forgetUser(userId: number) {
    for (const [waveId, { conversation }] of this.entries) {
      if (conversation.parties.some((p) => p.id === userId)) this.entries.delete(waveId);
    }
  }

  clear() {
    this.entries.clear();
  }
}

/**
 * One per app: the HTTP route and the socket share it. A member's write (profile, privacy) drops
 * their conversations here at once, so a changed name or privacy choice reaches the next live
 * frame; on other instances within CONVERSATION_CACHE_MS.
 */
export const conversationCache = perApp((deps: AppDeps) => {
  const cache = new ConversationCache();
  deps.sessions.onMemberChange((userId) =>
    userId === null ? cache.clear() : cache.forgetUser(userId),
  );
  return cache;
});
