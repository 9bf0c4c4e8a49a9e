/**
 * Chat under load: `npm run bench:chat`.
 *
 * CLIENTS members (default 2,000) connect over WebSocket on loopback, in pairs on accepted
 * waves, and chat at RATE messages a second in total (default 200) for SECONDS (default 30)
 * through the real path: the socket frame, the messages service, the database commit, the bus,
 * delivery to the recipient's socket. Reported: messages a second, p50/p99 delivery latency
 * (send to the recipient's frame), lost messages, and server memory per connection — beside a
 * bare `ws` relay (no database, no rules) measured in the same run, as ratios.
 * Targets: p99 <= 50 ms, 0 lost, memory per connection <= 2x the relay's.
 *
 * BENCH_DATABASE_URL also runs the app on that PostgreSQL (in a scratch database).
 * BENCH_PROF=1 writes a CPU profile of each server process to /tmp/chatprof.
 */
import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';

const CLIENTS = Number(process.env.CLIENTS ?? 2000);
const RATE = Number(process.env.RATE ?? 200);
const SECONDS = Number(process.env.SECONDS ?? 30);
const here = path.dirname(fileURLToPath(import.meta.url));

type Ready = {
  port: number;
  pairs: { waveId: number; a: number; b: number }[];
  cookies: Record<number, string>;
  memory: Memory;
};
type Memory = { rss: number; heapUsed: number; external: number };
type Result = {
  name: string;
  sent: number;
  received: number;
  lost: number;
  rate: number;
  p50: number;
  p99: number;
  memPerConn: number;
};

function startTarget(
  target: 'app' | 'relay',
  databaseUrl?: string,
): Promise<{ child: ChildProcess; ready: Ready }> {
  const child = fork(path.join(here, 'chat', 'target.ts'), [], {
    execArgv: [
      '--import',
      'tsx',
      '--expose-gc',
      ...(process.env.BENCH_PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/chatprof'] : []),
    ],
    env: {
      ...process.env,
      BENCH_TARGET: target,
      PAIRS: String(CLIENTS / 2),
      BENCH_DATABASE_URL: databaseUrl ?? '',
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (msg) => resolve({ child, ready: msg as Ready }));
    child.once('exit', (code) => reject(new Error(`target exited ${code}`)));
  });
}

const ask = (child: ChildProcess): Promise<Memory> =>
  new Promise((resolve) => {
    child.once('message', (msg) => resolve((msg as { memory: Memory }).memory));
    child.send({ type: 'memory' });
  });

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

async function run(name: string, target: 'app' | 'relay', databaseUrl?: string): Promise<Result> {
  const { child, ready } = await startTarget(target, databaseUrl);
  const before = await ask(child);
  const sockets = new Map<number, WebSocket>();
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  let errors = 0;
  const ids = ready.pairs.flatMap((p) => [p.a, p.b]);
  const origin = `http://127.0.0.1:${ready.port}`;
  for (let i = 0; i < ids.length; i += 100) {
    await Promise.all(
      ids.slice(i, i + 100).map(
        (id) =>
          new Promise<void>((resolve, reject) => {
            const url =
              target === 'relay'
                ? `ws://127.0.0.1:${ready.port}/?u=${id}`
                : `ws://127.0.0.1:${ready.port}/ws`;
            const ws = new WebSocket(url, {
              headers: { origin, cookie: ready.cookies[id] ?? '' },
              perMessageDeflate: false,
            });
            ws.on('message', (raw) => {
              const frame = JSON.parse(raw.toString()) as {
                type: string;
                data?: { content?: string; senderId?: number };
              };
              if (frame.type === 'error') errors += 1;
              if (frame.type !== 'message' || !frame.data?.content) return;
              const key = frame.data.content;
              const started = sentAt.get(key);
              // Count delivery to the recipient only (the sender's own copy is an echo).
              if (started !== undefined && key.endsWith(`>${id}`)) {
                latencies.push(performance.now() - started);
                sentAt.delete(key);
              }
            });
            ws.once('open', () => {
              sockets.set(id, ws);
              resolve();
            });
            ws.once('error', reject);
          }),
      ),
    );
  }
  const connected = await ask(child);
  const memPerConn =
    (connected.heapUsed + connected.external - before.heapUsed - before.external) / ids.length;

  // RATE messages a second, spread over 10 ms ticks, each from a random member to their partner.
  let sent = 0;
  const total = RATE * SECONDS;
  const started = performance.now();
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * RATE));
      while (sent < due) {
        const pair = ready.pairs[Math.floor(Math.random() * ready.pairs.length)]!;
        const [from, to] = Math.random() < 0.5 ? [pair.a, pair.b] : [pair.b, pair.a];
        const content = `m${sent} ${from}>${to}`;
        sentAt.set(content, performance.now());
        const frame =
          target === 'relay'
            ? { to, content, clientId: `c${sent}` }
            : { type: 'new_message', waveId: pair.waveId, content, clientId: `c${sent}` };
        sockets.get(from)!.send(JSON.stringify(frame));
        sent += 1;
      }
      if (sent >= total) {
        clearInterval(timer);
        resolve();
      }
    }, 10);
  });
  const elapsed = (performance.now() - started) / 1000;
  for (let i = 0; i < 500 && sentAt.size > 0; i++) await new Promise((r) => setTimeout(r, 10));
  for (const ws of sockets.values()) ws.terminate();
  child.send({ type: 'stop' });
  await new Promise((r) => child.once('exit', r));
  latencies.sort((a, b) => a - b);
  return {
    name,
    sent,
    received: latencies.length,
    lost: sent - latencies.length,
    rate: latencies.length / elapsed,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    memPerConn,
    errors,
  } as Result & { errors: number };
}

const results: Result[] = [];
results.push(await run('bare ws relay', 'relay'));
results.push(await run('Jumpseat on PGlite', 'app'));
if (process.env.BENCH_DATABASE_URL)
  results.push(await run('Jumpseat on PostgreSQL', 'app', process.env.BENCH_DATABASE_URL));

const relay = results[0]!;
console.log(`\nchat load: ${CLIENTS} clients, ${RATE} msg/s for ${SECONDS} s\n`);
console.log(
  'target                    msg/s   p50 ms  p99 ms   lost  mem/conn KB  p99 vs relay  mem vs relay',
);
let pass = true;
for (const r of results) {
  const memRatio = r.memPerConn / relay.memPerConn;
  const p99Ratio = r.p99 / Math.max(relay.p99, 0.001);
  console.log(
    `${r.name.padEnd(24)} ${r.rate.toFixed(0).padStart(6)} ${r.p50.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(7)} ${String(r.lost).padStart(6)} ${(r.memPerConn / 1024).toFixed(1).padStart(12)} ${p99Ratio.toFixed(1).padStart(12)}x ${memRatio.toFixed(2).padStart(12)}x`,
  );
  if (r !== relay) pass &&= r.p99 <= 50 && r.lost === 0 && memRatio <= 2;
}
console.log(
  `\ntargets: p99 <= 50 ms, 0 lost, memory per connection <= 2x relay: ${pass ? 'PASS' : 'FAIL'}`,
);
