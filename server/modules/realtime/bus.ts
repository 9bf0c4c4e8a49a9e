import pg from 'pg';

/**
 * Events between app instances. Payloads are small (recipients and ids): the receiving instance
 * loads what it sends, so NOTIFY's 8 KB limit never matters and no content crosses the bus.
 */
export type BusEvent =
  /** `from`: the instance that already delivered it to its own sockets. */
  | { e: 'message'; id: number; to: number[]; from?: string }
  | { e: 'wave'; id: number; status: string; to: number[] }
  | { e: 'wave_deleted'; id: number; to: number[] }
  | { e: 'push'; to: number[]; title: string; message: string; url: string }
  | { e: 'revoke'; userId: number; tokenHash?: string }
  | { e: 'presence'; userId: number; online: boolean; to: number[] }
  | { e: 'invalidate'; keys: string[]; to: number[] | 'all' };

export type Bus = {
  kind: 'local' | 'postgres';
  publish(event: BusEvent): Promise<void>;
  subscribe(handler: (event: BusEvent) => void): void;
  close(): Promise<void>;
};

const CHANNEL = 'jumpseat_events';

/** One process (PGlite): events go straight to this instance's hub. */
export function createLocalBus(): Bus {
  const handlers: ((event: BusEvent) => void)[] = [];
  return {
    kind: 'local',
    async publish(event) {
      for (const h of handlers) queueMicrotask(() => h(event));
    },
    subscribe: (h) => void handlers.push(h),
    close: async () => {},
  };
}

/**
 * Several instances on one PostgreSQL: LISTEN on a dedicated connection, NOTIFY through a
 * short-lived query. A dropped listener reconnects; events during the gap are missed, which the
 * clients' slow fallback refresh covers.
 */
export async function createPostgresBus(
  url: string,
  log: { warn(obj: object, msg: string): void },
): Promise<Bus> {
  const handlers: ((event: BusEvent) => void)[] = [];
  const publisher = new pg.Pool({ connectionString: url, max: 2 });
  publisher.on('error', () => {});
  let listener: pg.Client | null = null;
  let closed = false;

  async function connect() {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (msg) => {
      if (msg.channel !== CHANNEL || !msg.payload) return;
      try {
        const event = JSON.parse(msg.payload) as BusEvent;
        for (const h of handlers) h(event);
      } catch {
        // Not ours: ignore.
      }
    });
    client.on('error', (err) => {
      log.warn({ err }, 'event listener lost; reconnecting');
      listener = null;
      if (!closed) setTimeout(() => void connect().catch(() => {}), 1000).unref();
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    listener = client;
  }
  await connect();

  return {
    kind: 'postgres',
    async publish(event) {
      await publisher.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify(event)]);
    },
    subscribe: (h) => void handlers.push(h),
    async close() {
      closed = true;
      await listener?.end().catch(() => {});
      await publisher.end().catch(() => {});
    },
  };
}
