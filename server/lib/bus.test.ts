// @postgres: the LISTEN/NOTIFY bus itself; a PostgreSQL-only describe
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database';
import { createPostgresBus, reconnectDelayMs } from './bus';

/** The listener's reconnect backoff: quick at first, capped, and never the same for everyone. */
describe('reconnectDelayMs', () => {
  it('doubles from 250 ms to a 2 s cap, drawn between half and all of it', () => {
    const low = (n: number) => reconnectDelayMs(n, () => 0);
    const high = (n: number) => reconnectDelayMs(n, () => 1);
    expect([0, 1, 2, 3, 4, 20].map(high)).toEqual([250, 500, 1000, 2000, 2000, 2000]);
    expect([0, 1, 2, 3, 4, 20].map(low)).toEqual([125, 250, 500, 1000, 1000, 1000]);
  });
});

describe.runIf(process.env.JUMPSEAT_TEST_DB === 'postgres')('a closed bus', () => {
  it('drops a late publish quietly instead of failing on its ended pool', async () => {
    const database = await createTestDatabase();
    const warnings: unknown[] = [];
    const bus = await createPostgresBus(database.url!, {
      warn: (...args: unknown[]) => warnings.push(args),
      info: () => {},
    });
    await bus.close();
    await expect(bus.publish({ e: 'member', userId: 1 })).resolves.toBeUndefined();
    expect(warnings).toEqual([]);
    await database.close();
  });
});
