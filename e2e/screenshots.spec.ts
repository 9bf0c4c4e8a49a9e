import { expect, test } from './fixtures';
import { DESK, PHONE, SCREENS } from './helpers/screens';

/**
 * Issue 18 item 7: the screens that look the same on every run (a visitor's: no names, dates or
 * clocks) compared pixel by pixel with their committed pictures at both sizes, so a change of
 * layout shows as a failing test with a diff. Signed-in screens are not compared: their members,
 * flights and GMT clocks differ on every run (layout.spec.ts checks their geometry instead).
 * Refresh after an intended change: `npx playwright test e2e/screenshots.spec.ts --update-snapshots`.
 */
const STABLE = ['landing', 'sign-in', 'guide'];

for (const [label, size] of [
  ['phone', PHONE],
  ['desk', DESK],
] as const) {
  test.describe(`${label} ${size.width}x${size.height}`, () => {
    test.use({ viewport: size });
    for (const screen of SCREENS.filter((s) => STABLE.includes(s.name))) {
      test(`${screen.name} looks as committed`, async ({ page }) => {
        await page.goto(screen.path({} as never));
        await expect(screen.ready(page)).toBeVisible();
        // Web fonts (if any) settled before the picture is taken.
        await page.evaluate(() => document.fonts.ready);
        await expect(page).toHaveScreenshot(`${screen.name}-${label}.png`, {
          fullPage: true,
          animations: 'disabled',
          caret: 'hide',
          // Anti-aliasing may differ by a few pixels between runs; a layout change moves thousands.
          maxDiffPixelRatio: 0.005,
          // Nothing on these screens changes from run to run; a toast would (none is expected).
          mask: [page.locator('[data-sonner-toaster]')],
        });
      });
    }
  });
}
