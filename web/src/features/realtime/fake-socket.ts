import type { WebSocketLike } from './realtime-client';

/**
 * A stand-in for the browser's WebSocket (the network boundary) in tests: records what the
 * client sends and lets the test play the server.
 */
export class FakeSocket implements WebSocketLike {
  static created: FakeSocket[] = [];
  static reset() {
    FakeSocket.created = [];
  }
  static latest(): FakeSocket {
    const socket = FakeSocket.created.at(-1);
    if (!socket) throw new Error('no socket was opened');
    return socket;
  }
  static create = (url: string) => new FakeSocket(url);

  readyState = 0;
  sent: Record<string, unknown>[] = [];
  closedWith: number | null = null;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeSocket.created.push(this);
  }

  send(data: string) {
    if (this.readyState !== 1) throw new Error('not open');
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }

  close(code = 1000) {
    this.closedWith = code;
    this.readyState = 3;
  }

  /** The server side. */
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  receive(frame: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(frame) }));
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close', { code }));
  }
  /** Opens and answers the auth frame, as our server does for the right user. */
  accept() {
    this.open();
    const auth = this.sent.find((f) => f.type === 'auth');
    this.receive({ type: 'auth_success', userId: auth?.userId });
  }
  sentOf(type: string) {
    return this.sent.filter((f) => f.type === type);
  }
}
