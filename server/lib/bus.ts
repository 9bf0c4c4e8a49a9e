import pg from 'pg';
import { z } from 'zod';
import { idSchema, serverFrameSchema, waveStatusSchema } from '../../domain';

/**
 * Events between app instances. Payloads are small (recipients, ids, ready frames without
 * content): the receiving instance loads what it sends, so NOTIFY's 8 KB limit never matters and
 * no message text crosses the bus. Read back through this schema: a payload that is not one of
 * these is ignored.
 */
const recipientsSchema = z.array(idSchema);
export const busEventSchema = z.discriminatedUnion('e', [
  /** `from`: the instance that already delivered it to its own sockets. */
  z.object({
    e: z.literal('message'),
    id: idSchema,
    to: recipientsSchema,
    from: z.string().optional(),
  }),
  /**
   * `to`: the wave's sender, then its receiver (each gets their own notification); a decline
   * lists its receiver alone, since its sender is never told.
   */
  z.object({ e: z.literal('wave'), id: idSchema, status: waveStatusSchema, to: recipientsSchema }),
  z.object({ e: z.literal('wave_deleted'), id: idSchema, to: recipientsSchema }),
  /**
   * A block set or lifted between two members (`blocked`: whether any block between them is left).
   * Every hub applies it before the waves it deleted (`waveIds`) are sent as deleted, so no frame
   * between the two passes on any instance from then on.
   */
  z.object({
    e: z.literal('block'),
    pair: z.tuple([idSchema, idSchema]),
    blocked: z.boolean(),
    waveIds: z.array(idSchema),
  }),
  /** These members joined or left flights: cached copies of which flights they are on are dropped. */
  z.object({ e: z.literal('crew'), userIds: z.array(idSchema).max(1000) }),
  z.object({ e: z.literal('revoke'), userId: idSchema, tokenHash: z.string().optional() }),
  /** A member's row may have changed (null: anyone's): cached copies of it are dropped. */
  z.object({ e: z.literal('member'), userId: idSchema.nullable() }),
  /** A finished frame for these members' sockets, or for every socket. */
  z.object({
    e: z.literal('frame'),
    to: z.union([recipientsSchema, z.literal('all')]),
    frame: serverFrameSchema,
  }),
]);
export type BusEvent = z.output<typeof busEventSchema>;

export type Bus = {
  kind: 'local' | 'postgres';
  publish(event: BusEvent): Promise<void>;
  subscribe(handler: (event: BusEvent) => void): void;
  /** False while this instance cannot hear other instances' events (its LISTEN is down). */
  listening(): boolean;
  /**
   * `lost`: events may be missed from now on (the listener dropped); `back`: listening again.
   * Caches that rely on the bus to hear of revocations stop trusting themselves in between.
   */
  onGap?(handlers: { lost(): void; back(): void }): void;
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
    listening: () => true,
    close: async () => {},
  };
}

/**
 * Delay before reconnect attempt `attempt` (0-based): 250 ms doubling to a 2 s cap, each drawn
 * between half and all of it. Capped so a listener is back within ~2 s of PostgreSQL returning;
 * jittered so instances that lost PostgreSQL together do not all knock at the same instant.
 */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(250 * 2 ** attempt, 2_000);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/**
 * Several instances on one PostgreSQL: LISTEN on a dedicated connection, NOTIFY through a
 * short-lived query. A dropped listener reconnects, retrying with backoff for as long as
 * PostgreSQL stays away; events during the gap are missed, which the clients' slow fallback
 * refresh covers.
 */
export async function createPostgresBus(
  url: string,
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void },
): Promise<Bus> {
  const handlers: ((event: BusEvent) => void)[] = [];
  const gapHandlers: { lost(): void; back(): void }[] = [];
  const publisher = new pg.Pool({ connectionString: url, max: 2 });
  publisher.on('error', () => {});
  // A client checked out for a NOTIFY may lose its server mid-query; without a listener of
  // its own that 'error' would end the process (see db/client.ts).
  publisher.on('connect', (client) => void client.on('error', () => {}));
  let listener: pg.Client | null = null;
  let closed = false;
  /** Set while a reconnect is scheduled or running: one loop at a time, however many errors. */
  let reconnecting = false;
  let timer: NodeJS.Timeout | null = null;

  async function connect() {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (msg) => {
      if (msg.channel !== CHANNEL || !msg.payload) return;
      let parsed: ReturnType<typeof busEventSchema.safeParse>;
      try {
        parsed = busEventSchema.safeParse(JSON.parse(msg.payload));
      } catch {
        return; // Not JSON, so not ours.
      }
      if (!parsed.success) return; // Not ours, or from a different version of the app.
      for (const h of handlers) h(parsed.data);
    });
    let lost = false;
    const onLost = (err?: Error) => {
      if (lost) return;
      lost = true;
      if (listener === client) {
        for (const g of gapHandlers) g.lost();
        listener = null;
      }
      client.end().catch(() => {});
      if (closed) return;
      log.warn({ err }, 'event listener lost; reconnecting');
      scheduleReconnect(0);
    };
    // 'end' too: a connection closed without an error message must not go unnoticed.
    client.on('error', onLost);
    client.on('end', () => onLost());
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      lost = true;
      client.end().catch(() => {});
      throw err;
    }
    if (closed) {
      await client.end().catch(() => {});
      return;
    }
    const reconnected = listener === null && started;
    listener = client;
    if (reconnected) for (const g of gapHandlers) g.back();
  }

  function scheduleReconnect(attempt: number) {
    if (closed || (reconnecting && attempt === 0)) return;
    reconnecting = true;
    timer = setTimeout(async () => {
      timer = null;
      try {
        await connect();
        reconnecting = false;
        if (attempt > 0) log.info({ attempts: attempt + 1 }, 'event listener reconnected');
      } catch {
        // PostgreSQL is still away: try again, a little later each time, until it returns.
        scheduleReconnect(attempt + 1);
      }
    }, reconnectDelayMs(attempt));
    timer.unref();
  }
  let started = false;
  await connect();
  started = true;

  return {
    kind: 'postgres',
    async publish(event) {
      // A stopping instance has no one left to tell (other instances catch up through
      // GET /api/sync): dropped quietly, not one warning per late event.
      if (closed) return;
      await publisher.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify(event)]);
    },
    subscribe: (h) => void handlers.push(h),
    listening: () => listener !== null,
    onGap: (g) => void gapHandlers.push(g),
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await listener?.end().catch(() => {});
      await publisher.end().catch(() => {});
    },
  };
}
