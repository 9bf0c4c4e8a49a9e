/**
 * The server side of `npm run bench:chat`, run as a child process so its memory is its own.
 * BENCH_TARGET=app: the real Jumpseat app (PGlite in a temp DATA_DIR, or BENCH_DATABASE_URL),
 * seeded with PAIRS accepted waves and a session per member. BENCH_TARGET=relay: a bare `ws`
 * relay with no database, the floor to compare against.
 */
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type WebSocket, WebSocketServer } from 'ws';
import { createScratchDatabase } from '../../scripts/scratch-database.mjs';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { seedChat } from './seed';

const PAIRS = Number(process.env.PAIRS ?? 1000);
const send = (msg: unknown) => process.send?.(msg);

/** The highest RSS seen since the last 'reset-peak' (sampled every 50 ms, without a GC). */
let peakRss = 0;
setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 50).unref();

function memory() {
  const peak = Math.max(peakRss, process.memoryUsage().rss);
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  return { rss: m.rss, heapUsed: m.heapUsed, external: m.external, peakRss: peak };
}

async function startRelay() {
  const sockets = new Map<number, WebSocket>();
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1', maxPayload: 64 * 1024 });
  wss.on('connection', (ws, req) => {
    const id = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('u'));
    sockets.set(id, ws);
    ws.on('message', (raw) => {
      const frame = JSON.parse(raw.toString()) as { to: number; content: string; clientId: string };
      sockets
        .get(frame.to)
        ?.send(JSON.stringify({ type: 'message', data: { content: frame.content } }));
      ws.send(JSON.stringify({ type: 'message_ack', clientId: frame.clientId }));
    });
    ws.on('close', () => sockets.delete(id));
  });
  await new Promise((r) => wss.once('listening', r));
  const port = (wss.address() as AddressInfo).port;
  const pairs = Array.from({ length: PAIRS }, (_, i) => ({
    waveId: i + 1,
    a: 2 * i + 1,
    b: 2 * i + 2,
  }));
  const cookies = Object.fromEntries(
    pairs.flatMap((p) => [
      [p.a, ''],
      [p.b, ''],
    ]),
  );
  return { port, pairs, cookies, close: async () => wss.close() };
}

async function startApp() {
  const scratch = process.env.BENCH_DATABASE_URL
    ? await createScratchDatabase(process.env.BENCH_DATABASE_URL, 'jumpseat_bench_chat')
    : null;
  const url = scratch?.url;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'jumpseat-bench-chat-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    APP_SECRET: 'b'.repeat(64),
    LOG_LEVEL: 'warn',
    ...(url ? { DATABASE_URL: url } : {}),
  });
  const database = url
    ? await openDatabase({ kind: 'postgres', url, max: 10 })
    : await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pgdata') });
  await database.migrate();
  const pairs = await seedChat(database, PAIRS, new Date());
  // Jobs on, as in production: the 30 s socket sweep and the mail job run during the load.
  const app = await buildApp({ config, database, webDist: null, startJobs: true });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const cookies: Record<number, string> = {};
  for (const p of pairs) {
    for (const id of [p.a, p.b])
      cookies[id] = `jumpseat_session=${await app.deps.sessions.create(id, new Date())}`;
  }
  const port = (app.server.address() as AddressInfo).port;
  return {
    port,
    pairs,
    cookies,
    kind: database.kind,
    close: async () => {
      await app.close();
      await database.close();
      await scratch?.drop();
    },
  };
}

const target = process.env.BENCH_TARGET === 'relay' ? await startRelay() : await startApp();
send({
  type: 'ready',
  port: target.port,
  pairs: target.pairs,
  cookies: target.cookies,
  memory: memory(),
});
process.on('message', async (msg: { type: string }) => {
  if (msg.type === 'memory') send({ type: 'memory', memory: memory() });
  if (msg.type === 'reset-peak') peakRss = 0;
  if (msg.type === 'stop') {
    await target.close();
    process.exit(0);
  }
});
