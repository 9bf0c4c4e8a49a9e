import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';

export type Frame = { type: string; [key: string]: unknown };

/**
 * How long a wait for a frame or a close may take before it counts as never. Each wait ends at
 * its event; this cap only decides failure, so it is sized for a busy 2-core CI box (a test
 * that expects nothing passes its own short window instead).
 */
const WAIT_MS = 10_000;

/** A real socket on a real port, as a browser would open it. */
export class SocketClient {
  frames: Frame[] = [];
  /** Every frame in arrival order, kept when `next` takes one off `frames`. */
  arrived: Frame[] = [];
  closed: { code: number } | null = null;
  /** Checked on every frame and on close: waits resolve on the event, not on a timer. */
  private readonly waiters = new Set<() => void>();
  readonly ws: WebSocket;
  constructor(ws: WebSocket) {
    this.ws = ws;
    ws.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as Frame;
      this.frames.push(frame);
      this.arrived.push(frame);
      this.notify();
    });
    ws.on('close', (code) => {
      this.closed = { code };
      this.notify();
    });
  }
  private notify() {
    for (const check of this.waiters) check();
  }
  /** Resolves with `found()` once it is not undefined; with undefined after `timeoutMs`. */
  private until<T>(found: () => T | undefined, timeoutMs: number): Promise<T | undefined> {
    return new Promise((resolve) => {
      const done = (value: T | undefined) => {
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve(value);
      };
      const check = () => {
        const value = found();
        if (value !== undefined) done(value);
      };
      const timer = setTimeout(() => done(undefined), timeoutMs);
      this.waiters.add(check);
      check();
    });
  }
  send(frame: unknown) {
    this.ws.send(JSON.stringify(frame));
  }
  /** The first frame of this type, taken off the list (waits for it). */
  async next(type: string, timeoutMs = WAIT_MS): Promise<Frame> {
    const frame = await this.until(() => {
      const i = this.frames.findIndex((f) => f.type === type);
      return i >= 0 ? this.frames.splice(i, 1)[0] : undefined;
    }, timeoutMs);
    if (frame) return frame;
    throw new Error(`no ${type} frame within ${timeoutMs} ms; got ${JSON.stringify(this.frames)}`);
  }
  /**
   * Waits until `count` frames matching `match` have arrived (they stay on the list); false
   * after `timeoutMs`.
   */
  async received(count: number, match: (frame: Frame) => boolean, timeoutMs = WAIT_MS) {
    const enough = () => (this.frames.filter(match).length >= count ? true : undefined);
    return (await this.until(enough, timeoutMs)) ?? false;
  }
  /** How the socket closed, or null if it is still open after `timeoutMs`. */
  async waitClosed(timeoutMs = WAIT_MS) {
    return (await this.until(() => this.closed ?? undefined, timeoutMs)) ?? null;
  }
  close() {
    this.ws.close();
  }
}

const hostOf = (app: FastifyInstance) => `127.0.0.1:${(app.server.address() as AddressInfo).port}`;

/** Sockets open with a session's cookie; the one definition is with the other signed-in helpers. */
export { sessionCookie } from './inject-as';

/**
 * Opens `/ws` on a listening app with our own Origin unless `headers` say otherwise; a refused
 * upgrade rejects with `HTTP <status>`.
 */
export function openSocket(
  app: FastifyInstance,
  headers: Record<string, string>,
): Promise<SocketClient> {
  const host = hostOf(app);
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://${host}/ws`, {
      headers: { origin: `http://${host}`, ...headers },
    });
    const client = new SocketClient(ws);
    ws.once('open', () => resolve(client));
    ws.once('unexpected-response', (req, res) => {
      req.destroy();
      reject(new Error(`HTTP ${res.statusCode}`));
    });
    ws.once('error', reject);
  });
}
