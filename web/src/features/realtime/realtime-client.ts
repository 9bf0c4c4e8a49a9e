import { assertNever, type MessageAckData, TOO_MANY_SOCKETS_CLOSE_CODE } from '../../../../domain';
import { type ClientFrame, type EventFrame, parseServerFrame, type RequestFrame } from './frames';

/** What the client needs of a WebSocket: the browser's, or a fake one in tests. */
export type WebSocketLike = {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
};
export type CreateSocket = (url: string) => WebSocketLike;
/**
 * A request frame before the client numbers it; a `clientId` given here is used as is (a
 * message's own id, so a resend is recognised by the server).
 */
export type RequestBody = RequestFrame extends infer F
  ? F extends RequestFrame
    ? Omit<F, 'clientId'> & { clientId?: string }
    : never
  : never;

/** The server's `error` answer to a request; `code` 'overloaded' means: resend later. */
export class RequestError extends Error {
  readonly code?: string;
  constructor(message: string, code?: string) {
    super(message);
    this.code = code;
  }
}

/** Backoff between attempts: 1 s, 2 s, 4 s … capped at 30 s, each with jitter. */
export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;
/** Without auth_success this long after the socket opened, the attempt counts as failed. */
export const AUTH_TIMEOUT_MS = 10_000;
/** A frame sent with a clientId and not answered within this is given up on. */
export const REQUEST_TIMEOUT_MS = 10_000;
/** After a ping (checkAlive), a pong must come back within this, else the socket is dead. */
export const PONG_TIMEOUT_MS = 5_000;
/** The server ends the sockets of a revoked session with this code. */
export const SESSION_ENDED_CODE = 4401;
const OPEN = 1;

export const NOT_CONNECTED = 'Connection Error: Not connected to server. Try again later.';
export const AUTH_FAILED = 'Failed to authenticate WebSocket connection';

/** The wait before reconnect attempt `attempt` (0-based): half the step plus random jitter. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const step = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.min(attempt, 15));
  return Math.round(step / 2 + (random() * step) / 2);
}

export type RealtimeClientOptions = {
  url: string;
  userId: number;
  createSocket?: CreateSocket;
  random?: () => number;
  /** Every server frame other than the channel's own (auth, pong, acks). */
  onFrame: (frame: EventFrame) => void;
  /** True once authenticated, false when the socket is gone. */
  onConnectedChange: (connected: boolean) => void;
  /** auth_error: the socket's session is not this user's. The client stops. */
  onAuthError?: (message: string) => void;
  /** The server ended the session (close code 4401). The client stops. */
  onSessionEnded?: () => void;
  /**
   * Authenticated again after a gap: pushes may have been missed meanwhile. `since` is the
   * server time of the last event this client saw before the gap (GET /api/sync's cursor).
   */
  onResumed?: (since: string | undefined) => void;
  /**
   * Authenticated for the first time. What the screen fetched before the server had this socket
   * may have missed a push sent in between (an answer to a wave given in that second stayed
   * 'Pending' until a reload), so it is fetched once more.
   */
  onFirstConnected?: () => void;
  /** Consecutive attempts that never got to auth_success (the session may be gone). */
  onAttemptFailed?: (consecutiveFailures: number) => void;
  log?: (message: string, detail?: unknown) => void;
};

type Pending = {
  resolve: (data: MessageAckData) => void;
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout>;
};

type State = 'idle' | 'connecting' | 'authenticating' | 'connected' | 'waiting' | 'stopped';

/**
 * One authenticated WebSocket for the signed-in member, kept up with exponential backoff.
 * The cookie authenticates the upgrade; the first frame confirms the user id. Frames that
 * expect an answer (`new_message`, `wave_update`) carry a clientId and resolve on `message_ack`
 * or reject on `error` with the same id.
 */
export class RealtimeClient {
  private socket: WebSocketLike | null = null;
  private state: State = 'idle';
  private failures = 0;
  private attempt = 0;
  private everConnected = false;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private authTimer: ReturnType<typeof setTimeout> | undefined;
  private pongTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly pending = new Map<string, Pending>();
  private sequence = 0;
  /** The server time of the last event seen: auth_success's cursor, then each message's createdAt. */
  private cursor: string | undefined;
  private readonly createSocket: CreateSocket;
  private readonly random: () => number;

