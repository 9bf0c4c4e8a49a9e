import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_REASONS, userSchema } from '../../../domain';
import { users } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { buildCrew, buildDemo, buildPending } from '../../test/factories';
import { injectAs } from '../../test/inject-as';

const NOW = '2030-06-15T12:00:00.000Z';

describe('first run: the disclaimer and the setup choice, kept on the server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ now: NOW });
  });
  afterAll(() => t.close());
  const db = () => t.database.db;
  const stored = async (id: number) =>
    (await db().select().from(users).where(eq(users.id, id)))[0]!;

  describe('POST /api/users/accept-disclaimer', () => {
    const url = '/api/users/accept-disclaimer';

    it('records the acceptance once; a second press keeps the first time', async () => {
      const crew = await buildCrew(db());
      const client = await injectAs(t.app, crew);
      const first = await client({ method: 'POST', url });
      expect(first.statusCode, first.body).toBe(200);
      expect(userSchema.parse(first.json()).disclaimerAcceptedAt).toBe(NOW);

      t.clock.advance(60_000);
      const again = await client({ method: 'POST', url });
      expect(again.statusCode).toBe(200);
      expect(again.json().disclaimerAcceptedAt).toBe(NOW);
      expect((await stored(crew.id)).disclaimerAcceptedAt?.toISOString()).toBe(NOW);
      // The next GET /api/auth/me (the session cache) sees it too.
      expect((await client({ method: 'GET', url: '/api/auth/me' })).json()).toMatchObject({
        disclaimerAcceptedAt: NOW,
      });
      t.clock.set(NOW);
    });

    it('demo accounts accept it too (they see the same screens)', async () => {
      const demo = await buildDemo(db());
      const res = await (await injectAs(t.app, demo))({ method: 'POST', url });
      expect(res.statusCode).toBe(200);
      expect(res.json().disclaimerAcceptedAt).toBe(NOW);
    });

    it('refuses anonymous callers and a pending registration, changing nothing', async () => {
      expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(401);
      const pending = await buildPending(db());
      const res = await (await injectAs(t.app, pending))({ method: 'POST', url });
      expect(res.statusCode).toBe(401);
      expect((await stored(pending.id)).disclaimerAcceptedAt).toBeNull();
    });
  });

  describe('POST /api/users/me/skip-setup and PATCH /api/users/me', () => {
    const url = '/api/users/me/skip-setup';

    it("'Skip for Now' is remembered, for every later sign-in", async () => {
      const crew = await buildCrew(db());
      expect(crew.profileSetupDoneAt).toBeNull();
      const client = await injectAs(t.app, crew);
      const res = await client({ method: 'POST', url });
      expect(res.statusCode, res.body).toBe(200);
      expect(userSchema.parse(res.json())).toMatchObject({
        profileSetupDoneAt: NOW,
        nickname: null,
      });
      // Another device's session reads the same user.
      const other = await injectAs(t.app, crew);
      expect((await other({ method: 'GET', url: '/api/auth/me' })).json()).toMatchObject({
        profileSetupDoneAt: NOW,
      });
    });

    it('saving the setup counts as done, even with the nickname left blank', async () => {
      const crew = await buildCrew(db());
      const res = await (await injectAs(t.app, crew))({
        method: 'PATCH',
        url: '/api/users/me',
        payload: { name: 'Jane' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ nickname: null, profileSetupDoneAt: NOW });
    });

    it('refuses demo accounts with the demo text, anonymous callers and pending ones', async () => {
      const demo = await buildDemo(db());
      const refused = await (await injectAs(t.app, demo))({ method: 'POST', url });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(ACCESS_REASONS.demoEditProfile);
      expect((await stored(demo.id)).profileSetupDoneAt).toBeNull();

      expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(401);
      const pending = await buildPending(db());
      expect((await (await injectAs(t.app, pending))({ method: 'POST', url })).statusCode).toBe(
        401,
      );
      expect((await stored(pending.id)).profileSetupDoneAt).toBeNull();
    });
  });
});
