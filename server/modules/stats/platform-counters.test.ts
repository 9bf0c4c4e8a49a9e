import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { buildCrew, buildFlight, buildWave, joinFlight } from '../../test/factories';
import { injectAs } from '../../test/inject-as';
import { readPlatformCounters } from './platform-counters';

describe('platform counters', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('count every message ever sent, deleted ones included', async () => {
    expect((await readPlatformCounters(t.database.db)).totalMessagesEverSent).toBe(0);
    const a = await buildCrew(t.database.db);
    const b = await buildCrew(t.database.db);
    const flight = await buildFlight(t.database.db);
    await joinFlight(t.database.db, a, flight);
    await joinFlight(t.database.db, b, flight);
    const wave = await buildWave(t.database.db, a, b, flight, { status: 'accepted' });
    const asA = await injectAs(t.app, a);
    for (let i = 0; i < 3; i++)
      await asA({
        method: 'POST',
        url: '/api/messages',
        payload: { waveId: wave.id, content: `m${i}` },
      });
    await t.database.db.delete(messages).where(eq(messages.waveId, wave.id));
    expect((await readPlatformCounters(t.database.db)).totalMessagesEverSent).toBe(3);
  });
});
