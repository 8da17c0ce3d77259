import type { Page } from '@playwright/test';

/** A stage's column on /sales. */
export const column = (page: Page, stage: string) => page.getByRole('region', { name: stage, exact: true });

/** A deal's card, wherever it is on the board. */
export const dealCard = (page: Page, title: string) =>
  page.getByRole('article', { name: title, exact: true });
