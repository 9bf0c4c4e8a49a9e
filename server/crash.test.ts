// @postgres: kill -9 mid-send, then recovery and exactly-once storage on the PostgreSQL server (crash recovery)
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { createScratchDatabase } from '../scripts/scratch-database.mjs';
import { testConfig } from './config';
import { type Database, openDatabase } from './db/client';
import { sessions } from './db/schema';
import { hashToken } from './lib/tokens';
import { SESSION_COOKIE } from './plugins/access';
import { buildCrew, buildFlight, buildWave, joinFlight } from './test/factories';
import { type SpawnedServer, spawnServer } from './test/processes';
import { type Frame, SocketClient } from './test/socket-client';

/**
 * Issue 21 item 2: the server process (`server/main.ts`, as `npm start` runs it) killed with
 * SIGKILL in the middle of 1,000 concurrent sends. Messages committed just before the kill were
 * never acknowledged; the clients resend everything unacknowledged with its same clientId after
 * the restart. Every message must then be stored exactly once, and every acknowledgement must
 * name a stored row. On PGlite the data directory must open again after the kill.
 */
const PAIRS = 100;
const PER_SOCKET = 5;
const TOTAL = PAIRS * 2 * PER_SOCKET;
const onPostgres = process.env.JUMPSEAT_TEST_DB === 'postgres';

function openSocket(port: number, token: string): Promise<SocketClient> {
  const host = `127.0.0.1:${port}`;
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://${host}/ws`, {
      headers: { origin: `http://${host}`, cookie: `${SESSION_COOKIE}=${token}` },
    });
    const client = new SocketClient(ws);
    // A socket the kill resets is expected; without a listener its error would be thrown.
    ws.on('error', () => undefined);
    ws.once('open', () => resolve(client));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
  });
}

type Sender = { userId: number; waveId: number; token: string };

/** As the browser does: confirms the session's user and waits for the answer. */
async function signedIn(socket: SocketClient, sender: Sender) {
  socket.send({ type: 'auth', userId: sender.userId });
  await socket.next('auth_success', 30_000);
}

/** 100 pairs on one flight, each with an accepted wave; a session for each of the 200. */
async function seed(database: Database): Promise<Sender[]> {
  const { db } = database;
  const flight = await buildFlight(db, { daysAhead: 30 });
  const senders: Sender[] = [];
  const now = new Date();
  for (let i = 0; i < PAIRS; i++) {
    const a = await buildCrew(db);
    const b = await buildCrew(db);
    await joinFlight(db, a, flight);
    await joinFlight(db, b, flight);
    const wave = await buildWave(db, a, b, flight, { status: 'accepted' });
    for (const user of [a, b]) {
      const token = randomBytes(32).toString('base64url');
      await db
        .insert(sessions)
        .values({ tokenHash: hashToken(token), userId: user.id, createdAt: now, lastSeenAt: now });
      senders.push({ userId: user.id, waveId: wave.id, token });
    }
  }
  return senders;
}

type Send = { clientId: string; sender: Sender; content: string };
type Ack = { clientId: string; id: number };

const acksOf = (socket: SocketClient): Ack[] =>
  socket.arrived
    .filter((f: Frame) => f.type === 'message_ack')
    .map((f) => ({ clientId: String(f.clientId), id: (f.data as { id: number }).id }));

