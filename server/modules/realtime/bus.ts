import pg from 'pg';
import { z } from 'zod';
import { idSchema, serverFrameSchema, waveStatusSchema } from '../../../domain';

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
  z.object({ e: z.literal('revoke'), userId: idSchema, tokenHash: z.string().optional() }),
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
      let parsed: ReturnType<typeof busEventSchema.safeParse>;
      try {
        parsed = busEventSchema.safeParse(JSON.parse(msg.payload));
      } catch {
        return; // Not JSON, so not ours.
      }
      if (!parsed.success) return; // Not ours, or from a different version of the app.
      for (const h of handlers) h(parsed.data);
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
