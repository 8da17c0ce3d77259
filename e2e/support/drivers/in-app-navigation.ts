import type { Page } from 'playwright-core';

/**
 * Goes to `url` inside the running app, as a link does (history.pushState, which the router hears),
 * so the app and its charts keep running; `page.goto` would load the app afresh.
 */
export async function navigateInApp(page: Page, url: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
}
