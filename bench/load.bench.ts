/**
 * A load test with pass/fail thresholds: `npm run bench:load`.
 *
 * For each N in LOAD_MEMBERS, a fresh server (a child process, fresh database) is seeded with N
 * members on shared crews, and N simulated members use it at human pace for LOAD_SECONDS: each
 * signs in from its own address, opens Home, connects the socket, then every THINK seconds or so
 * refreshes Home, opens one of their flights, opens Messages, waves at a crewmate (up to 3),
 * accepts the waves they get, and chats on accepted waves over the socket. Alongside, 4 new
 * sign-ins a second from other members (sign in, /me, Home). Members start evenly over the
 * first fifth of the run.
 *
 * Pass (Mattermost's load-test thresholds, on every HTTP request and every socket send):
 * 5xx < 0.025%, mean < 100 ms, p99 < 1 s. Reported: the largest N that passes and the first N
 * whose p99 crosses 200 ms, beside a bare node:http server answering the same number of
 * requests (the floor on this machine, same run).
 *
 * Environment:
 *   LOAD_MEMBERS        comma-separated N to try, ascending (default 500,1000,2000)
 *   LOAD_SECONDS        seconds per N (default 300)
 *   LOAD_THINK          mean seconds between a member's actions (default 15)
 *   LOAD_SIGNINS        new sign-ins a second (default 4)
 *   BENCH_DATABASE_URL  run on this PostgreSQL (a scratch database per N) instead of PGlite
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { type Sample, summarize, verdict } from './load/stats';

const STEPS = (process.env.LOAD_MEMBERS ?? '500,1000,2000').split(',').map(Number);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 300);
const THINK = Number(process.env.LOAD_THINK ?? 15);
const SIGNINS = Number(process.env.LOAD_SIGNINS ?? 4);
const WAVES_PER_MEMBER = 3;
const here = path.dirname(fileURLToPath(import.meta.url));

type Ready = {
  port: number;
  kind: string;
  members: { id: number; email: string }[];
  flights: { id: number; crew: number[] }[];
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const think = () => sleep(THINK * 1000 * (0.3 + Math.random() * 1.4));
const pick = <T>(xs: T[]): T | undefined => xs[Math.floor(Math.random() * xs.length)];
const addressOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

function startTarget(members: number): Promise<{ child: ChildProcess; ready: Ready }> {
  const child = fork(path.join(here, 'load', 'target.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, MEMBERS: String(members) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (msg) => resolve({ child, ready: msg as Ready }));
    child.once('exit', (code) => reject(new Error(`target exited ${code}`)));
  });
}

/** One run: N members for SECONDS against a fresh server; every request and socket send timed. */
async function run(n: number) {
  // N active members plus a pool the new sign-ins come from.
  const pool = Math.max(50, SIGNINS * 30);
  const { child, ready } = await startTarget(n + pool);
  const origin = `http://127.0.0.1:${ready.port}`;
  const samples: Sample[] = [];
  const socketSamples: Sample[] = [];
  let stopping = false;
  let addresses = 0;

  async function request(
    method: string,
    url: string,
    opts: { cookie?: string; body?: unknown; ip?: string } = {},
  ) {
    const started = performance.now();
    let status = 599;
    let res: Response | undefined;
    let body: unknown;
    try {
      res = await fetch(origin + url, {
        method,
        headers: {
          ...(opts.cookie ? { cookie: opts.cookie } : {}),
          ...(opts.body ? { 'content-type': 'application/json', origin } : {}),
          'x-forwarded-for': opts.ip ?? '10.255.255.254',
          'accept-encoding': 'br, gzip',
        },
        body: opts.body ? JSON.stringify(opts.body) : undefined,
      });
      status = res.status;
      body = await res.json().catch(() => undefined);
    } catch {
      // No answer: counted below as a 599.
    } finally {
      samples.push({ ms: performance.now() - started, status, name: `${method} ${route(url)}` });
    }
    return res && { status, ok: res.ok, headers: res.headers, body };
  }

  async function signIn(index: number) {
    const ip = addressOf(++addresses);
    const member = ready.members[index]!;
    const res = await request('POST', '/api/auth/login', {
      body: { email: member.email, passcode: '1234' },
      ip,
    });
    const cookie = res?.headers.getSetCookie().find((c) => c.includes('session='));
    if (!cookie) return undefined;
    const session = cookie.split(';')[0]!;
    await request('GET', '/api/auth/me', { cookie: session, ip });
    await request('GET', '/api/flights', { cookie: session, ip });
    return { session, ip };
  }

  const flightsOf = new Map<number, number[]>();
  ready.flights.forEach((f, i) => {
    for (const m of f.crew) flightsOf.set(m, [...(flightsOf.get(m) ?? []), i]);
  });

  async function member(index: number) {
    const me = await signIn(index);
    if (!me || stopping) return;
    const { session, ip } = me;
    const myFlights = flightsOf.get(index) ?? [];
    const chats: number[] = [];
    const waved = new Set<number>();
    const sentWaves = new Set<number>();
    const pendingAcks = new Map<string, number>();
    const ws = new WebSocket(`ws://127.0.0.1:${ready.port}/ws`, {
      headers: { origin, cookie: session, 'x-forwarded-for': ip },
      perMessageDeflate: false,
    });
    ws.on('error', () => undefined);
    ws.on('open', () =>
      ws.send(JSON.stringify({ type: 'auth', userId: ready.members[index]!.id })),
    );
    ws.on('message', (raw) => {
      const frame = JSON.parse(raw.toString()) as {
        type: string;
        clientId?: string;
        data?: { waveId?: number; status?: string };
      };
      if ((frame.type === 'message_ack' || frame.type === 'error') && frame.clientId) {
        const started = pendingAcks.get(frame.clientId);
        if (started === undefined) return;
        pendingAcks.delete(frame.clientId);
        socketSamples.push({
          ms: performance.now() - started,
          status: frame.type === 'error' ? 500 : 200,
          name: 'socket new_message',
        });
      }
      if (frame.type === 'wave_update' && frame.data?.waveId) {
        const waveId = frame.data.waveId;
        if (frame.data.status === 'pending') {
          // A person reads the wave, then answers it.
          void sleep(2000 + Math.random() * 3000).then(async () => {
            // Both ends hear of a new wave (the frame can beat the sender's own answer to
            // POST /api/waves, hence the check after the pause); only its receiver answers it.
            if (stopping || sentWaves.has(waveId)) return;
            const res = await request('PUT', `/api/waves/${waveId}/status`, {
              cookie: session,
              ip,
              body: { status: 'accepted' },
            });
            if (res?.ok) chats.push(waveId);
          });
        }
        if (frame.data.status === 'accepted' && !chats.includes(waveId)) chats.push(waveId);
      }
    });

    while (!stopping) {
      await think();
      if (stopping) break;
      const roll = Math.random();
      if (roll < 0.3) {
        await request('GET', '/api/flights', { cookie: session, ip });
      } else if (roll < 0.5) {
        const f = ready.flights[pick(myFlights) ?? 0]!;
        await request('GET', `/api/flights/${f.id}`, { cookie: session, ip });
        await request('GET', `/api/waves/check/${f.id}`, { cookie: session, ip });
      } else if (roll < 0.6) {
        await request('GET', '/api/waves', { cookie: session, ip });
        const chat = pick(chats);
        if (chat) await request('GET', `/api/messages/${chat}`, { cookie: session, ip });
      } else if (roll < 0.7 && waved.size < WAVES_PER_MEMBER) {
        const fi = pick(myFlights);
        const mate = fi === undefined ? undefined : pick(ready.flights[fi]!.crew);
        if (fi !== undefined && mate !== undefined && mate !== index && !waved.has(mate)) {
          waved.add(mate);
          const res = await request('POST', '/api/waves', {
            cookie: session,
            ip,
            body: { receiverId: ready.members[mate]!.id, flightId: ready.flights[fi]!.id },
          });
          if (res?.status === 201) sentWaves.add((res.body as { id: number }).id);
        }
      } else if (ws.readyState === WebSocket.OPEN && chats.length > 0) {
        const clientId = randomUUID();
        pendingAcks.set(clientId, performance.now());
        ws.send(
          JSON.stringify({
            type: 'new_message',
            waveId: pick(chats),
            content: `hello from ${index} at ${Date.now()}`,
            clientId,
          }),
        );
      }
    }
    // Unanswered sends at the end count as failures: a send must be acknowledged.
    for (const started of pendingAcks.values()) {
      socketSamples.push({
        ms: performance.now() - started,
        status: 599,
        name: 'socket new_message',
      });
    }
    ws.terminate();
  }

  const started = performance.now();
  const ramp = (SECONDS * 1000) / 5;
  const members: Promise<void>[] = [];
  for (let i = 0; i < n; i++) {
    members.push(sleep((ramp * i) / n).then(() => (stopping ? undefined : member(i))));
  }
  const arrivals: Promise<unknown>[] = [];
  const arrivalTimer = setInterval(() => {
    arrivals.push(signIn(n + Math.floor(Math.random() * pool)));
  }, 1000 / SIGNINS);
  let peakRss = 0;
  const memoryTimer = setInterval(() => child.send({ type: 'memory' }), 5000);
  child.on('message', (m) => {
    const rss = (m as { rss?: number }).rss;
    if (rss) peakRss = Math.max(peakRss, rss);
  });
  await sleep(SECONDS * 1000);
  stopping = true;
  clearInterval(arrivalTimer);
  clearInterval(memoryTimer);
  // Let requests already on the wire finish (they are part of the sample).
  await Promise.race([Promise.all([...members, ...arrivals]), sleep(30_000)]);
  const elapsed = (performance.now() - started) / 1000;
  child.send({ type: 'stop' });
  await new Promise((r) => child.once('exit', r));
  return {
    n,
    kind: ready.kind,
    http: summarize(samples),
    socket: summarize(socketSamples),
    rate: (samples.length + socketSamples.length) / elapsed,
    peakRss,
    slowest: slowestRoutes(samples),
    statuses: statusCounts([...samples, ...socketSamples]),
  };
}

