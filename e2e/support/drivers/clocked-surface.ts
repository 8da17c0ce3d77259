import type { Page } from 'playwright-core';
import type { UiSurface } from '../../../tests/support/ui/ui-surface';
import { browserSurface } from '../browser-surface';

/**
 * The browser surface for a page whose clock is paused (`page.clock.pauseAt`): settling also runs
 * the timers already due (TanStack Query tells its observers on a setTimeout of 0), without moving
 * time, as the jsdom layer's settle does with its fake clock.
 */
export function clockedSurface(page: Page): UiSurface {
  const ui = browserSurface(page);
  return {
    ...ui,
    async settle() {
      await page.waitForTimeout(25);
      await page.clock.runFor(0);
    },
  };
}

/** Installs the page's clock at `now` and pauses it there before the app loads. */
export async function pauseClockAt(page: Page, now: number): Promise<void> {
  // Installed a little earlier, so pausing is a (short) move forward, never into the past.
  await page.clock.install({ time: now - 1000 });
  await page.clock.pauseAt(now);
}
