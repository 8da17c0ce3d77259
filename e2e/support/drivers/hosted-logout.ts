import type { Page } from 'playwright-core';

/**
 * Answers the hosted login's logout with 204 No Content, so the browser stays on the app's own
 * /logout address for the step's check (a 204 to a navigation leaves the page as it is), where the
 * real logout would already have left the app. Returns the logout addresses the app asked for.
 */
export async function holdHostedLogout(page: Page): Promise<string[]> {
  const asked: string[] = [];
  await page.route(
    (url) => url.pathname === '/auth/logout',
    (route) => {
      asked.push(route.request().url());
      return route.fulfill({ status: 204 });
    },
  );
  return asked;
}
