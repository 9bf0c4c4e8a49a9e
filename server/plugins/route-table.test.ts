import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { buildCrew, buildDemo } from '../test/factories';
import { type Injector, injectAs } from '../test/inject-as';
import { registerAccess } from './access';
import { isMemberWrite } from './member-limits';

/**
 * Every registered route, checked by its own access declaration (not by path prefix).
 * Later routes are covered automatically.
 */
describe('route table', () => {
  let t: TestApp;
  let asCrew: Injector;
  let asDemo: Injector;
  beforeAll(async () => {
    t = await buildTestApp();
    asCrew = await injectAs(t.app, await buildCrew(t.database.db));
    asDemo = await injectAs(t.app, await buildDemo(t.database.db));
  });
  afterAll(() => t.close());

  const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '1').replace('*', 'x');
  const payloadFor = (method: string) => (method === 'GET' || method === 'DELETE' ? undefined : {});

  it('declares access for every route under /api, /ws and /metrics', () => {
    const guarded = t.app.routeTable.filter((r) => /^\/(api|ws|metrics)/.test(r.url));
    expect(guarded.length).toBeGreaterThan(3);
    for (const route of guarded) expect(['public', 'user', 'admin']).toContain(route.access);
  });

  it('declares a per-member limit for every write under /api a signed-in member can make', () => {
    const writes = t.app.routeTable.filter(isMemberWrite);
    expect(writes.length).toBeGreaterThan(30);
    const undeclared = writes.filter((r) => !r.memberLimit).map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
  });

  it('refuses to start when a route declares no access', async () => {
    const bare = Fastify();
    bare.decorate('deps', t.app.deps);
    registerAccess(bare);
    const start = async () => {
      bare.get('/api/undeclared', async () => ({}));
      await bare.ready();
    };
    await expect(start()).rejects.toThrow('Route GET /api/undeclared declares no access');
    await bare.close();
  });

  it('answers 401 to an anonymous caller on every non-public route', async () => {
    for (const route of t.app.routeTable.filter((r) => r.access !== 'public')) {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        payload: payloadFor(route.method),
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('answers 403 to a crew member on every admin route', async () => {
    const adminRoutes = t.app.routeTable.filter((r) => r.access === 'admin');
    expect(adminRoutes.map((r) => r.url)).toContain('/metrics');
    for (const route of adminRoutes) {
      const res = await asCrew({
        method: route.method as 'GET',
        url: concrete(route.url),
        payload: payloadFor(route.method),
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });

  it('answers 403 to a demo user on every notDemo route', async () => {
    for (const route of t.app.routeTable.filter((r) => r.notDemo)) {
      const res = await asDemo({
        method: route.method as 'GET',
        url: concrete(route.url),
        payload: payloadFor(route.method),
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });
});
