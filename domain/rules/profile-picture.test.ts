import { describe, expect, it } from 'vitest';
import { PROFILE_PICTURE_MAX_BYTES } from '../constants';
import { PROFILE_PICTURE_FAILED } from '../schemas/admin-platform';
import { checkProfilePicture, imageTypeOf } from './profile-picture';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0];
const JPEG = [0xff, 0xd8, 0xff, 0xe0, 0, 0x10];
const GIF = [...'GIF89a'].map((c) => c.charCodeAt(0));
const bytes = (list: number[], size = list.length) => {
  const out = new Uint8Array(size);
  out.set(list);
  return out;
};
const refused = { ok: false, reason: PROFILE_PICTURE_FAILED };

describe('imageTypeOf', () => {
  it('knows JPEG, PNG and both GIF versions by their first bytes', () => {
    expect(imageTypeOf(bytes(JPEG))).toBe('image/jpeg');
    expect(imageTypeOf(bytes(PNG))).toBe('image/png');
    expect(imageTypeOf(bytes(GIF))).toBe('image/gif');
    expect(imageTypeOf(bytes([...'GIF87a'].map((c) => c.charCodeAt(0))))).toBe('image/gif');
  });

  it('knows nothing else: SVG, HTML, text, a truncated signature', () => {
    const text = (s: string) => new TextEncoder().encode(s);
    expect(imageTypeOf(text('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(imageTypeOf(text('<html><script>alert(1)</script>'))).toBeNull();
    expect(imageTypeOf(text('GIF88a'))).toBeNull();
    expect(imageTypeOf(bytes(PNG.slice(0, 7)))).toBeNull();
    expect(imageTypeOf(new Uint8Array())).toBeNull();
  });
});

describe('checkProfilePicture', () => {
  it('allows each type when the claim matches the bytes', () => {
    expect(checkProfilePicture('image/png', bytes(PNG))).toEqual({
      ok: true,
      contentType: 'image/png',
    });
    expect(checkProfilePicture('image/jpeg', bytes(JPEG)).ok).toBe(true);
    expect(checkProfilePicture('image/gif', bytes(GIF)).ok).toBe(true);
  });

  it('refuses a claim that disagrees with the bytes', () => {
    expect(checkProfilePicture('image/gif', bytes(PNG))).toEqual(refused);
    expect(checkProfilePicture('image/svg+xml', bytes(PNG))).toEqual(refused);
  });

  it('allows exactly 2 MB and refuses one byte more', () => {
    expect(checkProfilePicture('image/png', bytes(PNG, PROFILE_PICTURE_MAX_BYTES)).ok).toBe(true);
    expect(checkProfilePicture('image/png', bytes(PNG, PROFILE_PICTURE_MAX_BYTES + 1))).toEqual(
      refused,
    );
  });
});
