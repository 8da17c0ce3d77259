import type { Page } from 'playwright-core';

/**
 * Holds the hosted login's logout (never answered): the app's own /logout address stays in the
 * address bar for the step's check, where the real logout would already have left the app.
 */
export async function holdHostedLogout(page: Page): Promise<string[]> {
  const asked: string[] = [];
  await page.route(
    (url) => url.pathname === '/auth/logout',
    (route) => {
      asked.push(route.request().url());
    },
  );
  return asked;
}