describe('a kill -9 in the middle of 1,000 sends', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  // Cap 300 s (a cap, not a wait): seeding 200 members, two server starts, 1,000 sends and their
  // resends (the resends' own cap is 150 s).
  it('loses nothing acknowledged and stores every resend once', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'jumpseat-crash-'));
    const env: NodeJS.ProcessEnv = { DATA_DIR: dataDir, APP_SECRET: testConfig().appSecret };
    // The database as the server will open it; seeded before the server starts.
    let open: () => Promise<Database>;
    if (onPostgres) {
      const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'jumpseat_crash');
      cleanups.push(scratch.drop);
      env.DATABASE_URL = scratch.url;
      open = () => openDatabase({ kind: 'postgres', url: scratch.url, max: 2 });
    } else {
      open = () => openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pgdata') });
    }
    // On PGlite, from the run's migrated snapshot (global-setup.ts): an initdb and the
    // migrations cost ~3 s of CPU, and a first start is not what this test is about.
    const snapshot = onPostgres ? '' : inject('pgliteSnapshot');
    const seeding = snapshot
      ? await openDatabase({
          kind: 'pglite',
          dataDir: path.join(dataDir, 'pgdata'),
          loadDataDir: new Blob([readFileSync(snapshot)]),
        })
      : await open();
    await seeding.migrate();
    const senders = await seed(seeding);
    await seeding.close();

    let server: SpawnedServer = spawnServer(env);
    cleanups.push(() => server.stop('SIGKILL'));
    let port = await server.ready;

    const sends: Send[] = senders.flatMap((sender) =>
      Array.from({ length: PER_SOCKET }, (_, i) => ({
        clientId: randomUUID(),
        sender,
        content: `crash ${sender.userId} #${i}`,
      })),
    );
    const frame = (s: Send) => ({
      type: 'new_message',
      waveId: s.sender.waveId,
      content: s.content,
      clientId: s.clientId,
    });

    // Round one: every socket sends its five at once; the kill lands once half are acknowledged.
    const first = await Promise.all(senders.map((s) => openSocket(port, s.token)));
    await Promise.all(first.map((socket, i) => signedIn(socket, senders[i]!)));
    const acked = new Map<string, number>();
    const collect = (sockets: SocketClient[]) => {
      for (const socket of sockets)
        for (const ack of acksOf(socket)) acked.set(ack.clientId, ack.id);
    };
    const halfAcknowledged = new Promise<void>((resolve) => {
      let count = 0;
      for (const socket of first) {
        socket.ws.on('message', (data) => {
          if ((JSON.parse(data.toString()) as Frame).type !== 'message_ack') return;
          count += 1;
          if (count === TOTAL / 2) {
            // At once, in the same turn: no further frame is read before the kill.
            server.child.kill('SIGKILL');
            resolve();
          }
        });
      }
    });
    for (let i = 0; i < PER_SOCKET; i++) {
      for (let s = 0; s < senders.length; s++) first[s]!.send(frame(sends[s * PER_SOCKET + i]!));
    }
    await halfAcknowledged;
    await server.exited;
    collect(first);
    for (const socket of first) socket.close();
    const ackedBeforeKill = acked.size;
    expect(ackedBeforeKill).toBeGreaterThanOrEqual(TOTAL / 2);
    expect(ackedBeforeKill).toBeLessThan(TOTAL);

    // What the database holds right after the kill (PGlite: opening it proves it survived).
    const afterKill = await open();
    const storedAtKill = (
      await afterKill.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM messages WHERE client_id IS NOT NULL`,
      )
    ).rows[0]!.n;
    await afterKill.close();

    // Restart on the same data; resend everything not acknowledged, with its clientId.
    server = spawnServer(env);
    port = await server.ready;
    const resend = sends.filter((s) => !acked.has(s.clientId));
    const bySender = new Map<number, Send[]>();
    for (const s of resend)
      bySender.set(s.sender.userId, [...(bySender.get(s.sender.userId) ?? []), s]);
    const groups = [...bySender.values()];
    const second = await Promise.all(groups.map((list) => openSocket(port, list[0]!.sender.token)));
    await Promise.all(groups.map((list, i) => signedIn(second[i]!, list[0]!.sender)));
    groups.forEach((list, i) => {
      for (const s of list) second[i]!.send(frame(s));
    });
    // An upper bound: on a fresh clone under the whole suite, the resends took over 60 s once.
    const complete = await Promise.all(
      groups.map((list, i) =>
        second[i]!.received(list.length, (f) => f.type === 'message_ack', 150_000),
      ),
    );
    // What a socket short of its acknowledgements got instead, so a failure says why.
    const short = groups.flatMap((list, i) =>
      complete[i]
        ? []
        : [
            `user ${list[0]!.sender.userId}: ${acksOf(second[i]!).length}/${list.length} acks, ` +
              `socket ${second[i]!.closed ? `closed ${second[i]!.closed!.code}` : 'open'}, ` +
              JSON.stringify(second[i]!.arrived.filter((f) => f.type !== 'message_ack')),
          ],
    );
    // The first line of the message is what a CI summary prints: what was short and whether the
    // server still ran, then its log.
    const { exitCode, signalCode } = server.child;
    const state =
      exitCode === null && signalCode === null ? 'running' : `exited ${exitCode ?? signalCode}`;
    expect(
      short,
      `${short.length} sockets short (server ${state}): ${short.join(' | ')}\n${server.output()}`,
    ).toEqual([]);
    const ackedBefore = new Map(acked);
    collect(second);
    for (const socket of second) socket.close();

    // Stopped cleanly before counting (PGlite has one owner at a time).
    expect(await server.stop('SIGTERM')).toMatchObject({ code: 0 });
    const final = await open();
    const rows = (
      await final.db.execute<{ id: number; client_id: string; sender_id: number }>(
        sql`SELECT id, client_id, sender_id FROM messages WHERE client_id IS NOT NULL`,
      )
    ).rows;
    await final.close();

    const storedIds = new Map(rows.map((r) => [r.client_id, Number(r.id)]));
    const duplicates = rows.length - storedIds.size;
    const lost = sends.filter((s) => !storedIds.has(s.clientId)).length;
    const wrongAck = [...acked].filter(([clientId, id]) => storedIds.get(clientId) !== id).length;
    const committedUnacked = storedAtKill - ackedBeforeKill;
    console.log(
      `crash test (${onPostgres ? 'PostgreSQL' : 'PGlite'}): sent ${TOTAL}, acknowledged before the kill ${ackedBeforeKill}, ` +
        `stored at the kill ${storedAtKill} (committed but never acknowledged: ${committedUnacked}), ` +
        `resent ${resend.length}, stored ${rows.length}, duplicates ${duplicates}, lost ${lost}, ` +
        `acknowledgements naming another row ${wrongAck}`,
    );
    expect(acked.size).toBe(TOTAL);
    expect(rows).toHaveLength(TOTAL);
    expect(duplicates).toBe(0);
    expect(lost).toBe(0);
    expect(wrongAck).toBe(0);
    // An acknowledgement from before the kill still names its row after the restart.
    for (const [clientId, id] of ackedBefore) expect(storedIds.get(clientId)).toBe(id);
  }, 300_000);
});