  private readonly options: RealtimeClientOptions;

  constructor(options: RealtimeClientOptions) {
    this.options = options;
    this.createSocket = options.createSocket ?? ((url) => new WebSocket(url));
    this.random = options.random ?? Math.random;
  }

  get connected(): boolean {
    return this.state === 'connected';
  }

  get userId(): number {
    return this.options.userId;
  }

  start(): void {
    if (this.state !== 'idle') return;
    this.connect();
  }

  /** Closes for good (sign-out, another user): no reconnect, pending requests fail. */
  stop(): void {
    if (this.state === 'stopped') return;
    const wasConnected = this.connected;
    this.state = 'stopped';
    this.clearTimers();
    this.dropSocket(1000, 'client stopped');
    this.failPending(NOT_CONNECTED);
    if (wasConnected) this.options.onConnectedChange(false);
  }

  /** Try now instead of waiting out the backoff (back online, tab visible again). */
  nudge(): void {
    if (this.state !== 'waiting') return;
    clearTimeout(this.retryTimer);
    this.attempt = 0;
    this.connect();
  }

  /** Sends a frame when authenticated; false when it could not be sent. */
  send(frame: ClientFrame): boolean {
    if (!this.connected || !this.socket || this.socket.readyState !== OPEN) return false;
    try {
      this.socket.send(JSON.stringify(frame));
      return true;
    } catch {
      return false;
    }
  }

  /** The online heartbeat over the socket (instead of POST /api/users/online-status). */
  heartbeat(): boolean {
    return this.send({ type: 'heartbeat' });
  }

  /**
   * Pings and expects a pong soon: a socket can be dead without the browser noticing (a laptop
   * waking up, a network change). No pong → the socket is dropped and reconnected.
   */
  checkAlive(): void {
    if (!this.connected || this.pongTimer !== undefined) return;
    if (!this.send({ type: 'ping' })) return;
    this.pongTimer = setTimeout(() => {
      this.pongTimer = undefined;
      this.options.log?.('realtime: no pong, reconnecting');
      this.dropSocket(4000, 'no pong');
      this.closed(1006);
    }, PONG_TIMEOUT_MS);
  }

