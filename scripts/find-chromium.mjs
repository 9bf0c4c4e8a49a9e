import { existsSync } from 'node:fs';

/** Debian's Chromium (npm-bundled browsers cannot download here). */
export function findChromium() {
  const candidates = [process.env.CHROME_PATH, '/usr/lib/chromium/chromium', '/usr/bin/chromium'];
  return candidates.find((p) => p && existsSync(p)) ?? null;
}

/**
 * Turns off browser UI that no test or measurement uses but that costs a renderer per window:
 * Chromium 156's omnibox popup is a WebUI page each new window preloads in a process of its
 * own. Measured on two journey files (16 journeys): a quarter of the run's CPU went to it
 * (116 -> 86 CPU s, 72 -> 60 s wall without it), and during a Lighthouse run it is a neighbour
 * competing with the page for the CPU.
 */
export const QUIET_BROWSER_UI =
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup';
