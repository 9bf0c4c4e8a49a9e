import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32Append, crc32Shift } from './crc32-combine';

describe('crc32 of a concatenation from its parts', () => {
  it.each([0, 1, 7, 8, 255, 9_000, 65_537])(
    'matches zlib.crc32 with a %i-byte second part',
    (n) => {
      const a = randomBytes(1_000);
      const b = randomBytes(n);
      const whole = zlib.crc32(Buffer.concat([a, b]));
      expect(crc32Append(zlib.crc32(a), crc32Shift(n), zlib.crc32(b))).toBe(whole);
    },
  );

  it('folds many parts left to right', () => {
    const parts = [5, 9_000, 3, 9_001, 0, 42].map((n) => randomBytes(n));
    let crc = zlib.crc32(parts[0]!);
    for (const part of parts.slice(1))
      crc = crc32Append(crc, crc32Shift(part.length), zlib.crc32(part));
    expect(crc).toBe(zlib.crc32(Buffer.concat(parts)));
  });
});
