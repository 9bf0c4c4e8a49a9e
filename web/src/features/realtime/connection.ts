import type { RealtimeClient } from './realtime-client';

/**
 * The tab's one real-time client, set by <RealtimeConnection> while a member is signed in.
 * Features that send over the socket (chat, heartbeat) ask for it here and fall back to HTTP
 * when there is none or it is not connected.
 */
let current: RealtimeClient | null = null;

export function setRealtimeClient(client: RealtimeClient | null): void {
  current = client;
}

/** The connected client, or null while the socket is down. */
export function connectedRealtimeClient(): RealtimeClient | null {
  return current?.connected ? current : null;
}

/** Sends the online heartbeat over the socket; false when it is down (use HTTP instead). */
export function sendRealtimeHeartbeat(): boolean {
  return current?.heartbeat() ?? false;
}

type ResumeListener = (since: string | undefined) => void;
const resumeListeners = new Set<ResumeListener>();

/**
 * Called when the socket is back after a gap, with the server time of the last event seen
 * before it (undefined if none): features fetch what they missed (messages: GET /api/sync).
 */
export function onRealtimeResumed(listener: ResumeListener): () => void {
  resumeListeners.add(listener);
  return () => resumeListeners.delete(listener);
}

export function notifyRealtimeResumed(since: string | undefined): void {
  for (const listener of resumeListeners) listener(since);
}
