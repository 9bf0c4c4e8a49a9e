import { existsSync } from 'node:fs';

/** Debian's Chromium (npm-bundled browsers cannot download here). */
export function findChromium() {
  const candidates = [process.env.CHROME_PATH, '/usr/lib/chromium/chromium', '/usr/bin/chromium'];
  return candidates.find((p) => p && existsSync(p)) ?? null;
}
