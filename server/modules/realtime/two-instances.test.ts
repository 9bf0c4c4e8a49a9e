// @postgres: two listening instances on the LISTEN/NOTIFY bus; a PostgreSQL-only describe
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { type Database, openDatabase } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { fixedClock } from '../../lib/clock';
import { buildCrew, buildFlight, buildWave, DEFAULT_NOW, joinFlight } from '../../test/factories';
import { openSocket, sessionCookie } from '../../test/socket-client';
import { createTestDatabase } from '../../test/test-database';

/**
 * Two app instances sharing one PostgreSQL, each with its own pool and its own LISTEN
 * connection, as two processes behind a load balancer would be. PostgreSQL only: PGlite is one
 * process by design.
 */
describe.runIf(process.env.JUMPSEAT_TEST_DB === 'postgres')(
  'fan-out across two instances on one PostgreSQL',
  () => {
    let shared: Database & { url?: string };
    let second: Database;
    let a: FastifyInstance;
    let b: FastifyInstance;
    const clock = fixedClock(DEFAULT_NOW);

    beforeAll(async () => {
      shared = await createTestDatabase();
      second = await openDatabase({ kind: 'postgres', url: shared.url!, max: 4 });
      const config = testConfig({ databaseUrl: shared.url });
      a = await buildApp({ config, database: shared, clock, webDist: null });
      b = await buildApp({ config, database: second, clock, webDist: null });
      for (const app of [a, b]) await app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(async () => {
      await a.close();
      await b.close();
      await second.close();
      await shared.close();
    });

    const cookieFor = (app: FastifyInstance, user: UserRow) =>
      sessionCookie(app, user.id, clock.now());
    const open = (app: FastifyInstance, cookie: string) => openSocket(app, { cookie });

    it('a message sent through instance A reaches a socket on instance B', async () => {
      const alice = await buildCrew(shared.db);
      const bob = await buildCrew(shared.db);
      const flight = await buildFlight(shared.db);
      await joinFlight(shared.db, alice, flight);
      await joinFlight(shared.db, bob, flight);
      const wave = await buildWave(shared.db, alice, bob, flight, { status: 'accepted' });
      const onB = await open(b, await cookieFor(b, bob));
      const aliceCookie = await cookieFor(a, alice);
      const aliceOnA = await open(a, aliceCookie);
      const aliceOnB = await open(b, aliceCookie);
      const res = await a.inject({
        method: 'POST',
        url: '/api/messages',
        headers: { cookie: aliceCookie },
        payload: { waveId: wave.id, content: 'across the fleet' },
      });
      expect(res.statusCode).toBe(201);
      expect(await onB.next('message')).toMatchObject({
        data: { waveId: wave.id, content: 'across the fleet' },
      });
      // The sender's own sockets get their copy on both instances: A delivers it from the rows
      // in hand and skips its own bus event, so nobody gets it twice.
      await aliceOnA.next('message');
      await aliceOnB.next('message');
      // A bounded "nothing arrives" window: a second copy (A's own bus event delivered again)
      // would follow within it; waiting longer only proves more of nothing.
      await new Promise((r) => setTimeout(r, 200));
      for (const socket of [onB, aliceOnA, aliceOnB]) {
        expect(socket.frames.filter((f) => f.type === 'message')).toHaveLength(0);
        socket.close();
      }
    });

    it('a frame published on A reaches a socket on B; a bus payload that is no event is dropped', async () => {
      const dave = await buildCrew(shared.db);
      const cookie = await cookieFor(a, dave);
      const onB = await open(b, cookie);
      // Not an event of ours: an invalidate of a key the contract does not have.
      const bogus = JSON.stringify({
        e: 'frame',
        to: [dave.id],
        frame: { type: 'invalidate', data: { keys: ['everything'] } },
      });
      await shared.db.execute(sql`SELECT pg_notify('jumpseat_events', ${bogus})`);
      const res = await a.inject({
        method: 'POST',
        url: '/api/test-cross-env-push',
        headers: { cookie },
        payload: { message: 'from A' },
      });
      expect(res.statusCode).toBe(200);
      expect(await onB.next('push_notification')).toMatchObject({
        data: { title: 'Test Notification', message: 'from A', url: '/home' },
      });
      // Notifications arrive in commit order: the bogus one came first, and was dropped.
      expect(onB.frames.filter((f) => f.type === 'invalidate')).toEqual([]);
      onB.close();
    });

    it('a logout on A closes the member’s socket on B at once, not at a sweep', async () => {
      const carol = await buildCrew(shared.db);
      const cookie = await cookieFor(a, carol);
      const onB = await open(b, cookie);
      expect(
        (await a.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } }))
          .statusCode,
      ).toBe(200);
      // Neither instance runs the sweep here, so only the revoke event on the bus can close it;
      // a wall-clock bound would be a guess on a busy CI box.
      expect((await onB.waitClosed())?.code).toBe(4401);
    });
  },
);
