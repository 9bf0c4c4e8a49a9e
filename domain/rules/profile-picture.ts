import { PROFILE_PICTURE_MAX_BYTES } from '../constants';
import { PROFILE_PICTURE_FAILED } from '../schemas/admin-platform';

/** The picture types the spec allows (JPG, PNG or GIF). */
export const PROFILE_PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;
export type ProfilePictureType = (typeof PROFILE_PICTURE_TYPES)[number];

const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);

/**
 * What the bytes really are, by their magic numbers: a data URL's claimed type is the client's
 * word, and a browser sniffing an "image" that is really HTML or SVG is how pictures turn into
 * scripts. Null for anything that is not a JPEG, PNG or GIF.
 */
export function imageTypeOf(bytes: Uint8Array): ProfilePictureType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  // "GIF87a" or "GIF89a".
  if (
    startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) &&
    (bytes[4] === 0x37 || bytes[4] === 0x39) &&
    bytes[5] === 0x61
  ) {
    return 'image/gif';
  }
  return null;
}

/**
 * May these bytes, claimed as `claimedType`, be a profile picture? Allowed only when the bytes are
 * a JPEG, PNG or GIF, the claim names that same type, and there are at most 2 MB of them. Every
 * refusal is the spec's one picture message.
 */
export function checkProfilePicture(
  claimedType: string,
  bytes: Uint8Array,
): { ok: true; contentType: ProfilePictureType } | { ok: false; reason: string } {
  const actual = imageTypeOf(bytes);
  if (bytes.length === 0 || bytes.length > PROFILE_PICTURE_MAX_BYTES || actual !== claimedType) {
    return { ok: false, reason: PROFILE_PICTURE_FAILED };
  }
  return { ok: true, contentType: actual };
}
