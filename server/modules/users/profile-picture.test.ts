// @postgres: a picture is stored with an upsert (onConflictDoUpdate)
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PROFILE_PICTURE_FAILED,
  PROFILE_PICTURE_MAX_BYTES,
  profilePictureResponseSchema,
} from '../../../domain';
import { profilePictures, users } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { buildAdmin, buildCrew } from '../../test/factories';
import { type Injector, injectAs } from '../../test/inject-as';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46];
const GIF = [...Buffer.from('GIF89a')];

/** An image's signature followed by `size` bytes in all, the rest varied so hashes differ. */
function image(signature: number[], size = 4096): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i += 1) bytes[i] = (i * 31 + size) % 256;
  bytes.set(signature);
  return bytes;
}
const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;

describe('admin profile picture', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  const db = () => t.database.db;
  const put = (client: Injector, profilePictureUrl: unknown) =>
    client({
      method: 'PUT',
      url: '/api/users/me/profile-picture',
      payload: { profilePictureUrl },
    });
  const stored = async (id: number) => ({
    user: (await db().select().from(users).where(eq(users.id, id)))[0]!,
    picture: (await db().select().from(profilePictures).where(eq(profilePictures.userId, id)))[0],
  });

  it.each([
    ['image/png', PNG],
    ['image/jpeg', JPEG],
    ['image/gif', GIF],
  ])('takes a %s, keeps the bytes apart and serves exactly them', async (type, signature) => {
    const admin = await buildAdmin(db());
    const as = await injectAs(t.app, admin);
    const bytes = image(signature);
    const res = await put(as, dataUrl(type, bytes));
    expect(res.statusCode, res.body).toBe(200);
    const { profilePictureUrl } = profilePictureResponseSchema.parse(res.json());
    expect(profilePictureUrl).toMatch(
      new RegExp(`^/api/users/${admin.id}/profile-picture\\?v=[0-9a-f]{16}$`),
    );
    expect((await stored(admin.id)).user.profilePictureUrl).toBe(profilePictureUrl);

    // Any signed-in member may see it (the admin's avatar shows in their lists).
    const crew = await injectAs(t.app, await buildCrew(db()));
    const served = await crew({ method: 'GET', url: profilePictureUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe(type);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toMatch(/max-age=31536000/);
    expect(Buffer.compare(served.rawPayload, bytes)).toBe(0);
  });

  it('keeps /api/auth/me small after a 2 MB picture', async () => {
    const admin = await buildAdmin(db());
    const as = await injectAs(t.app, admin);
    const res = await put(as, dataUrl('image/png', image(PNG, PROFILE_PICTURE_MAX_BYTES)));
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const me = await as({ method: 'GET', url: '/api/auth/me' });
    expect(me.statusCode).toBe(200);
    expect(me.body.length).toBeLessThan(4_000);
    expect(me.json().profilePictureUrl).toBe(res.json().profilePictureUrl);
  });

  it.each([
    ['a PNG claimed as a GIF', dataUrl('image/gif', image(PNG))],
    [
      'an SVG claimed as a PNG',
      dataUrl('image/png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')),
    ],
    ['an SVG data URL', dataUrl('image/svg+xml', Buffer.from('<svg/>'))],
    ['text claimed as a JPEG', dataUrl('image/jpeg', Buffer.from('hello, this is text'))],
    ['2 MB + 1 byte', dataUrl('image/png', image(PNG, PROFILE_PICTURE_MAX_BYTES + 1))],
    ['far more than 2 MB', dataUrl('image/png', image(PNG, PROFILE_PICTURE_MAX_BYTES * 2))],
    ['a URL rather than a data URL', 'https://example.com/me.png'],
    ['not a string', 42],
  ])('refuses %s with the spec message and changes nothing', async (_name, body) => {
    const admin = await buildAdmin(db());
    const as = await injectAs(t.app, admin);
    const first = await put(as, dataUrl('image/png', image(PNG)));
    expect(first.statusCode).toBe(200);
    const before = await stored(admin.id);

    const res = await put(as, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PROFILE_PICTURE_FAILED);
    expect(await stored(admin.id)).toEqual(before);
  });

  it('is for admins only; GET needs a signed-in user and 404s without a picture', async () => {
    const crew = await buildCrew(db());
    const asCrew = await injectAs(t.app, crew);
    expect((await put(asCrew, dataUrl('image/png', image(PNG)))).statusCode).toBe(403);
    expect((await stored(crew.id)).picture).toBeUndefined();
    expect(
      (await asCrew({ method: 'GET', url: `/api/users/${crew.id}/profile-picture` })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/users/${crew.id}/profile-picture` }))
        .statusCode,
    ).toBe(401);
  });

  it('DELETE removes the picture and its URL', async () => {
    const admin = await buildAdmin(db());
    const as = await injectAs(t.app, admin);
    const { profilePictureUrl } = (await put(as, dataUrl('image/gif', image(GIF)))).json();
    const res = await as({ method: 'DELETE', url: '/api/users/me/profile-picture' });
    expect(res.statusCode).toBe(204);
    expect(await stored(admin.id)).toMatchObject({
      user: { profilePictureUrl: null },
      picture: undefined,
    });
    expect((await as({ method: 'GET', url: profilePictureUrl })).statusCode).toBe(404);
  });

  it('keeps the 1 MB body limit on every other route', async () => {
    const admin = await buildAdmin(db());
    const as = await injectAs(t.app, admin);
    const res = await as({
      method: 'PUT',
      url: '/api/users/profile',
      payload: { name: 'x'.repeat(1024 * 1024 + 10) },
    });
    expect(res.statusCode).toBe(413);
  });
});
