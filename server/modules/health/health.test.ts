// @postgres: reports which engine it runs on: the PostgreSQL answer is asserted there only
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { createLocalBus } from '../../lib/bus';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createTestDatabase } from '../../test/test-database';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers ok with the database kind', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const expected = process.env.JUMPSEAT_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
    expect(res.json()).toEqual({ status: 'ok', db: expected });
  });

  it('answers 503 when the database does not answer', async () => {
    const other = await buildTestApp();
    await other.database.close();
    const res = await other.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json().status).toBe('unavailable');
    await other.app.close();
  });

  it('answers 503 degraded while the database answers but live events from other instances do not', async () => {
    const database = await createTestDatabase();
    const bus = { ...createLocalBus(), kind: 'postgres' as const, listening: () => false };
    const app = await buildApp({ config: testConfig(), database, bus, webDist: null });
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json().status).toBe('degraded');
    await app.close();
    await database.close();
  });

  it('gives unknown /api paths a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nowhere?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json().message).toContain('/api/nowhere');
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken"',
    });
    expect(res.statusCode).toBeLessThan(500);
  });
});
