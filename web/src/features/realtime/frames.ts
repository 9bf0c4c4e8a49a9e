import {
  type ClientFrame,
  type ClientRequestFrame,
  type ServerFrame,
  type ServerFrameOf,
  serverFrameSchema,
} from '../../../../domain';

/**
 * The frames of the real-time channel are defined once, in domain/schemas/realtime.ts (docs/api.md
 * 'Real time'). The server is the one that sends them, but a frame is still read defensively:
 * anything the schema does not accept is ignored, never thrown on.
 */
export type { ClientFrame, ServerFrame };
/** Client frames the server answers with `message_ack` or `error` carrying the same clientId. */
export type RequestFrame = ClientRequestFrame;
/** The channel's own frames, which the client handles itself (auth, liveness, request answers). */
export type ChannelFrame = ServerFrameOf<
  'auth_success' | 'auth_error' | 'pong' | 'message_ack' | 'error'
>;
/** The frames that tell of something that happened: they go on to the cache and notifications. */
export type EventFrame = Exclude<ServerFrame, ChannelFrame>;

/** A server frame from the socket's text, or null when it is not one we understand. */
export function parseServerFrame(raw: unknown): ServerFrame | null {
  if (typeof raw !== 'string') return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  const result = serverFrameSchema.safeParse(value);
  return result.success ? result.data : null;
}
