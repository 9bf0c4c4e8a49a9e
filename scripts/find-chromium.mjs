import { existsSync } from 'node:fs';

/** Debian's Chromium (npm-bundled browsers cannot download here). */
export function findChromium() {
  const candidates = [process.env.CHROME_PATH, '/usr/lib/chromium/chromium', '/usr/bin/chromium'];
  return candidates.find((p) => p && existsSync(p)) ?? null;
}

/**
 * Debian's old headless shell (package chromium-headless-shell), for the journeys: the same Blink
 * and V8 as Chromium without the browser's UI layer, which Playwright also runs by default. On the
 * 2-core machine a clean-clone run's journeys took 497-525 s in it, 680 s in Chromium
 * (docs/testing.md). Null when it is not installed: the journeys then use Chromium.
 */
export function findHeadlessShell() {
  const candidates = [
    process.env.HEADLESS_SHELL_PATH,
    '/usr/lib/chromium/chromium-headless-shell',
    '/usr/bin/chromium-headless-shell',
  ];
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
