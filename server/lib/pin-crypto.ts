import {
  createCipheriv,
  createDecipheriv,
  createHash,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';

/**
 * PINs are encrypted, not hashed: the spec lets admins see a member's PIN. AES-256-GCM under a
 * key derived from APP_SECRET, so a database dump alone reveals nothing.
 */
export type PinCipher = {
  encrypt(pin: string): string;
  decrypt(stored: string): string;
  matches(stored: string | null | undefined, candidate: string): boolean;
};

export function createPinCipher(appSecret: string): PinCipher {
  const key = createHash('sha256').update(`jumpseat:pin:${appSecret}`).digest();
  return {
    encrypt(pin) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const ct = Buffer.concat([cipher.update(pin, 'utf8'), cipher.final()]);
      return [
        'v1',
        iv.toString('base64'),
        cipher.getAuthTag().toString('base64'),
        ct.toString('base64'),
      ].join(':');
    },
    decrypt(stored) {
      const [version, iv, tag, ct] = stored.split(':');
      if (version !== 'v1' || !iv || !tag || !ct) throw new Error('unknown PIN format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(ct, 'base64')), decipher.final()]).toString(
        'utf8',
      );
    },
    matches(stored, candidate) {
      if (!stored) return false;
      let actual: string;
      try {
        actual = this.decrypt(stored);
      } catch {
        return false;
      }
      const a = Buffer.from(actual.padEnd(8));
      const b = Buffer.from(candidate.padEnd(8).slice(0, 8));
      return a.length === b.length && timingSafeEqual(a, b) && actual === candidate;
    },
  };
}

/** Admin-generated PINs are 1000-9999 (spec §9). */
export function generatePin(): string {
  return String(randomInt(1000, 10000));
}
