import type { Page } from 'playwright-core';
import type { UiSurface } from '../../../tests/support/ui/ui-surface';
import { browserSurface } from '../browser-surface';

/**
 * React reveals a page that suspended no sooner than this after its fallback showed (its Suspense
 * throttle, timed on the page's clock).
 */
const SUSPENSE_THROTTLE_MS = 300;

/**
 * The browser surface for a page whose clock is paused (`page.clock.pauseAt`): settling also runs
 * the timers already due (TanStack Query tells its observers on a setTimeout of 0), without moving
 * time, as the jsdom layer's settle does with its fake clock. While a page's chunk is on its way
 * (the route's fallback is on screen), it lets React's Suspense throttle pass too: the jsdom layer
 * has every page preloaded instead, which a paused page cannot do.
 */
export function clockedSurface(page: Page): UiSurface {
  const ui = browserSurface(page);
  return {
    ...ui,
    // A replay shares two cores with the app's server: allow ~10 s before calling a screen wrong.
    attempts: 150,
    async settle() {
      await page.waitForTimeout(25);
      const chunkOnItsWay = (await page.locator('.route-loading').count()) > 0;
      await page.clock.runFor(chunkOnItsWay ? SUSPENSE_THROTTLE_MS : 0);
    },
  };
}

/** Installs the page's clock at `now` and pauses it there before the app loads. */
export async function pauseClockAt(page: Page, now: number): Promise<void> {
  // Installed a little earlier, so pausing is a (short) move forward, never into the past.
  await page.clock.install({ time: now - 1000 });
  await page.clock.pauseAt(now);
}

/**
 * Pauses the page's clock `aheadMs` after the page's present time. On a busy machine that instant
 * may have passed before the pause reaches the page ("cannot fast-forward to the past"): the time
 * is read again and the pause retried.
 */
export async function pauseSoon(page: Page, aheadMs: number): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + aheadMs);
      return;
    } catch (error) {
      if (attempt >= 5 || !String(error).includes('to the past')) throw error;
    }
  }
}