const route = (url: string) => url.replace(/\/\d+/g, '/:id');

function slowestRoutes(samples: Sample[]) {
  const by = new Map<string, Sample[]>();
  for (const s of samples) by.set(s.name, [...(by.get(s.name) ?? []), s]);
  return [...by.entries()]
    .map(([name, xs]) => ({ name, ...summarize(xs) }))
    .sort((a, b) => b.p99 - a.p99)
    .slice(0, 3);
}

function statusCounts(samples: Sample[]) {
  const counts = new Map<string, number>();
  for (const s of samples) {
    const key = `${s.name} ${s.status}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts.entries()].map(([k, v]) => `${k}: ${v}`).join(', ');
}

/** The floor: a bare node:http server answering a small JSON body, at the run's request rate. */
async function bareFloor(rate: number) {
  const body = JSON.stringify({ ok: true });
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end(body);
  });
  server.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const samples: Sample[] = [];
  const total = Math.max(200, Math.round(rate * 10));
  const t0 = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = t0 + (i / rate) * 1000;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const started = performance.now();
    pending.push(
      fetch(url)
        .then((r) => r.arrayBuffer().then(() => r.status))
        .then((status) => {
          samples.push({ ms: performance.now() - started, status, name: 'bare' });
        }),
    );
  }
  await Promise.all(pending);
  server.close();
  return summarize(samples);
}

const results = [];
for (const n of STEPS) {
  console.log(`running ${n} members for ${SECONDS} s...`);
  results.push(await run(n));
}
const floor = await bareFloor(Math.max(...results.map((r) => r.rate)));
const db = results[0]?.kind ?? '?';
console.log(
  `\nload test on ${db}: ${SECONDS} s per step, think ~${THINK} s, ${SIGNINS} new sign-ins/s\n`,
);
console.log(
  'members   req/s  requests   5xx%   mean ms  p99 ms | socket sends  mean ms  p99 ms | peak RSS MB  verdict',
);
for (const r of results) {
  const v = verdict(r.http, r.socket);
  console.log(
    `${String(r.n).padStart(7)} ${r.rate.toFixed(0).padStart(7)} ${String(r.http.count).padStart(9)} ${(r.http.errorRate * 100).toFixed(3).padStart(6)} ${r.http.mean.toFixed(1).padStart(9)} ${r.http.p99.toFixed(0).padStart(7)} | ${String(r.socket.count).padStart(12)} ${r.socket.mean.toFixed(1).padStart(8)} ${r.socket.p99.toFixed(0).padStart(7)} | ${(r.peakRss / 2 ** 20).toFixed(0).padStart(11)}  ${v.pass ? 'PASS' : `FAIL (${v.reasons.join(', ')})`}`,
  );
  console.log(
    `          answers: ${r.statuses}\n          slowest: ${r.slowest.map((s) => `${s.name} p99 ${s.p99.toFixed(0)} ms`).join('; ')}`,
  );
}
console.log(
  `bare node:http floor at the same rate: mean ${floor.mean.toFixed(2)} ms, p99 ${floor.p99.toFixed(1)} ms`,
);
const passing = results.filter((r) => verdict(r.http, r.socket).pass).map((r) => r.n);
const crossing = results.find((r) => Math.max(r.http.p99, r.socket.p99) > 200);
console.log(
  `\nlargest N that passes: ${passing.length ? Math.max(...passing) : 'none'}; p99 crosses 200 ms at: ${crossing ? crossing.n : `> ${Math.max(...STEPS)} (not reached)`}`,
);
// The goal is set for PostgreSQL (issue 20); PGlite, one statement at a time, is reported only.
console.log(
  db === 'postgres'
    ? `target (PostgreSQL): N >= 2000 passes: ${passing.some((n) => n >= 2000) ? 'PASS' : 'FAIL'}`
    : `target: set for PostgreSQL only (N >= 2000); on ${db} reported, not judged`,
);
