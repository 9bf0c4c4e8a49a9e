import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { buildAdmin } from '../../test/factories';
import { injectAs } from '../../test/inject-as';

describe('the contract made visible', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('serves the OpenAPI document, unchanged unless the contract changed', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.paths['/api/auth/me'].get).toBeDefined();
    // A deliberate contract change: run `npx vitest run -u server/modules/docs` and review the diff.
    await expect(`${JSON.stringify(doc, null, 2)}\n`).toMatchFileSnapshot(
      './__snapshots__/openapi.json',
    );
  });

  it('renders the docs UI', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('swagger');
  });

  it('exposes metrics to admins only', async () => {
    await t.app.inject({ method: 'GET', url: '/api/health' });
    const admin = await injectAs(t.app, await buildAdmin(t.database.db));
    const res = await admin({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('http_request_duration_seconds_bucket');
    expect(res.body).toContain('route="/api/health"');
    expect(res.body).toContain('websocket_open_sockets');
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
  });
});
