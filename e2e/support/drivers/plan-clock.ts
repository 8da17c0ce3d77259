import type { Page } from 'playwright-core';

/**
 * The plans turn local dates and times into instants in this process's time zone; the page may
 * live in another (the replay's browser is in São Paulo). These keep the wall clock the same on
 * both sides: what the plan calls 13:20 on 15 Jan is 13:20 on 15 Jan on the page.
 */

type Wall = [number, number, number, number, number, number, number];

function wallOf(instant: number): Wall {
  const d = new Date(instant);
  return [
    d.getFullYear(),
    d.getMonth(),
    d.getDate(),
    d.getHours(),
    d.getMinutes(),
    d.getSeconds(),
    d.getMilliseconds(),
  ];
}

/** The page's instant for the plan's `instant` (same wall clock, the page's time zone). */
export function pageInstant(page: Page, instant: number | string): Promise<number> {
  const ms = typeof instant === 'string' ? Date.parse(instant) : instant;
  return page.evaluate((w) => new Date(w[0], w[1], w[2], w[3], w[4], w[5], w[6]).getTime(), wallOf(ms));
}

/** The page's ISO text for a plan's ISO instant. */
export async function pageIso(page: Page, iso: string): Promise<string> {
  return new Date(await pageInstant(page, iso)).toISOString();
}

/** The page's clock fixed at the plan's `now` (same wall clock), its timers running. */
export async function fixPlanClock(page: Page, now: number): Promise<void> {
  await page.clock.setFixedTime(await pageInstant(page, now));
}
