import type { Message } from '../../../../domain';

/**
 * The frames of the real-time channel (docs/api.md 'Real time'). The server is the one that
 * sends them, but a frame is still read defensively: anything unexpected is ignored, never
 * thrown on.
 */
export type PushData = { title: string; message: string; url: string };

export type ServerFrame =
  | { type: 'auth_success'; userId?: number }
  | { type: 'auth_error'; message: string }
  | { type: 'pong' }
  | { type: 'message'; data: Message & { recipientId?: number; senderNickname?: string } }
  | { type: 'wave_update'; data: { waveId: number; status: string } }
  | { type: 'push_notification'; data: PushData }
  | { type: 'presence'; data: { userId: number; isOnline: boolean } }
  | { type: 'invalidate'; data: { keys: (string | string[])[] } }
  | { type: 'message_ack'; clientId?: string; data: unknown }
  | { type: 'error'; clientId?: string; message: string };

export type ClientFrame =
  | { type: 'auth'; userId: number }
  | { type: 'ping' }
  | { type: 'heartbeat' }
  | { type: 'new_message'; waveId: number; content: string; clientId?: string }
  | { type: 'wave_update'; waveId: number; status: 'accepted' | 'rejected'; clientId?: string };

/** Client frames the server answers with `message_ack` or `error` carrying the same clientId. */
export type RequestFrame = Extract<ClientFrame, { type: 'new_message' | 'wave_update' }>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0;
const text = (value: unknown, fallback = '') => (typeof value === 'string' ? value : fallback);

/** A server frame from the socket's text, or null when it is not one we understand. */
export function parseServerFrame(raw: unknown): ServerFrame | null {
  if (typeof raw !== 'string') return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isObject(value) || typeof value.type !== 'string') return null;
  const data = isObject(value.data) ? value.data : undefined;
  const clientId = typeof value.clientId === 'string' ? value.clientId : undefined;
  switch (value.type) {
    case 'auth_success':
      return { type: 'auth_success', userId: isId(value.userId) ? value.userId : undefined };
    case 'auth_error':
      return {
        type: 'auth_error',
        message: text(value.message, 'Failed to authenticate WebSocket connection'),
      };
    case 'pong':
      return { type: 'pong' };
    case 'message':
      if (!data || !isId(data.id) || !isId(data.waveId) || !isId(data.senderId)) return null;
      return {
        type: 'message',
        data: {
          id: data.id,
          waveId: data.waveId,
          senderId: data.senderId,
          content: text(data.content),
          read: data.read === true,
          createdAt: text(data.createdAt, new Date().toISOString()),
          recipientId: isId(data.recipientId) ? data.recipientId : undefined,
          senderNickname: typeof data.senderNickname === 'string' ? data.senderNickname : undefined,
        },
      };
    case 'wave_update':
      if (!data || !isId(data.waveId) || typeof data.status !== 'string') return null;
      return { type: 'wave_update', data: { waveId: data.waveId, status: data.status } };
    case 'push_notification':
      if (!data) return null;
      return {
        type: 'push_notification',
        data: {
          title: text(data.title, 'Jumpseat'),
          message: text(data.message),
          url: safeUrl(data.url),
        },
      };
    case 'presence':
      if (!data || !isId(data.userId) || typeof data.isOnline !== 'boolean') return null;
      return { type: 'presence', data: { userId: data.userId, isOnline: data.isOnline } };
    case 'invalidate': {
      const keys = Array.isArray(data?.keys) ? data.keys : [];
      return {
        type: 'invalidate',
        data: {
          keys: keys.filter(
            (key): key is string | string[] =>
              (typeof key === 'string' && key !== '') ||
              (Array.isArray(key) && key.length > 0 && key.every((k) => typeof k === 'string')),
          ),
        },
      };
    }
    case 'message_ack':
      return { type: 'message_ack', clientId, data: value.data };
    case 'error':
      return { type: 'error', clientId, message: text(value.message, 'Something went wrong') };
    default:
      return null;
  }
}

/** Only a path of this app is followed from a notification: never another site. */
export function safeUrl(value: unknown): string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//')
    ? value
    : '/home';
}
