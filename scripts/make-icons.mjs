// Renders the app's mark (Lucide's plane, white on the brand blue: the landing page's logo) to
// the PNG icons the manifest and iOS need. Run once after changing the mark, then commit the
// PNGs: `node scripts/make-icons.mjs`. Chromium draws the SVG, so no image library is needed.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { findChromium } from './find-chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'web', 'public', 'icons');
const BRAND = '#0b4fc4'; // --color-brand-600 (web/src/index.css)
const PLANE =
  'M17.8 19.2 16 11l3.5-3.5C21 6 21.5 4 21 3c-1-.5-3 0-4.5 1.5L13 8 4.8 6.2c-.5-.1-.9.1-1.1.5l-.3.5c-.2.5-.1 1 .3 1.3L9 12l-2 3H4l-1 1 3 2 2 3 1-1v-3l3-2 3.5 5.3c.3.4.8.5 1.3.3l.5-.2c.4-.3.6-.7.5-1.2z';

/**
 * `inset` is the share of the side the plane leaves empty on each edge. A maskable icon is
 * full-bleed (no rounded corners: the launcher masks it) and keeps the plane inside the
 * central 80% safe zone; the others have rounded corners like the landing's badge.
 */
function mark({ size, maskable }) {
  const radius = maskable ? 0 : size * 0.22;
  const inset = maskable ? 0.28 : 0.2;
  const plane = size * (1 - 2 * inset);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <title>Jumpseat</title>
  <rect width="${size}" height="${size}" rx="${radius}" fill="${BRAND}"/>
  <g transform="translate(${size * inset} ${size * inset}) scale(${plane / 24})">
    <path d="${PLANE}" fill="none" stroke="#ffffff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/>
  </g>
</svg>`;
}

const ICONS = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
  // iOS ignores the manifest's icons and rounds this one itself: full-bleed as well.
  { file: 'apple-touch-icon.png', size: 180, maskable: true },
];

const browser = await chromium.launch({
  executablePath: findChromium() ?? undefined,
  args: ['--no-sandbox'],
});
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({
      viewport: { width: icon.size, height: icon.size },
      deviceScaleFactor: 1,
    });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${mark(icon)}</body></html>`,
    );
    const png = await page.locator('svg').screenshot({ omitBackground: true });
    writeFileSync(path.join(out, icon.file), png);
    await page.close();
  }
  writeFileSync(path.join(out, 'icon.svg'), `${mark({ size: 512, maskable: false })}\n`);
  console.log(`icons written to ${path.relative(root, out)}`);
} finally {
  await browser.close();
}