  /** Sends a frame that the server answers; resolves with the ack's data. */
  request<T extends MessageAckData>(frame: RequestBody): Promise<T> {
    if (!this.connected) return Promise.reject(new Error(NOT_CONNECTED));
    this.sequence += 1;
    const clientId = frame.clientId ?? `${Date.now().toString(36)}-${this.sequence}`;
    // One answer per id: an earlier request still waiting under it is given up on.
    const earlier = this.pending.get(clientId);
    if (earlier) {
      clearTimeout(earlier.timer);
      this.pending.delete(clientId);
      earlier.reject(new Error(NOT_CONNECTED));
    }
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(clientId);
        reject(new Error(NOT_CONNECTED));
      }, REQUEST_TIMEOUT_MS);
      // The ack's data is what this request's type returns (a message for new_message, …).
      this.pending.set(clientId, {
        resolve: resolve as (data: MessageAckData) => void,
        reject,
        timer,
      });
      if (!this.send({ ...frame, clientId } as RequestFrame)) {
        clearTimeout(timer);
        this.pending.delete(clientId);
        reject(new Error(NOT_CONNECTED));
      }
    });
  }

  private connect() {
    this.state = 'connecting';
    let socket: WebSocketLike;
    try {
      socket = this.createSocket(this.options.url);
    } catch (error) {
      this.options.log?.('realtime: cannot open socket', error);
      this.closed(1006);
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.state = 'authenticating';
      const auth: ClientFrame = { type: 'auth', userId: this.options.userId };
      socket.send(JSON.stringify(auth));
      this.authTimer = setTimeout(() => {
        this.options.log?.('realtime: no auth answer, reconnecting');
        this.dropSocket(4000, 'auth timeout');
        this.closed(1006);
      }, AUTH_TIMEOUT_MS);
    };
    socket.onmessage = (event) => {
      if (this.socket === socket) this.received(event.data);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.closed(event.code);
    };
    // An error is always followed by close, which does the work.
    socket.onerror = () => undefined;
  }

  private received(raw: unknown) {
    const frame = parseServerFrame(raw);
    if (!frame) return;
    switch (frame.type) {
      case 'auth_success': {
        clearTimeout(this.authTimer);
        this.authTimer = undefined;
        if (this.state !== 'authenticating') return;
        const resumed = this.everConnected;
        const since = this.cursor;
        // From now on the socket delivers; what happened before comes by GET /api/sync.
        if (frame.cursor) this.cursor = frame.cursor;
        this.state = 'connected';
        this.failures = 0;
        this.attempt = 0;
        this.everConnected = true;
        this.options.onConnectedChange(true);
        if (resumed) this.options.onResumed?.(since);
        else this.options.onFirstConnected?.();
        return;
      }
      case 'auth_error':
        this.options.log?.('realtime: auth_error', frame.message);
        this.stop();
        this.options.onAuthError?.(frame.message || AUTH_FAILED);
        return;
      case 'pong':
        clearTimeout(this.pongTimer);
        this.pongTimer = undefined;
        return;
      case 'message_ack':
      case 'error': {
        const waiting = frame.clientId ? this.pending.get(frame.clientId) : undefined;
        if (waiting && frame.clientId) {
          clearTimeout(waiting.timer);
          this.pending.delete(frame.clientId);
          if (frame.type === 'message_ack') waiting.resolve(frame.data);
          else waiting.reject(new RequestError(frame.message, frame.code));
        } else if (frame.type === 'error') {
          this.options.log?.('realtime: server error', frame.message);
        }
        return;
      }
      case 'message':
        if (!this.cursor || frame.data.createdAt > this.cursor) this.cursor = frame.data.createdAt;
        this.options.onFrame(frame);
        return;
      case 'wave_update':
      case 'push_notification':
      case 'presence':
      case 'invalidate':
        this.options.onFrame(frame);
        return;
      default:
        // Only frames the schema accepted get here: a new type in the union fails to compile.
        assertNever(frame);
    }
  }

  /** The socket is gone: tell, fail what waits, and try again later unless told to stop. */
  private closed(code: number) {
    if (this.state === 'stopped') return;
    const wasConnected = this.state === 'connected';
    this.clearTimers();
    this.socket = null;
    this.failPending(NOT_CONNECTED);
    if (wasConnected) this.options.onConnectedChange(false);
    if (code === SESSION_ENDED_CODE) {
      this.state = 'stopped';
      this.options.onSessionEnded?.();
      return;
    }
    if (code === TOO_MANY_SOCKETS_CLOSE_CODE) {
      // The member opened more tabs than the server keeps sockets for, and this was the oldest.
      // Reconnecting would close another tab's socket in turn; this tab falls back to polling.
      this.state = 'stopped';
      this.options.log?.('realtime: closed for a newer connection; not reconnecting');
      return;
    }
    if (!wasConnected) {
      this.failures += 1;
      this.options.onAttemptFailed?.(this.failures);
      // The callback may have stopped the client.
      if ((this.state as State) === 'stopped') return;
    }
    this.state = 'waiting';
    const delay = reconnectDelay(this.attempt, this.random);
    this.attempt += 1;
    this.options.log?.(`realtime: reconnecting in ${delay} ms`);
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  private dropSocket(code: number, reason: string) {
    const socket = this.socket;
    this.socket = null;
    if (!socket) return;
    socket.onopen = null;
    socket.onmessage = null;
    socket.onclose = null;
    socket.onerror = null;
    try {
      socket.close(code, reason);
    } catch {
      // Closing a socket that never opened may throw in some browsers.
    }
  }

  private clearTimers() {
    clearTimeout(this.retryTimer);
    clearTimeout(this.authTimer);
    clearTimeout(this.pongTimer);
    this.retryTimer = undefined;
    this.authTimer = undefined;
    this.pongTimer = undefined;
  }

  private failPending(message: string) {
    for (const [id, waiting] of this.pending) {
      clearTimeout(waiting.timer);
      waiting.reject(new Error(message));
      this.pending.delete(id);
    }
  }
}

/** The channel's address on this page's host: wss on https pages. */
export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'> = window.location) {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}
