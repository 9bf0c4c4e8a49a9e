// @ts-expect-error plain ESM helper shared with scripts/test.mjs
import { findChromium, findHeadlessShell, QUIET_BROWSER_UI } from '../scripts/find-chromium.mjs';

const args = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  QUIET_BROWSER_UI,
];

/**
 * The journeys' browser: Debian's headless shell when installed (a fifth less CPU per journey,
 * docs/testing.md), else Chromium.
 */
export const journeyLaunchOptions = {
  executablePath: (findHeadlessShell() ?? findChromium()) || undefined,
  args,
};

/**
 * Chromium itself, for a journey that asks the browser what only the full one answers as a
 * member's would: the headless shell reports notification permission as 'denied' from the start,
 * so no prompt to enable notifications would ever show.
 */
export const fullChromiumLaunchOptions = {
  executablePath: findChromium() || undefined,
  args,
};
