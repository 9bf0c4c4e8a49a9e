import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { checkProfilePicture, PROFILE_PICTURE_FAILED } from '../../../domain';
import { profilePictures, type UserRow, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { badRequest, enforce, notFound } from '../../lib/errors';

/** The short, versioned URL kept on the user: a new picture is a new URL, so caches never lie. */
export const profilePictureUrl = (userId: number, hash: string) =>
  `/api/users/${userId}/profile-picture?v=${hash}`;

const DATA_URL = /^data:([^;,]+);base64,(.*)$/s;

/**
 * The admin's profile picture (accounts spec §6). The bytes live in profile_pictures; the user
 * row carries only their URL, so /api/auth/me stays small however large the picture.
 */
export function createProfilePictureService(deps: AppDeps) {
  const { db } = deps.database;

  /** PUT /api/users/me/profile-picture: the schema already checked the data URL's form. */
  async function update(viewer: UserRow, dataUrl: string) {
    const match = DATA_URL.exec(dataUrl);
    if (!match) throw badRequest(PROFILE_PICTURE_FAILED);
    const bytes = Buffer.from(match[2]!, 'base64');
    const check = checkProfilePicture(match[1]!, bytes);
    enforce(check, badRequest);
    const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
    const url = profilePictureUrl(viewer.id, hash);
    const now = deps.clock.now();
    await db.transaction(async (tx) => {
      const row = { contentType: check.contentType, bytes, hash, updatedAt: now };
      await tx
        .insert(profilePictures)
        .values({ userId: viewer.id, ...row })
        .onConflictDoUpdate({ target: profilePictures.userId, set: row });
      await tx.update(users).set({ profilePictureUrl: url }).where(eq(users.id, viewer.id));
    });
    return { profilePictureUrl: url };
  }

  /** GET /api/users/:id/profile-picture. */
  async function read(userId: number) {
    const [picture] = await db
      .select()
      .from(profilePictures)
      .where(eq(profilePictures.userId, userId));
    if (!picture) throw notFound('No profile picture');
    return picture;
  }

  /** DELETE /api/users/me/profile-picture. */
  async function remove(viewer: UserRow) {
    await db.transaction(async (tx) => {
      await tx.delete(profilePictures).where(eq(profilePictures.userId, viewer.id));
      await tx.update(users).set({ profilePictureUrl: null }).where(eq(users.id, viewer.id));
    });
  }

  return { update, read, remove };
}
